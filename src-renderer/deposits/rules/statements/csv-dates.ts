import { StatementReadError } from '../bank-line'
import { calendarDate, fullYear } from './statement-values'

/**
 * Dates as bank CSV files write them, in the order of their parts; any of "-", "/", "." or a
 * space between them, one or two digits for day and month, and a time after the date ignored.
 * "DD MMM YYYY" takes English month names ("20 Nov 2026").
 */
export type CsvDateFormat = 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'DD/MM/YY' | 'DD MMM YYYY'

export const CSV_DATE_FORMATS: readonly CsvDateFormat[] = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD/MM/YY',
  'DD MMM YYYY',
]

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const SEP = '[-/. ]'
const TIME_AFTER = '(?:[T ]\\d{1,2}[:.]\\d{2}.*)?$'
const SHAPES: Record<CsvDateFormat, RegExp> = {
  'YYYY-MM-DD': new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})${TIME_AFTER}`),
  'DD/MM/YYYY': new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})${TIME_AFTER}`),
  'MM/DD/YYYY': new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})${TIME_AFTER}`),
  'DD/MM/YY': new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{2})${TIME_AFTER}`),
  'DD MMM YYYY': new RegExp(`^(\\d{1,2})${SEP}([A-Za-z]{3})[A-Za-z]*${SEP}(\\d{4})${TIME_AFTER}`),
}

/** YYYY-MM-DD of a date cell in this format, or null if it is not one; a two-digit year is read
 *  in a window around `thisYear` (./statement-values.ts `fullYear`: in 2026, "31/12/99" is 1999). */
export function csvDate(
  text: string,
  format: CsvDateFormat,
  thisYear = new Date().getUTCFullYear(),
): string | null {
  const match = SHAPES[format].exec(text.trim())
  if (!match) return null
  const [, a = '', b = '', c = ''] = match
  switch (format) {
    case 'YYYY-MM-DD':
      return calendarDate(Number(a), Number(b), Number(c))
    case 'DD/MM/YYYY':
      return calendarDate(Number(c), Number(b), Number(a))
    case 'MM/DD/YYYY':
      return calendarDate(Number(c), Number(a), Number(b))
    case 'DD/MM/YY':
      return calendarDate(fullYear(Number(c), thisYear), Number(b), Number(a))
    case 'DD MMM YYYY':
      return calendarDate(Number(c), MONTHS.indexOf(b.toLowerCase()) + 1, Number(a))
  }
}

export function requiredCsvDate(text: string, format: CsvDateFormat, where: string): string {
  const date = csvDate(text, format)
  if (!date) throw new StatementReadError(`“${text}” is not a date written ${format}`, where)
  return date
}
