import type { JournalEntry } from '../journal-entry'
import { csvHead, encodeRow, money, type CsvCell } from './csv'
import { formatDate } from './dates'
import { locationLabel, type LocationNames } from '../../cache/location-names'
import type { Batches, OutputChunk } from './output'

/**
 * Xero's manual journal import, as its help describes the template ("Enter multiple manual
 * journals using an import template"): rows with the same Narration and Date form one journal,
 * so the narration carries the entry id; Date as dd/mm/yyyy or dd mmm yyyy; AccountCode the
 * account's code; TaxRate mandatory on every row, "the full tax rate name as it appears in your
 * tax settings"; Amount positive for a debit, negative for a credit; at most 300 lines a file, so
 * the export is split into numbered parts, never inside an entry.
 *
 * Every row carries the organisation's no-tax rate (`taxRate`): Till posts each bill's tax
 * itself, to its own tax account, exact to the minor unit. A taxable rate on a line would have
 * Xero work out tax on that line's amount and post it to Xero's own tax account (third-party
 * guides for Xero's and QuickBooks' journal imports describe it so), which would count the tax
 * twice and, Xero rounding per line, unbalance the journal.
 */

export interface XeroOptions {
  dateFormat: 'DD/MM/YYYY' | 'DD MMM YYYY'
  /** The organisation's no-tax rate, by its full name in Xero ("Tax Exempt", "No GST", …). */
  taxRate: string
  trackingName: string
  /** The locations' names, each its tracking option; an unnamed one is "Location <id>". */
  locationLabels: LocationNames
  maxLinesPerFile: number
}

export const XERO_DEFAULTS: XeroOptions = {
  dateFormat: 'DD MMM YYYY',
  taxRate: 'Tax Exempt',
  trackingName: 'Location',
  locationLabels: {},
  maxLinesPerFile: 300,
}

const HEADERS = [
  'Narration',
  'Date',
  'Description',
  'AccountCode',
  'TaxRate',
  'Amount',
  'TrackingName1',
  'TrackingOption1',
]

export class XeroEntryTooLargeError extends Error {
  override name = 'XeroEntryTooLargeError'
}

function entryRows(entry: JournalEntry, options: XeroOptions): string {
  const narration = `${entry.description} [${entry.id}]`
  const date = formatDate(entry.date, options.dateFormat)
  const tracking = locationLabel(entry.locationId, options.locationLabels)
  let text = ''
  for (const line of entry.lines) {
    const cells: CsvCell[] = [
      narration,
      date,
      line.memo,
      line.account.code,
      options.taxRate,
      money(line.amount, entry.currency),
      options.trackingName,
      tracking,
    ]
    text += encodeRow(cells)
  }
  return text
}

export async function* writeXeroJournal(
  entries: Batches<JournalEntry>,
  options: XeroOptions,
): AsyncGenerator<OutputChunk> {
  let part = 1
  let linesInPart = 0
  let text = csvHead(HEADERS)
  for await (const batch of entries) {
    for (const entry of batch) {
      const count = entry.lines.length
      if (count === 0) continue
      if (count > options.maxLinesPerFile)
        throw new XeroEntryTooLargeError(
          `${entry.id} has ${count} lines; a Xero file takes ${options.maxLinesPerFile}`,
        )
      if (linesInPart + count > options.maxLinesPerFile) {
        if (text !== '') yield { part, text }
        part += 1
        linesInPart = 0
        text = csvHead(HEADERS)
      }
      text += entryRows(entry, options)
      linesInPart += count
    }
    if (text !== '') yield { part, text }
    text = ''
  }
  if (text !== '') yield { part, text }
}
