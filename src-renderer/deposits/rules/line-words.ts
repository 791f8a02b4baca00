import { CASH } from '../../day-close/rules/day-close'
import type { StatementLine } from './bank-line'
import type { BankRule } from './deposit-settings'

/**
 * A bank line read as a bookkeeper reads it (docs/deposits.md#the-banks-words): what its
 * transaction kind and text say it pays — which methods ("CARD SETTLEMENT", "SETORAN TUNAI"),
 * which locations (their names and the aliases the shop gave), which business days
 * ("2026-12-04..2026-12-06", "04-06 DEC", "18-20/11") — and the rules the bookkeeper taught
 * Till for its bank account. Words only ever narrow: where they say nothing, any reading stands,
 * and whatever they allow, the amounts must still agree.
 */

export interface LineWords {
  /** Whether the words let the line pay takings of this method. */
  allowsMethod(method: string): boolean
  /** Whether the words let the line pay takings of this location. */
  allowsLocation(locationId: string): boolean
  /** The business days the text names (its own booking and value dates left out); null: none. */
  dates: ReadonlySet<string> | null
  /** Terminal, merchant, batch and slip numbers written in the text ("TID 88120045"). */
  references: string[]
}

/** What the words are read against: the shop's names for its locations and what it taught. */
export interface WordsContext {
  locationNames: Readonly<Record<string, string>>
  locationAliases: Readonly<Record<string, readonly string[]>>
  bankRules: readonly BankRule[]
}

/** A processor's payout is neither cash nor a customer's own transfer; a transfer is not cash
 *  (a processor pays by transfer too, so transfer words never say a customer's transfer). */
const PAYOUT = (method: string) => method !== CASH && method !== 'bank_transfer'
const NOT_CASH = (method: string) => method !== CASH

/** Words naming one method, as whole words of the text upper-cased, punctuation as spaces. */
const METHOD_WORDS: readonly (readonly [method: string, words: readonly string[]])[] = [
  [CASH, ['CASH DEPOSIT', 'CASH DEP', 'CASH IN', 'SETORAN TUNAI', 'SETOR TUNAI', 'TUNAI', 'CDM']],
  [
    'card',
    ['CARD', 'CARDS', 'KARTU', 'VISA', 'MASTERCARD', 'MASTER CARD', 'AMEX', 'EDC', 'POS', 'JCB'],
  ],
  ['qris', ['QRIS', 'QR']],
  ['e_wallet', ['E WALLET', 'EWALLET', 'GOPAY', 'OVO', 'SHOPEEPAY', 'LINKAJA']],
]
/** Words that say what a line is not, whatever the method: a processor paying out, a transfer. */
const CLASS_WORDS: readonly (readonly [test: (method: string) => boolean, words: string[]])[] = [
  [PAYOUT, ['SETTLEMENT', 'SETTLE', 'STLMT', 'MERCHANT', 'ACQUIRER', 'PAYOUT']],
  [NOT_CASH, ['TRANSFER', 'TRANSFERS', 'TRF', 'TRSF', 'XFER']],
]

/** Kinds of transaction that say the method: CAMT BkTxCd parts, OFX TRNTYPE. */
const KIND_METHODS: Readonly<Record<string, string>> = {
  CDPT: CASH,
  ATM: CASH,
  CASH: CASH,
  MCRD: 'card',
  CCRD: 'card',
}

const words = (text: string): string =>
  ` ${text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()} `
const has = (spaced: string, phrase: string): boolean => spaced.includes(` ${phrase} `)
const compact = (text: string): string => text.toUpperCase().replace(/\s+/g, '')

/** The methods the words allow, as a test; null where they say nothing. */
function methodsOf(spaced: string, kind: string | undefined): ((method: string) => boolean) | null {
  const named = new Set(
    METHOD_WORDS.filter(([, list]) => list.some((w) => has(spaced, w))).map(([m]) => m),
  )
  const classes = CLASS_WORDS.filter(([, list]) => list.some((w) => has(spaced, w))).map(
    ([test]) => test,
  )
  const fromKind = (kind ?? '')
    .toUpperCase()
    .split('/')
    .flatMap((part) => KIND_METHODS[part] ?? [])
  let text: ((method: string) => boolean) | null = null
  if (named.size > 0) {
    // Words at odds with each other ("CASH DEPOSIT … SETTLEMENT"): the methods named stand.
    const fitting = [...named].filter((method) => classes.every((test) => test(method)))
    const kept = new Set(fitting.length > 0 ? fitting : named)
    text = (method) => kept.has(method)
  } else if (classes.length > 0) text = (method) => classes.every((test) => test(method))
  if (fromKind.length === 0) return text
  const kinds = new Set(fromKind)
  return text ? (method) => kinds.has(method) && text(method) : (method) => kinds.has(method)
}

/** The locations whose name or alias the text names (whole words), or null for none. */
function locationsOf(spaced: string, context: WordsContext): Set<string> | null {
  const found = new Set<string>()
  const ids = new Set([
    ...Object.keys(context.locationNames),
    ...Object.keys(context.locationAliases),
  ])
  for (const id of ids) {
    const names = [context.locationNames[id] ?? '', ...(context.locationAliases[id] ?? [])]
    if (names.some((name) => words(name).trim().length >= 2 && has(spaced, words(name).trim())))
      found.add(id)
  }
  return found.size > 0 ? found : null
}

/** Month names and their short forms, English and Indonesian. */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['JAN', 'JANUARY', 'JANUARI'],
  ['FEB', 'FEBRUARY', 'FEBRUARI'],
  ['MAR', 'MARCH', 'MARET'],
  ['APR', 'APRIL'],
  ['MAY', 'MEI'],
  ['JUN', 'JUNE', 'JUNI'],
  ['JUL', 'JULY', 'JULI'],
  ['AUG', 'AUGUST', 'AGU', 'AGS', 'AGUSTUS'],
  ['SEP', 'SEPT', 'SEPTEMBER'],
  ['OCT', 'OCTOBER', 'OKT', 'OKTOBER'],
  ['NOV', 'NOVEMBER', 'NOPEMBER'],
  ['DEC', 'DECEMBER', 'DES', 'DESEMBER'],
]
const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1])))
const MONTH = `(${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|')})`
/** The longest run of days a line is read as naming; a longer range says nothing. */
const MAX_NAMED_DAYS = 31
const DAY_MS = 86_400_000

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null
  if (date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

const fullYear = (text: string): number => (text.length === 2 ? 2000 + Number(text) : Number(text))

/** The date of day and month in the latest year that puts it on or before the booking date. */
function beforeBooking(month: number, day: number, booked: string): string | null {
  const year = Number(booked.slice(0, 4))
  const same = isoDate(year, month, day)
  if (same && same <= booked) return same
  return isoDate(year - 1, month, day)
}

/** Each way to read a date as written: "/" may put the month first, as US banks do. */
function readings(
  day: string,
  month: string,
  year: string | undefined,
  slash: boolean,
  booked: string,
): string[] {
  const of = (d: number, m: number) =>
    year === undefined ? beforeBooking(m, d, booked) : isoDate(fullYear(year), m, d)
  const found = [of(Number(day), Number(month))]
  if (slash) found.push(of(Number(month), Number(day)))
  return [...new Set(found.filter((date): date is string => date !== null))]
}

function daysFrom(from: string, to: string): string[] | null {
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS
  if (span < 0 || span >= MAX_NAMED_DAYS) return null
  return Array.from({ length: span + 1 }, (_, i) =>
    new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10),
  )
}

/** A mention of dates: one date (each way it may be read), or a range of days. */
type Mention = { single: string[] } | { range: string[] }

/** The dates and ranges the text names, in the usual forms. */
function mentionsOf(text: string, booked: string): Mention[] {
  const upper = text.toUpperCase()
  const mentions: Mention[] = []
  const taken: [number, number][] = []
  const take = (pattern: RegExp, read: (m: RegExpExecArray) => Mention | null) => {
    for (const match of upper.matchAll(pattern)) {
      const start = match.index
      const end = start + match[0].length
      if (taken.some(([s, e]) => start < e && end > s)) continue
      taken.push([start, end])
      const mention = read(match)
      if (mention) mentions.push(mention)
    }
  }
  const RANGE = '\\s*(?:\\.\\.|-|–|TO|S/D|SD)\\s*'
  const ISO = '(\\d{4})-(\\d{2})-(\\d{2})'
  const DMY = '(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})'
  const iso = (m: RegExpExecArray, at: number) =>
    isoDate(Number(m[at]), Number(m[at + 1]), Number(m[at + 2]))
  const range = (from: string | null, to: string | null): Mention | null => {
    const days = from && to ? daysFrom(from, to) : null
    return days ? { range: days } : null
  }
  // 2026-12-04..2026-12-06
  take(new RegExp(`(?<!\\d)${ISO}${RANGE}${ISO}(?!\\d)`, 'g'), (m) => range(iso(m, 1), iso(m, 4)))
  // 04/12/2026 - 06/12/2026, 04.12.26..06.12.26 (read day first)
  take(new RegExp(`(?<!\\d)${DMY}${RANGE}${DMY}(?!\\d)`, 'g'), (m) =>
    range(
      isoDate(fullYear(m[4]!), Number(m[3]), Number(m[1])),
      isoDate(fullYear(m[8]!), Number(m[7]), Number(m[5])),
    ),
  )
  take(new RegExp(`(?<!\\d)${ISO}(?!\\d)`, 'g'), (m) => {
    const date = iso(m, 1)
    return date ? { single: [date] } : null
  })
  take(new RegExp(`(?<!\\d)${DMY}(?!\\d)`, 'g'), (m) => ({
    single: readings(m[1]!, m[3]!, m[4], m[2] === '/', booked),
  }))
  // 04-06 DEC, 04-06 DEC 2026, 04 DEC
  take(
    new RegExp(
      `(?<![\\d/.])(\\d{1,2})(?:${RANGE}(\\d{1,2}))?\\s*${MONTH}(?:\\s*(\\d{4}))?\\b`,
      'g',
    ),
    (m) => {
      const month = MONTHS.get(m[3]!)!
      const on = (day: string) =>
        m[4] ? isoDate(Number(m[4]), month, Number(day)) : beforeBooking(month, Number(day), booked)
      return m[2] ? range(on(m[1]!), on(m[2])) : on(m[1]!) ? { single: [on(m[1]!)!] } : null
    },
  )
  // 18-20/11, 18-20.11.2026
  take(
    new RegExp(
      `(?<![\\d/.])(\\d{1,2})-(\\d{1,2})[/.](\\d{1,2})(?:[/.](\\d{4}|\\d{2}))?(?![\\d/.])`,
      'g',
    ),
    (m) => {
      const on = (day: string) =>
        m[4]
          ? isoDate(fullYear(m[4]), Number(m[3]), Number(day))
          : beforeBooking(Number(m[3]), Number(day), booked)
      return range(on(m[1]!), on(m[2]!))
    },
  )
  return mentions
}

/** The business days the text names; a single date that is the line's own booking or value
 *  date is the bank's, not the takings'. */
function datesOf(line: Pick<StatementLine, 'text' | 'date' | 'valueDate'>): Set<string> | null {
  const own = new Set([line.date, line.valueDate])
  const dates = new Set<string>()
  for (const mention of mentionsOf(line.text, line.date)) {
    if ('range' in mention) for (const day of mention.range) dates.add(day)
    else if (!mention.single.some((date) => own.has(date)))
      for (const date of mention.single) dates.add(date)
  }
  return dates.size > 0 ? dates : null
}

const REFERENCE =
  /\b(TID|MID|TERMINAL|TERM|MERCHANT ID|BATCH|SLIP)\s*(?:NO\.?|#|:)?\s*([A-Z0-9][A-Z0-9-]{2,})\b/g

/** Reads a bank line's words (the module's comment); `bankRules` of its own account only. */
export function lineWords(
  line: Pick<StatementLine, 'text' | 'date' | 'valueDate' | 'bankKind'> & {
    bankAccountId: string
  },
  context: WordsContext,
): LineWords {
  const spaced = words(line.text)
  const methodTests: ((method: string) => boolean)[] = []
  const locationSets: ReadonlySet<string>[] = []
  const methods = methodsOf(spaced, line.bankKind)
  if (methods) methodTests.push(methods)
  const locations = locationsOf(spaced, context)
  if (locations) locationSets.push(locations)
  const text = compact(line.text)
  for (const rule of context.bankRules) {
    if (rule.bankAccountId !== line.bankAccountId || !text.includes(compact(rule.contains)))
      continue
    if (rule.methods.length > 0) {
      const taught = new Set(rule.methods)
      methodTests.push((method) => taught.has(method))
    }
    if (rule.locationIds.length > 0) locationSets.push(new Set(rule.locationIds))
  }
  return {
    allowsMethod: (method) => methodTests.every((test) => test(method)),
    allowsLocation: (id) => locationSets.every((set) => set.has(id)),
    dates: datesOf(line),
    references: [...line.text.toUpperCase().matchAll(REFERENCE)].map((m) => `${m[1]} ${m[2]}`),
  }
}
