import { currencyExponent, formatMinorUnits } from '../../../../src-shared/domain/money'
import type { Batches, OutputChunk } from './output'

/**
 * CSV as docs/ledger.md#csv-text has it: UTF-8 with a byte order mark, RFC 4180 quoting, CRLF line
 * ends. Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR, and
 * not a plain number) is prefixed with an apostrophe; number cells are exact decimal text and never
 * touched.
 */

const BOM = '\uFEFF'

/** A number cell: plain decimal text, dot separator, no grouping. */
export interface CsvNumber {
  readonly number: string
}

/** Text, a number, or empty. */
export type CsvCell = string | CsvNumber | null

class CsvNumberError extends Error {
  override name = 'CsvNumberError'
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** An amount in minor units as major-unit text in the currency's exponent: 1250 USD → 12.50. */
export function money(minor: number, currency: string): CsvNumber {
  return { number: formatMinorUnits(minor, currencyExponent(currency)) }
}

/** A quantity or rate as the service gave it, without exponent notation. */
export function decimal(value: number): CsvNumber {
  if (!Number.isFinite(value)) throw new CsvNumberError(`${value} is not a number`)
  const text = String(value)
  return {
    number: /e/i.test(text)
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : text,
  }
}

function encodeCell(cell: CsvCell): string {
  if (cell === null) return ''
  let text: string
  if (typeof cell === 'string') {
    text = FORMULA_START.test(cell) && !NUMERIC_TEXT.test(cell) ? `'${cell}` : cell
  } else {
    if (!PLAIN_NUMBER.test(cell.number))
      throw new CsvNumberError(`“${cell.number}” is not plain decimal text`)
    text = cell.number
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function encodeRow(cells: readonly CsvCell[]): string {
  return cells.map(encodeCell).join(',') + '\r\n'
}

export interface CsvColumn<Row> {
  header: string
  cell: (row: Row) => CsvCell
}

/** The byte order mark and header row with which every CSV file starts. */
export function csvHead(headers: readonly string[]): string {
  return BOM + encodeRow(headers)
}

/** One file: the head, then a chunk per batch of rows. */
export async function* writeCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Batches<Row>,
): AsyncGenerator<OutputChunk> {
  yield { part: 1, text: csvHead(columns.map((column) => column.header)) }
  for await (const batch of rows) {
    let text = ''
    // As encodeRow, without two arrays a row: a journal's rows run to millions.
    for (const row of batch) {
      for (let i = 0; i < columns.length; i++)
        text += (i === 0 ? '' : ',') + encodeCell(columns[i]!.cell(row))
      text += '\r\n'
    }
    if (text !== '') yield { part: 1, text }
  }
}
