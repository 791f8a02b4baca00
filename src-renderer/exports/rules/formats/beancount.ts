import type { LocationNames } from '../../../format/location-label'
import type { JournalEntry } from '../journal-entry'
import type { Batches, OutputChunk } from './output'
import { commodityAmount, entryTags, writeTransactions, type PlainTextAccounts } from './plain-text'

/**
 * A beancount file: `2026-11-20 * "payee" "narration"` with the entry's ids as metadata, every
 * amount with its commodity, and an `open` directive for each account before its first use.
 * Opens are dated `openDate` (beancount sorts them before any posting of that date or later);
 * leave them out to include the file in a ledger that opens the accounts already.
 *
 * Every file to a destination is meant to be included beside the earlier ones, and beancount
 * refuses an account opened twice: so a file opens only the accounts none of the destination's
 * earlier files opened (`opened`, kept in the batch's options so *Download again* writes the same
 * bytes). Opens stay dated `openDate`, before every entry: a file's entries are not in date order
 * (bills, then summaries, expenses and counts), so the first entry's date is not known when the
 * first open is written, and one date before them all is the date that always holds.
 *
 * Text reaches the file one line at a time (entry-text.ts). In a string only `"` and `\` are
 * syntax (beancount reads `\n`, `\t` and `\"` as escapes), so both are escaped and the string
 * reads back exactly; a memo is a `;` comment, which beancount never reads.
 */

export interface BeancountOptions {
  openAccounts: boolean
  openDate: string
  /** Accounts the destination's earlier files opened, not opened again. */
  opened?: readonly string[]
  /** The locations' names, each `location_name` metadata beside `location_id`. */
  locationLabels?: LocationNames
}

/** Told each account a file opens, as it opens it. */
export type OnAccountOpened = (name: string) => void

export const BEANCOUNT_DEFAULTS: BeancountOptions = { openAccounts: true, openDate: '1970-01-01' }

function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

function transaction(
  entry: JournalEntry,
  accounts: PlainTextAccounts,
  options: BeancountOptions,
  opensNew: (name: string) => boolean,
): string {
  let opens = ''
  let postings = ''
  for (const line of entry.lines) {
    const { name, first } = accounts.name(line.account)
    if (first && opensNew(name)) opens += `${options.openDate} open ${name}\n`
    postings += `  ${name}  ${commodityAmount(line.amount, entry.currency)} ; ${line.memo}\n`
  }
  const payee = entry.payee === null ? '' : `${quoted(entry.payee)} `
  const metadata = entryTags(entry, options.locationLabels)
    .map(([key, value]) => `  ${key}: ${quoted(value)}\n`)
    .join('')
  const head = `${entry.date} * ${payee}${quoted(entry.description)}\n`
  return `${opens}${opens === '' ? '' : '\n'}${head}${metadata}${postings}\n`
}

export function writeBeancount(
  entries: Batches<JournalEntry>,
  options: BeancountOptions,
  onOpened?: OnAccountOpened,
): AsyncGenerator<OutputChunk> {
  const earlier = new Set(options.opened)
  const opensNew = (name: string) => {
    if (!options.openAccounts || earlier.has(name)) return false
    onOpened?.(name)
    return true
  }
  return writeTransactions(entries, (entry, accounts) =>
    transaction(entry, accounts, options, opensNew),
  )
}
