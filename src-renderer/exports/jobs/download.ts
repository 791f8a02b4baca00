import type { ExportWhat } from './run-export'

/** File names and types of export files, in either shell. */

export function contentType(what: ExportWhat): string {
  return fileExtension(what) === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8'
}

export function fileExtension(what: ExportWhat): string {
  if (what === 'beancount') return 'beancount'
  if (what === 'ledger') return 'journal'
  return 'csv'
}

/**
 * The letters and digits of a name (accents dropped, lower case), its words joined by `-`, at
 * most `max` long: safe in a file name on every system. '' when nothing is left (a name in
 * another script).
 */
function fileNamePart(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '')
}

/** What an export's file is named for; `batch` for a journal's batch, `export` for a table's. */
export type ExportFileNaming = {
  what: ExportWhat
  /** The destination's name, or the table's. */
  destination: string
  range: { from: string; to: string }
  /** The location's name; null for every location. */
  location: string | null
} & ({ batch: number } | { export: number })

/**
 * `till-xero-2026-11-16_2026-11-22-kemang-batch-3.csv`: the destination, the range, the location
 * and the number, so no two exports are named alike (a browser would save the second as “(1)”).
 */
export function exportFileName(naming: ExportFileNaming): string {
  const { from, to } = naming.range
  const number = 'batch' in naming ? `batch-${naming.batch}` : `export-${naming.export}`
  const parts = [
    'till',
    fileNamePart(naming.destination) || fileNamePart(naming.what),
    from === to ? from : `${from}_${to}`,
    naming.location === null ? '' : fileNamePart(naming.location, 30),
    number,
  ]
  return `${parts.filter((p) => p !== '').join('-')}.${fileExtension(naming.what)}`
}
