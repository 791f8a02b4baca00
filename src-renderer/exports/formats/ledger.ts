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
 * of their own (each tool parses one tag a line alike), an `account` declaration before an
 * account's first use, and no commodity directives (the two tools disagree on their syntax).
 * A description stops at a `;` in hledger, so it has none.
 */

function transaction(entry: JournalEntry, accounts: PlainTextAccounts): string {
  let declarations = ''
  let postings = ''
  for (const line of entry.lines) {
    const { name, first } = accounts.name(line.account)
    if (first) declarations += `account ${name}\n`
    postings += `    ${name}  ${commodityAmount(line.amount, entry.currency)}  ; ${oneLine(line.memo)}\n`
  }
  const description = oneLine(
    entry.payee === null ? entry.description : `${entry.payee} | ${entry.description}`,
  ).replaceAll(';', ',')
  const tags = entryTags(entry)
    .map(([key, value]) => `    ; ${key}: ${oneLine(value)}\n`)
    .join('')
  const head = `${entry.date} * ${description}\n`
  return `${declarations}${declarations === '' ? '' : '\n'}${head}${tags}${postings}\n`
}

export function writeLedgerJournal(entries: Batches<JournalEntry>): AsyncGenerator<OutputChunk> {
  return writeTransactions(entries, transaction)
}
