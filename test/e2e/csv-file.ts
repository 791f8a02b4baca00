/**
 * An exported CSV file's rows by header: the byte order mark checked and dropped, RFC 4180
 * quoting, CRLF row ends. The e2e project cannot import the unit tests' helpers.
 */
export function parseCsvFile(bytes: Buffer): Record<string, string>[] {
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf)
    throw new Error('The file does not start with a UTF-8 byte order mark')
  const text = bytes.toString('utf8').slice(1)
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
      i++
    } else cell += c
  }
  const [header = [], ...body] = rows
  return body.map((cells) => {
    if (cells.length !== header.length)
      throw new Error(`A row has ${cells.length} cells, the header ${header.length}`)
    return Object.fromEntries(header.map((h, i) => [h, cells[i]!]))
  })
}
