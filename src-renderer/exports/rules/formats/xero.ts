import type { RoleKey, XeroTaxRate } from '../accounts'
import type { JournalEntry } from '../journal-entry'
import { currencyExponent } from '../../../../src-shared/domain/money'
import { csvHead, encodeRow, money, type CsvCell } from './csv'
import { formatDate } from './dates'
import { boundedEntry, locationNameText } from './entry-text'
import type { LocationNames } from '../../../format/location-label'
import type { Batches, OutputChunk } from './output'
import { xeroTaxLines, type XeroLine } from './xero-tax'

/**
 * Xero's manual journal import, as its help describes the template ("Enter multiple manual
 * journals using an import template"): rows with the same Narration and Date form one journal,
 * so the narration carries the entry id; Date as dd/mm/yyyy or dd mmm yyyy; AccountCode the
 * account's code; TaxRate mandatory on every row, "the full tax rate name as it appears in your
 * tax settings"; Amount positive for a debit, negative for a credit; at most 300 lines a file, so
 * the export is split into numbered parts, never inside an entry.
 *
 * A row carries the organisation's no-tax rate (`taxRate`), and Till posts each tax itself, to
 * its own tax account, exact to the minor unit; a taxable rate on such a row would have Xero work
 * out tax on its amount and post it again. A tax given a Xero tax rate in Account mapping
 * (`taxRates`) is instead written as a taxed, tax-exclusive line that Xero computes the same tax
 * from (xero-tax.ts), so Xero's tax reports see it.
 */

export interface XeroOptions {
  dateFormat: 'DD/MM/YYYY' | 'DD MMM YYYY'
  /** The organisation's no-tax rate, by its full name in Xero ("Tax Exempt", "No GST", …). */
  taxRate: string
  /**
   * Per tax role key, the Xero tax rate it reports under (Account mapping); absent from the
   * targets of batches exported before there were any, which re-create as they were.
   */
  taxRates?: Readonly<Record<RoleKey, XeroTaxRate>>
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

class XeroEntryTooLargeError extends Error {
  override name = 'XeroEntryTooLargeError'
}

/** Taxes of an entry that keep their no-tax line although mapped to a Xero tax rate. */
export type UnmatchedXeroTax = (entry: JournalEntry, taxes: string[]) => void

function entryRows(entry: JournalEntry, lines: readonly XeroLine[], options: XeroOptions): string {
  const narration = `${entry.description} [${entry.id}]`
  const date = formatDate(entry.date, options.dateFormat)
  const tracking = locationNameText(entry.locationId, options.locationLabels)
  let text = ''
  for (const line of lines) {
    const cells: CsvCell[] = [
      narration,
      date,
      line.memo,
      line.account.code,
      line.taxRate ?? options.taxRate,
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
  onUnmatchedTax: UnmatchedXeroTax = () => {},
): AsyncGenerator<OutputChunk> {
  let part = 1
  let linesInPart = 0
  let text = csvHead(HEADERS)
  for await (const batch of entries) {
    for (const unbounded of batch) {
      const entry = boundedEntry(unbounded)
      const { lines, unmatched } = xeroTaxLines(
        entry,
        options.taxRates ?? {},
        currencyExponent(entry.currency),
      )
      if (unmatched.length > 0) onUnmatchedTax(entry, unmatched)
      const count = lines.length
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
      text += entryRows(entry, lines, options)
      linesInPart += count
    }
    if (text !== '') yield { part, text }
    text = ''
  }
  if (text !== '') yield { part, text }
}
