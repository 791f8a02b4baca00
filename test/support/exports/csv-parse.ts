/** A strict RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF records. */
export class CsvParseError extends Error {
  override name = 'CsvParseError'
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  const endField = () => {
    row.push(field)
    field = ''
  }
  while (i < text.length) {
    const c = text[i]
    if (c === '"' && field === '') {
      i += 1
      for (;;) {
        if (i >= text.length) throw new CsvParseError('unterminated quoted field')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i += 1
          break
        }
        field += text[i]
        i += 1
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r')
        throw new CsvParseError(`text after a closing quote at ${i}`)
      continue
    }
    if (c === ',') {
      endField()
      i += 1
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new CsvParseError(`bare CR at ${i}`)
      endField()
      rows.push(row)
      row = []
      i += 2
    } else if (c === '\n' || c === '"') {
      throw new CsvParseError(`bare ${c === '"' ? 'quote' : 'LF'} at ${i}`)
    } else {
      field += c
      i += 1
    }
  }
  if (field !== '' || row.length > 0) throw new CsvParseError('last record has no CRLF')
  return rows
}

/** Rows as records by header, after checking the BOM. */
export function parseCsvFile(text: string): Record<string, string>[] {
  if (!text.startsWith('\uFEFF')) throw new CsvParseError('no byte order mark')
  const [header, ...rows] = parseCsv(text.slice(1))
  if (!header) throw new CsvParseError('no header')
  return rows.map((cells) => {
    if (cells.length !== header.length) throw new CsvParseError(`${cells.length} cells in a row`)
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))
  })
}
