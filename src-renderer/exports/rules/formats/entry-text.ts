import { locationLabel, type LocationNames } from '../../../format/location-label'
import type { JournalEntry, JournalLine } from '../journal-entry'
import { fnv1a64 } from '../content-hash'

/**
 * Text from outside (the service's categories, tax and method names, notes, numbers, suppliers
 * and ids; the bookkeeper's account names and the merchant's location names) as every
 * journal format receives it: one line, and no longer than its field's bound. So no text can add
 * a line to a plain-text journal (a directive, a posting), and none makes a line a tool refuses
 * (ledger stops at a line of 4,096 bytes; a bound of n UTF-16 units is at most 3n bytes of
 * UTF-8). Each format then makes that line inert in its own syntax, in one place: ledger.ts,
 * beancount.ts, csv.ts.
 */

/** Bounds per field, in UTF-16 code units. Ids fit the bridge's own bound on an id. */
const TEXT_BOUNDS = {
  description: 300,
  payee: 100,
  memo: 150,
  account: 200,
  location: 100,
  id: 200,
} as const

// Every run of white space, control characters (line and paragraph separators among them) and
// lone surrogates, which UTF-8 cannot hold.
const BREAKS = /[\s\p{Cc}\p{Zl}\p{Zp}]+/gu
const LONE_SURROGATE = /\p{Cs}/gu

/**
 * Whether the text is printable ASCII with single spaces between words: one line as it is. Most
 * text is, and an export makes every entry's fields one line.
 */
function alreadyOneLine(text: string): boolean {
  const last = text.length - 1
  for (let i = 0; i <= last; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x20 && code < 0x7f) continue
    if (code !== 0x20 || i === 0 || i === last || text.charCodeAt(i + 1) === 0x20) return false
  }
  return true
}

function oneLine(text: string): string {
  if (alreadyOneLine(text)) return text
  return text.replace(BREAKS, ' ').replace(LONE_SURROGATE, '\uFFFD').trim()
}

/** The first `max` code units of `text` with `marker` closing them, never half a pair. */
function cut(text: string, max: number, marker: string): string {
  let end = max - marker.length
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end).trimEnd()}${marker}`
}

/** Prose on one line, cut with an ellipsis beyond `max`. */
function lineText(text: string, max: number): string {
  const line = oneLine(text)
  return line.length <= max ? line : cut(line, max, '…')
}

/**
 * A name or id on one line; one beyond `max` is cut and closed with a digest of the whole, so two
 * long names that start alike stay two.
 */
function lineName(text: string, max: number): string {
  const line = oneLine(text)
  return line.length <= max ? line : cut(line, max, `…${fnv1a64(line).slice(0, 8)}`)
}

function nullableName(text: string | null, max: number): string | null {
  return text === null ? null : lineName(text, max)
}

function boundedLine(line: JournalLine): JournalLine {
  const { account } = line
  const code = lineName(account.code, TEXT_BOUNDS.account)
  const name = lineName(account.name, TEXT_BOUNDS.account)
  const memo = lineText(line.memo, TEXT_BOUNDS.memo)
  if (code === account.code && name === account.name && memo === line.memo) return line
  return { ...line, account: { ...account, code, name }, memo }
}

/**
 * The entry with every text field on one line and within its bound; an empty payee is none. Most
 * entries are so already and come back as they are: an export bounds every entry it writes.
 */
export function boundedEntry(entry: JournalEntry): JournalEntry {
  const bounded = entry.payee === null ? '' : lineText(entry.payee, TEXT_BOUNDS.payee)
  const payee = bounded === '' ? null : bounded
  const id = lineName(entry.id, TEXT_BOUNDS.id)
  const description = lineText(entry.description, TEXT_BOUNDS.description)
  const billId = nullableName(entry.billId, TEXT_BOUNDS.id)
  const registerSessionId = nullableName(entry.registerSessionId, TEXT_BOUNDS.id)
  const locationId = lineName(entry.locationId, TEXT_BOUNDS.id)
  const lines = entry.lines.map(boundedLine)
  const same =
    payee === entry.payee &&
    id === entry.id &&
    description === entry.description &&
    billId === entry.billId &&
    registerSessionId === entry.registerSessionId &&
    locationId === entry.locationId &&
    lines.every((line, i) => line === entry.lines[i])
  if (same) return entry
  return { ...entry, id, description, payee, billId, registerSessionId, locationId, lines }
}

/** The location's name (or "Location <id>") as every format writes it: one line, bounded. */
export function locationNameText(locationId: string, names: LocationNames): string {
  return lineName(locationLabel(locationId, names), TEXT_BOUNDS.location)
}
