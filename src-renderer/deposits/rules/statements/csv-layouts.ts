import { csvRows, likelyDelimiter, type CsvDelimiter } from './csv-rows'
import { guessCsvMapping } from './csv-guess'
import type { CsvMapping } from './csv-statement'

/**
 * Bank CSV layouts Till knows by their header row, so a person confirms a mapping instead of
 * making one. Each is recognised by all its columns being in a header among the first lines.
 */
export interface CsvLayout {
  name: string
  mapping: CsvMapping
}

const LAYOUTS: readonly CsvLayout[] = [
  {
    name: 'Signed amount and running balance, month first (US checking accounts)',
    mapping: {
      delimiter: ',',
      skipRows: 0,
      footerRows: 0,
      date: 'Posting Date',
      dateFormat: 'MM/DD/YYYY',
      amount: { signed: 'Amount' },
      text: ['Description'],
      balance: 'Balance',
      decimalMark: '.',
    },
  },
  {
    name: 'Wise account statement (id and currency per line)',
    mapping: {
      delimiter: ',',
      skipRows: 0,
      footerRows: 0,
      date: 'Date',
      dateFormat: 'DD/MM/YYYY',
      amount: { signed: 'Amount' },
      text: ['Description', 'Payment Reference'],
      balance: 'Running Balance',
      id: 'TransferWise ID',
      currency: 'Currency',
      decimalMark: '.',
    },
  },
  {
    name: 'Debit and credit columns, day first, decimal comma (Indonesian internet banking)',
    mapping: {
      delimiter: ';',
      skipRows: 0,
      footerRows: 0,
      date: 'Tanggal',
      dateFormat: 'DD/MM/YYYY',
      amount: { credit: 'Kredit', debit: 'Debit' },
      text: ['Keterangan'],
      balance: 'Saldo',
      decimalMark: ',',
    },
  },
]

function columnsOf(mapping: CsvMapping): string[] {
  const amount =
    'signed' in mapping.amount
      ? [mapping.amount.signed]
      : [mapping.amount.credit, mapping.amount.debit]
  return [mapping.date, ...amount, ...mapping.text, mapping.balance, mapping.id, mapping.currency]
    .filter((name): name is string => name !== undefined)
    .map((name) => name.toLowerCase())
}

/** A line's cells, trimmed and lower-cased; null for a line that is no CSV row. */
function headerCells(line: string, delimiter: CsvDelimiter): string[] | null {
  try {
    return csvRows(line, delimiter)[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? null
  } catch {
    return null
  }
}

/** How many of the first lines a header may be preceded by. */
const HEADER_SEARCH_LINES = 15

const GUESSED = 'Columns guessed from the header: check them in the preview'

/**
 * The known layout whose header is among the file's first lines, with the rows above it skipped;
 * else a mapping guessed from the header's words and the amounts as `currency` (the bank
 * account's) writes them; null when neither is found.
 */
export function recogniseCsvLayout(text: string, currency: string): CsvLayout | null {
  const firstLines = text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .slice(0, HEADER_SEARCH_LINES)
  for (const [index, line] of firstLines.entries()) {
    const delimiter = likelyDelimiter(line)
    const header = headerCells(line, delimiter)
    if (!header) continue
    const layout = LAYOUTS.find(
      ({ mapping }) =>
        mapping.delimiter === delimiter &&
        columnsOf(mapping).every((name) => header.includes(name)),
    )
    if (layout) {
      const skipRows = csvRows(firstLines.slice(0, index).join('\n'), delimiter).length
      return { name: layout.name, mapping: { ...layout.mapping, skipRows } }
    }
  }
  const guessed = guessCsvMapping(text, currency)
  return guessed && { name: GUESSED, mapping: guessed }
}
