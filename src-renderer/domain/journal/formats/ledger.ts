import type { JournalEntry } from '../journal-entry'
import type { Batches, OutputChunk } from './output'
import {
  commodityAmount,
  entryTags,
  oneLine,
  writeTransactions,
  type PlainTextAccounts,
} from './plain-text'

/**
 * A journal both hledger and ledger read: the entry's ids as `key: value` tags on comment lines
 * of their own (each tool parses one tag a line alike), and a `commodity`, `tag` and `account`
 * declaration before the first use of each, so `hledger check --strict` and `ledger --strict`
 * pass (`commodity USD`, without a sample amount: the one form both tools read alike).
 * A description stops at a `;` in hledger, so it has none.
 */

function transaction(entry: JournalEntry, accounts: PlainTextAccounts): string {
  const tags = entryTags(entry)
  let declarations = accounts.firstUse('commodity', entry.currency)
    ? `commodity ${entry.currency}\n`
    : ''
  for (const [key] of tags) if (accounts.firstUse('tag', key)) declarations += `tag ${key}\n`
  let postings = ''
  for (const line of entry.lines) {
    const { name, first } = accounts.name(line.account)
    if (first) declarations += `account ${name}\n`
    postings += `    ${name}  ${commodityAmount(line.amount, entry.currency)}  ; ${oneLine(line.memo)}\n`
  }
  const description = oneLine(
    entry.payee === null ? entry.description : `${entry.payee} | ${entry.description}`,
  ).replaceAll(';', ',')
  const tagLines = tags.map(([key, value]) => `    ; ${key}: ${oneLine(value)}\n`).join('')
  const head = `${entry.date} * ${description}\n`
  return `${declarations}${declarations === '' ? '' : '\n'}${head}${tagLines}${postings}\n`
}

export function writeLedgerJournal(entries: Batches<JournalEntry>): AsyncGenerator<OutputChunk> {
  return writeTransactions(entries, transaction)
}
