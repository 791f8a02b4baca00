import type { LocationNames } from '../../../format/location-label'
import type { JournalEntry } from '../journal-entry'
import type { Batches, OutputChunk } from './output'
import { commodityAmount, entryTags, writeTransactions, type PlainTextAccounts } from './plain-text'

/**
 * A journal both hledger and ledger read: the entry's ids as `key: value` tags on comment lines
 * of their own (each tool parses one tag a line alike), and a `commodity`, `tag` and `account`
 * declaration before the first use of each, so `hledger check --strict` and `ledger --strict`
 * pass (`commodity USD`, without a sample amount: the one form both tools read alike).
 *
 * Text reaches the file one line at a time (entry-text.ts) and is made inert here, for the
 * place it stands in:
 * - the description: `;` would start a comment, `|` would end hledger's payee, and a leading `(`
 *   would open a transaction code, so they become `,`, `¦` and `（`;
 * - a comment (a line's memo): a word ending in `:` is a tag to both tools (hledger's `date:`
 *   dates the posting, ledger's `Payee:` names its payee, `key::` is an expression ledger
 *   evaluates, `:a:b:` are tags) and `[date]` dates a posting, so `:` becomes `∶` and brackets
 *   parentheses: nothing in a memo is ever syntax;
 * - a tag's value (an id, a location's name): hledger ends it at a comma and both read `[date]` anywhere in a
 *   comment, so `%`, `,`, `[` and `]` are percent-encoded and every id stays tellable apart.
 */

export interface LedgerOptions {
  /** The locations' names, each a `location_name` tag beside `location_id`. */
  locationLabels?: LocationNames
}

const DESCRIPTION_SYNTAX: Record<string, string> = { ';': ',', '|': '¦' }
const COMMENT_SYNTAX: Record<string, string> = { ':': '∶', '[': '(', ']': ')' }

/** `payee | description`, or the description alone. */
function descriptionLine(entry: JournalEntry): string {
  const parts = entry.payee === null ? [entry.description] : [entry.payee, entry.description]
  return parts
    .map((part) => part.replace(/[;|]/g, (c) => DESCRIPTION_SYNTAX[c] ?? c))
    .join(' | ')
    .replace(/^\(/, '（')
}

function commentText(text: string): string {
  return text.replace(/[:[\]]/g, (c) => COMMENT_SYNTAX[c] ?? c)
}

function tagValue(text: string): string {
  return text.replace(/[%,[\]]/g, encodeURIComponent)
}

function transaction(
  entry: JournalEntry,
  accounts: PlainTextAccounts,
  options: LedgerOptions,
): string {
  const tags = entryTags(entry, options.locationLabels)
  let declarations = accounts.firstUse('commodity', entry.currency)
    ? `commodity ${entry.currency}\n`
    : ''
  for (const [key] of tags) if (accounts.firstUse('tag', key)) declarations += `tag ${key}\n`
  let postings = ''
  for (const line of entry.lines) {
    const { name, first } = accounts.name(line.account)
    if (first) declarations += `account ${name}\n`
    postings += `    ${name}  ${commodityAmount(line.amount, entry.currency)}  ; ${commentText(line.memo)}\n`
  }
  const tagLines = tags.map(([key, value]) => `    ; ${key}: ${tagValue(value)}\n`).join('')
  const head = `${entry.date} * ${descriptionLine(entry)}\n`
  return `${declarations}${declarations === '' ? '' : '\n'}${head}${tagLines}${postings}\n`
}

export function writeLedgerJournal(
  entries: Batches<JournalEntry>,
  options: LedgerOptions = {},
): AsyncGenerator<OutputChunk> {
  return writeTransactions(entries, (entry, accounts) => transaction(entry, accounts, options))
}
