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
 */

export interface XeroOptions {
  dateFormat: 'DD/MM/YYYY' | 'DD MMM YYYY'
  /** The organisation's no-tax rate, by its full name in Xero ("Tax Exempt", "No GST", …). */
  taxRate: string
  /**
   * Per tax name on the bills, the Xero tax rate it is reported under (Account mapping); absent
   * from the targets of batches exported before there were any, which re-create as they were.
   */
  taxRates?: Readonly<Record<string, string>>
  trackingName: string
  /** The locations' names, each its tracking option; an unnamed one is "Location <id>". */
  locationLabels: LocationNames
  maxLinesPerFile: number
}

export const XERO_DEFAULTS: XeroOptions = {
  dateFormat: 'DD MMM YYYY',
  taxRate: 'Tax Exempt',
  taxRates: {},
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

const TAX_LINE = 'tax-payable:'
const TAXED_REVENUE = new Set(['sales', 'fee-income', 'discounts'])

/**
 * The Xero tax rate each line of an entry reports under: a tax's own line takes the rate mapped
 * for that tax; the revenue lines the tax was charged on (sales, fees, discounts) take it too
 * when every tax of the entry maps to that one rate, so Xero's tax reports see the net and its
 * tax under the same rate. Every other line, and the lines of a tax with no rate mapped, take
 * the no-tax rate. Amounts stay exactly as posted: the journal balances to the minor unit
 * whatever rates its lines carry.
 */
export function lineTaxRates(entry: JournalEntry, options: XeroOptions): string[] {
  const rateOf = (role: string): string | undefined =>
    role.startsWith(TAX_LINE) ? options.taxRates?.[role.slice(TAX_LINE.length)] : undefined
  const taxRoles = entry.lines.map((l) => l.role).filter((role) => role.startsWith(TAX_LINE))
  const rates = new Set(taxRoles.map(rateOf))
  const [only] = rates
  const revenueRate = rates.size === 1 && only !== undefined ? only : options.taxRate
  return entry.lines.map(
    (line) => rateOf(line.role) ?? (TAXED_REVENUE.has(line.role) ? revenueRate : options.taxRate),
  )
}

function entryRows(entry: JournalEntry, options: XeroOptions): string {
  const narration = `${entry.description} [${entry.id}]`
  const date = formatDate(entry.date, options.dateFormat)
  const tracking = locationLabel(entry.locationId, options.locationLabels)
  const rates = lineTaxRates(entry, options)
  let text = ''
  for (const [i, line] of entry.lines.entries()) {
    const cells: CsvCell[] = [
      narration,
      date,
      line.memo,
      line.account.code,
      rates[i]!,
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
