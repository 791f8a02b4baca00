import type { JournalEntry } from '../journal-entry'
import type { Batches, OutputChunk } from './output'
import { commodityAmount, oneLine, PlainTextAccounts } from './plain-text'

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
  const tags = [
    ['entry_id', entry.id],
    ['bill_id', entry.billId],
    ['register_session_id', entry.registerSessionId],
    ['location_id', entry.locationId],
  ]
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([key, value]) => `    ; ${key}: ${oneLine(value)}\n`)
    .join('')
  const head = `${entry.date} * ${description}\n`
  return `${declarations}${declarations === '' ? '' : '\n'}${head}${tags}${postings}\n`
}

export async function* writeLedgerJournal(
  entries: Batches<JournalEntry>,
): AsyncGenerator<OutputChunk> {
  const accounts = new PlainTextAccounts()
  for await (const batch of entries) {
    let text = ''
    for (const entry of batch) if (entry.lines.length > 0) text += transaction(entry, accounts)
    if (text !== '') yield { part: 1, text }
  }
}
