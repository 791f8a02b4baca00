import { StatementReadError } from '../bank-line'

/**
 * The element tree of an OFX file, both versions: OFX 1.x is SGML, where an element holding a
 * value ("<TRNAMT>-12.50") need not be closed, and OFX 2.x is XML, where it is. One reader takes
 * both: a tag followed by text is a value (its end tag optional), a tag followed by another tag
 * opens an aggregate that must be closed. Headers (the "OFXHEADER:100" lines, or the XML
 * declaration and the <?OFX …?> instruction) are skipped.
 */

export interface OfxNode {
  name: string
  /** 1-based line of the start tag, to name in an error. */
  line: number
  value?: string
  children: OfxNode[]
}

const TOKEN = /<(\/?)([A-Za-z0-9_.]+)\s*>|<\?[^>]*\?>|<!--[\s\S]*?-->|([^<]+)/gy
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

const MAX_CODE_POINT = 0x10ffff

/** Entities decoded; one naming no character is left as written. */
function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? whole
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code <= MAX_CODE_POINT ? String.fromCodePoint(code) : whole
  })
}

/** The root <OFX> element; a tag out of place or a file without one refuses the file. */
export function readOfxTree(text: string): OfxNode {
  const start = text.search(/<OFX\s*>/i)
  if (start < 0)
    throw new StatementReadError('this is not an OFX file: it has no <OFX> element', 'line 1')
  let line = text.slice(0, start).split('\n').length
  const root: OfxNode = { name: 'ROOT', line, children: [] }
  const open: OfxNode[] = [root]
  /** A start tag not yet followed by anything: a value if text comes, else an aggregate. */
  let undecided: OfxNode | null = null
  /** The value element just read, whose end tag may follow. */
  let lastValue: OfxNode | null = null
  let position = start
  TOKEN.lastIndex = start
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    position = TOKEN.lastIndex
    const [whole, closing, rawName, body] = match
    const tokenLine = line + (/^\s*/.exec(whole)![0].split('\n').length - 1)
    const where = `line ${tokenLine}`
    line += whole.split('\n').length - 1
    if (body !== undefined) {
      const value = body.trim()
      if (value === '') continue
      if (!undecided)
        throw new StatementReadError(`text “${value.slice(0, 40)}” outside any element`, where)
      undecided.value = decoded(value)
      lastValue = undecided
      undecided = null
      continue
    }
    if (rawName === undefined) continue
    const name = rawName.toUpperCase()
    if (closing) {
      if (undecided?.name === name || lastValue?.name === name) {
        if (undecided) undecided.value = ''
        undecided = lastValue = null
        continue
      }
      // An SGML element left without text or end tag holds an empty value.
      if (undecided) undecided.value = ''
      undecided = lastValue = null
      const parent = open.at(-1)!
      if (parent.name !== name)
        throw new StatementReadError(
          `</${name}> closes nothing open: <${parent.name}> of line ${parent.line} is`,
          where,
        )
      open.pop()
      continue
    }
    if (undecided) open.push(undecided)
    const node: OfxNode = { name, line: tokenLine, children: [] }
    open.at(-1)!.children.push(node)
    undecided = node
    lastValue = null
  }
  if (position < text.length)
    throw new StatementReadError('a “<” that starts no tag', `line ${line}`)
  if (undecided) open.push(undecided)
  const unclosed = open[1]
  if (unclosed)
    throw new StatementReadError(`<${unclosed.name}> is never closed`, `line ${unclosed.line}`)
  const ofx = root.children.find((node) => node.name === 'OFX')
  if (!ofx) throw new StatementReadError('the file has no <OFX> element', 'line 1')
  return ofx
}

/** The first child of that name, or undefined. */
export function child(node: OfxNode, name: string): OfxNode | undefined {
  return node.children.find((each) => each.name === name)
}

/** Every node under `node` at this path of names ("BANKTRANLIST/STMTTRN"). */
export function nodesAt(node: OfxNode, path: string): OfxNode[] {
  return path
    .split('/')
    .reduce<OfxNode[]>(
      (found, name) => found.flatMap((each) => each.children.filter((c) => c.name === name)),
      [node],
    )
}

/** The value at this path, trimmed, if there is one. */
export function valueAt(node: OfxNode, path: string): string | undefined {
  return nodesAt(node, path)[0]?.value
}
