import { parseAmountText, type NumberMarks } from '../../../format/amount-text'
import { StatementReadError, type ParsedStatement } from '../bank-line'
import { requiredCsvDate, type CsvDateFormat } from './csv-dates'
import { csvRows, type CsvDelimiter, type CsvRow } from './csv-rows'
import { withLineIds, type ReadLine } from './statement-line-ids'
import { currencyCode } from './statement-values'
import { hasOtherDigits } from './line-bounds'
import { currencyExponent } from '../../../../src-shared/domain/money'

/**
 * A bank's CSV export, read through the column mapping a person set once for the bank account
 * (or a recognised layout proposed): columns are named by their header, so a bank that reorders
 * them does not break the mapping.
 */
export interface CsvMapping {
  delimiter: CsvDelimiter
  /** Rows above the header row (the bank's title, the account's details). */
  skipRows: number
  /** Rows below the last line (a closing balance, a total) to leave out. */
  footerRows: number
  date: string
  dateFormat: CsvDateFormat
  valueDate?: string
  /** One signed column, or money in and money out in two. */
  amount: { signed: string } | { credit: string; debit: string }
  /** Columns joined, in this order, as the line's text. */
  text: string[]
  balance?: string
  /** A column holding the bank's own id of each line. */
  id?: string
  /** A column holding each line's currency, when the file has one. */
  currency?: string
  decimalMark: '.' | ','
}

function marksOf(mapping: CsvMapping): NumberMarks {
  return {
    locale: 'en',
    decimal: mapping.decimalMark,
    group: mapping.decimalMark === ',' ? '.' : ',',
  }
}

/**
 * Zeros past the currency's decimals dropped ("1.500.000,00" IDR is 1 500 000), the way banks
 * write every currency with two; three digits after the mark are left alone, as they group
 * thousands when the currency has no decimals.
 */
function withoutSurplusZeros(text: string, exponent: number, decimal: string): string {
  const at = text.lastIndexOf(decimal)
  const fraction = at < 0 ? '' : text.slice(at + 1)
  if (!/^\d+$/.test(fraction) || fraction.length <= exponent || fraction.length === 3) return text
  const kept = fraction.slice(0, exponent) + fraction.slice(exponent).replace(/0+$/, '')
  return kept === '' ? text.slice(0, at) : `${text.slice(0, at + 1)}${kept}`
}

/** "1.234,56", "-12.50", "(12.50)", "12.50 DR", "1,500,000.00 CR": signed minor units, 0 if empty. */
function cellAmount(cell: string, currency: string, marks: NumberMarks, where: string): number {
  let text = cell.trim()
  if (text === '') return 0
  if (hasOtherDigits(text))
    throw new StatementReadError(`“${cell}” is written in other digits than 0–9`, where)
  let sign = 1
  const suffix = /\s*\b(CR|DR|DB|D|K)\.?$/i.exec(text)
  if (suffix) {
    if (/^(DR|DB|D)$/i.test(suffix[1]!)) sign = -1
    text = text.slice(0, suffix.index).trim()
  }
  const bracketed = /^\((.*)\)$/.exec(text)
  if (bracketed) {
    sign = -sign
    text = bracketed[1]!.trim()
  }
  const read = parseAmountText(
    withoutSurplusZeros(text, currencyExponent(currency), marks.decimal),
    currency,
    marks,
    { allowNegative: true },
  )
  if (!read.ok) throw new StatementReadError(`“${cell}”: ${read.message}`, where)
  return sign * read.minor
}

function columnIndex(header: CsvRow, name: string): number {
  const wanted = name.trim().toLowerCase()
  const index = header.cells.findIndex((cell) => cell.trim().toLowerCase() === wanted)
  if (index < 0)
    throw new StatementReadError(`the header has no column “${name}”`, `line ${header.line}`)
  return index
}

function lineOf(
  row: CsvRow,
  cell: (name: string) => string,
  mapping: CsvMapping,
  fallbackCurrency: string,
): ReadLine {
  const where = `line ${row.line}`
  const currency = mapping.currency
    ? currencyCode(cell(mapping.currency), `${where}, column “${mapping.currency}”`)
    : fallbackCurrency
  const marks = marksOf(mapping)
  const amountIn = (name: string): number =>
    cellAmount(cell(name), currency, marks, `${where}, column “${name}”`)
  let amount: number
  if ('signed' in mapping.amount) {
    if (cell(mapping.amount.signed).trim() === '')
      throw new StatementReadError(
        'the amount is empty',
        `${where}, column “${mapping.amount.signed}”`,
      )
    amount = amountIn(mapping.amount.signed)
  } else {
    const { credit, debit } = mapping.amount
    if (cell(credit).trim() === '' && cell(debit).trim() === '')
      throw new StatementReadError(`both “${credit}” and “${debit}” are empty`, where)
    amount = Math.abs(amountIn(credit)) - Math.abs(amountIn(debit))
  }
  const fileId = mapping.id ? cell(mapping.id).trim() : ''
  const valueDate = mapping.valueDate ? cell(mapping.valueDate).trim() : ''
  const balance = mapping.balance ? cell(mapping.balance).trim() : ''
  return {
    ...(fileId ? { fileId } : {}),
    date: requiredCsvDate(
      cell(mapping.date),
      mapping.dateFormat,
      `${where}, column “${mapping.date}”`,
    ),
    ...(valueDate
      ? {
          valueDate: requiredCsvDate(
            valueDate,
            mapping.dateFormat,
            `${where}, column “${mapping.valueDate}”`,
          ),
        }
      : {}),
    amount,
    currency,
    text: mapping.text
      .map((name) => cell(name).trim())
      .filter(Boolean)
      .join(' · '),
    ...(balance ? { balance: amountIn(mapping.balance!) } : {}),
    where,
  }
}

const ACCOUNT_LABEL = /\b(IBAN|account|acct|konto|rekening|no\.? ?rek|compte|cuenta|conta)\b/i
const ACCOUNT_NUMBER = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}|\d{6,20})\b/

/** The account number a bank writes above the header ("IBAN;DE89…", "Rekening: 1234567890"). */
function accountNumberAbove(rows: readonly CsvRow[]): string | undefined {
  for (const row of rows) {
    const line = row.cells.join(' ')
    const found = ACCOUNT_LABEL.test(line) ? ACCOUNT_NUMBER.exec(line) : null
    if (found) return found[1]!.replace(/ /g, '')
  }
  return undefined
}

/** The statement in a CSV file; `currency` is the bank account's, unless a column gives it. */
export function readCsvStatement(
  text: string,
  mapping: CsvMapping,
  currency: string,
): ParsedStatement {
  const rows = csvRows(text, mapping.delimiter)
  const header = rows[mapping.skipRows]
  if (!header)
    throw new StatementReadError('the file has no header row', `line ${rows.at(-1)?.line ?? 1}`)
  const body = rows.slice(mapping.skipRows + 1, rows.length - mapping.footerRows)
  const columns = new Map<string, number>()
  const names = [
    mapping.date,
    mapping.valueDate,
    ...('signed' in mapping.amount
      ? [mapping.amount.signed]
      : [mapping.amount.credit, mapping.amount.debit]),
    ...mapping.text,
    mapping.balance,
    mapping.id,
    mapping.currency,
  ]
  for (const name of names) if (name !== undefined) columns.set(name, columnIndex(header, name))
  const lines = body.map((row) => {
    if (row.cells.length < header.cells.length)
      throw new StatementReadError(
        `${row.cells.length} fields where the header has ${header.cells.length}`,
        `line ${row.line}`,
      )
    return lineOf(row, (name) => row.cells[columns.get(name)!] ?? '', mapping, currency)
  })
  const statementCurrency = lines[0]?.currency ?? currency
  const other = lines.find((line) => line.currency !== statementCurrency)
  if (other)
    throw new StatementReadError(
      `this line is in ${other.currency}, the first in ${statementCurrency}; export one currency at a time`,
      other.where,
    )
  const accountRef = accountNumberAbove(rows.slice(0, mapping.skipRows))
  return {
    format: 'csv',
    ...(accountRef ? { accountRef } : {}),
    currency: statementCurrency,
    lines: withLineIds(lines),
  }
}
