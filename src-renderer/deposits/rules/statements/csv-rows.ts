import { StatementReadError } from '../bank-line'

/**
 * The rows of a CSV file as RFC 4180 writes them, each with the line it starts on: fields quoted
 * or not, "" inside quotes, line breaks inside quotes, CRLF or LF, a byte-order mark. Written
 * here rather than taken from the registry because the well-kept CSV readers reach for Node's
 * Buffer, which the renderer does not have.
 */

export type CsvDelimiter = ',' | ';' | '\t' | '|'

export interface CsvRow {
  /** 1-based line of the file the row starts on. */
  line: number
  cells: string[]
}

export function csvRows(text: string, delimiter: CsvDelimiter): CsvRow[] {
  const rows: CsvRow[] = []
  const source = text.replace(/^\ufeff/, '')
  let cells: string[] = []
  let cell = ''
  let line = 1
  let rowLine = 1
  let quoted = false
  let quoteLine = 0
  const endRow = (): void => {
    cells.push(cell)
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells })
    cells = []
    cell = ''
  }
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') {
        quoted = false
        const next = source[i + 1]
        if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
          throw new StatementReadError('text after a closing quote in a field', `line ${line}`)
      } else {
        if (char === '\n') line++
        cell += char
      }
    } else if (char === '"' && cell === '') {
      quoted = true
      quoteLine = line
    } else if (char === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i++
      endRow()
      line++
      rowLine = line
    } else cell += char
  }
  if (quoted) throw new StatementReadError('a quoted field is never closed', `line ${quoteLine}`)
  if (cell !== '' || cells.length > 0) endRow()
  return rows
}

/** The delimiter a header line most likely uses: the one of these it holds most of. */
export function likelyDelimiter(headerLine: string): CsvDelimiter {
  const candidates: CsvDelimiter[] = [',', ';', '\t', '|']
  const count = (d: string): number => headerLine.split(d).length
  return candidates.reduce((best, d) => (count(d) > count(best) ? d : best))
}
