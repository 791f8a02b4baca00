import { currencyExponent } from '../../../../src-shared/domain/money'
import { CSV_DATE_FORMATS, csvDate, type CsvDateFormat } from './csv-dates'
import { csvRows, likelyDelimiter, type CsvDelimiter, type CsvRow } from './csv-rows'
import type { CsvMapping } from './csv-statement'

/**
 * A first mapping for a bank whose layout Till does not know, from the words of its header
 * (English, Indonesian, German, French, Spanish) and the shape of the rows below it: the date
 * format all of them are written in, and the decimal mark of the amounts (as the account's currency
 * writes them: three digits after a lone comma are decimals in KWD, a grouping in IDR). A person checks it in
 * the preview before anything is imported.
 */

const WORDS = {
  date: /^(date|posting date|posted|transaction date|booking date|booked|tanggal( transaksi)?|tgl|datum|buchungstag|date d'opération|fecha)$/i,
  valueDate:
    /^(value date|valuta|tanggal valuta|wertstellung|valutadatum|date de valeur|fecha valor)$/i,
  amount: /^(amount|jumlah|nominal|mutasi|betrag|umsatz|montant|importe)$/i,
  credit: /^(credit|credits|kredit|cr|money in|paid in|deposits?|haben|crédit|abono)$/i,
  debit: /^(debit|debits|debet|db|dr|money out|paid out|withdrawals?|soll|débit|cargo)$/i,
  text: /(description|details|keterangan|uraian|memo|narrative|payee|reference|remark|berita|verwendungszweck|buchungstext|libellé|concepto)/i,
  balance: /^(balance|running balance|saldo|solde)$/i,
  currency: /^(currency|ccy|mata uang|währung|devise|moneda)$/i,
}

const HEADER_SEARCH_LINES = 15
const SAMPLE_ROWS = 50

function find(header: readonly string[], word: RegExp, taken: Set<string>): string | undefined {
  const found = header.find((cell) => word.test(cell.trim()) && !taken.has(cell))
  if (found !== undefined) taken.add(found)
  return found
}

function cellsOf(rows: readonly CsvRow[], header: readonly string[], name: string): string[] {
  const index = header.indexOf(name)
  return rows.map((row) => row.cells[index]?.trim() ?? '').filter((cell) => cell !== '')
}

/** The first format every date of the sample is written in (day first before month first). */
function dateFormatOf(dates: readonly string[]): CsvDateFormat | undefined {
  return CSV_DATE_FORMATS.find((format) => dates.every((date) => csvDate(date, format) !== null))
}

type Mark = '.' | ','

/**
 * What a number's last mark is: its decimal mark, a grouping mark, or neither known. The last of
 * two different marks is the decimal one (`1.234,567`); a mark met twice groups (`1.234.567`); a
 * lone mark before other than three digits is decimal, and before three digits it is decimal only
 * in a currency with three minor digits (KWD `673,000`), else it groups (IDR `150.000`).
 */
function lastMarkOf(text: string, minorDigits: number): { mark: Mark; decimal: boolean } | null {
  const found = /\d([.,])(\d+)\D*$/.exec(text)
  if (!found) return null
  const mark = found[1] as Mark
  const before = text.slice(0, found.index)
  if (before.includes(mark)) return { mark, decimal: false }
  if (before.includes(mark === '.' ? ',' : '.')) return { mark, decimal: true }
  return { mark, decimal: found[2]!.length !== 3 || minorDigits === 3 }
}

/** The decimal mark of the amounts, in a currency with `minorDigits` decimals: the one mark seen
 *  as decimal, else the other of a dot seen grouping, else a dot. */
function decimalMarkOf(amounts: readonly string[], minorDigits: number): Mark {
  const read = amounts.flatMap((text) => lastMarkOf(text, minorDigits) ?? [])
  const decimal = new Set(read.filter((m) => m.decimal).map((m) => m.mark))
  if (decimal.size === 1) return [...decimal][0]!
  return read.some((m) => m.mark === '.' && !m.decimal) && !decimal.has('.') ? ',' : '.'
}

function mappingFrom(
  rows: readonly CsvRow[],
  at: number,
  delimiter: CsvDelimiter,
  minorDigits: number,
): CsvMapping | null {
  const header = rows[at]!.cells.map((cell) => cell.trim())
  const taken = new Set<string>()
  const date = find(header, WORDS.date, taken)
  const valueDate = find(header, WORDS.valueDate, taken)
  const signed = find(header, WORDS.amount, taken)
  const credit = signed ? undefined : find(header, WORDS.credit, taken)
  const debit = signed ? undefined : find(header, WORDS.debit, taken)
  const balance = find(header, WORDS.balance, taken)
  const currency = find(header, WORDS.currency, taken)
  const text = header.filter((cell) => WORDS.text.test(cell) && !taken.has(cell))
  const amount: CsvMapping['amount'] | undefined = signed
    ? { signed }
    : credit && debit
      ? { credit, debit }
      : undefined
  if (!date || !amount) return null
  const sample = rows.slice(at + 1, at + 1 + SAMPLE_ROWS)
  const dateFormat = dateFormatOf(cellsOf(sample, header, date))
  if (!dateFormat) return null
  const amountColumns = 'signed' in amount ? [amount.signed] : [amount.credit, amount.debit]
  return {
    delimiter,
    skipRows: at,
    footerRows: 0,
    date,
    dateFormat,
    ...(valueDate ? { valueDate } : {}),
    amount,
    text,
    ...(balance ? { balance } : {}),
    ...(currency ? { currency } : {}),
    decimalMark: decimalMarkOf(
      amountColumns.flatMap((name) => cellsOf(sample, header, name)),
      minorDigits,
    ),
  }
}

/** A mapping guessed from a header among the first lines, or null when no header names a date and
 *  an amount; the amounts' decimal mark read as the bank account's `currency` writes them. */
export function guessCsvMapping(text: string, currency: string): CsvMapping | null {
  const minorDigits = currencyExponent(currency)
  const firstLines = text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .slice(0, HEADER_SEARCH_LINES)
  for (const delimiter of new Set(firstLines.map(likelyDelimiter))) {
    let rows: CsvRow[]
    try {
      rows = csvRows(text, delimiter)
    } catch {
      continue
    }
    for (let at = 0; at < Math.min(rows.length, HEADER_SEARCH_LINES); at++) {
      const mapping = mappingFrom(rows, at, delimiter, minorDigits)
      if (mapping) return mapping
    }
  }
  return null
}
