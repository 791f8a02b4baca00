import { currencyExponent, MoneyError } from '../../../src-shared/domain/money'

/** The notes and coins of a currency, to count a drawer by, in minor units, largest first. */

export interface Denomination {
  /** Minor units. */
  value: number
  kind: 'note' | 'coin'
}

/** A denomination of a drawer count with how many pieces of it were counted. */
export interface CountedDenomination extends Denomination {
  pieces: number
}

/** More of one kind than any currency issues; a list past it is not a drawer's. */
export const MAX_OF_A_KIND = 30
/** Seven digits of pieces: more notes of one value than any drawer holds. */
export const MAX_PIECES = 9_999_999

const notes = (...values: number[]): Denomination[] =>
  values.map((value) => ({ value, kind: 'note' }))
const coins = (...values: number[]): Denomination[] =>
  values.map((value) => ({ value, kind: 'coin' }))

/** Those in everyday circulation; a drawer rarely holds the others. */
const TABLES: Record<string, readonly Denomination[]> = {
  IDR: [
    ...notes(100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000),
    ...coins(1_000, 500, 200, 100),
  ],
  USD: [...notes(10_000, 5_000, 2_000, 1_000, 500, 100), ...coins(25, 10, 5, 1)],
  EUR: [
    ...notes(20_000, 10_000, 5_000, 2_000, 1_000, 500),
    ...coins(200, 100, 50, 20, 10, 5, 2, 1),
  ],
  GBP: [...notes(5_000, 2_000, 1_000, 500), ...coins(200, 100, 50, 20, 10, 5, 2, 1)],
  JPY: [...notes(10_000, 5_000, 1_000), ...coins(500, 100, 50, 10, 5, 1)],
  SGD: [...notes(10_000, 5_000, 1_000, 500, 200), ...coins(100, 50, 20, 10, 5)],
  MYR: [...notes(10_000, 5_000, 2_000, 1_000, 500, 100), ...coins(50, 20, 10, 5)],
  THB: [...notes(100_000, 50_000, 10_000, 5_000, 2_000), ...coins(1_000, 500, 200, 100, 50, 25)],
  PHP: [
    ...notes(100_000, 50_000, 20_000, 10_000, 5_000),
    ...coins(2_000, 1_000, 500, 100, 25, 5, 1),
  ],
  AUD: [...notes(10_000, 5_000, 2_000, 1_000, 500), ...coins(200, 100, 50, 20, 10, 5)],
  NZD: [...notes(10_000, 5_000, 2_000, 1_000, 500), ...coins(200, 100, 50, 20, 10)],
  CAD: [...notes(10_000, 5_000, 2_000, 1_000, 500), ...coins(200, 100, 25, 10, 5)],
  CHF: [...notes(20_000, 10_000, 5_000, 2_000, 1_000), ...coins(500, 200, 100, 50, 20, 10, 5)],
  HKD: [...notes(50_000, 10_000, 5_000, 2_000, 1_000), ...coins(500, 200, 100, 50, 20, 10)],
  CNY: [...notes(10_000, 5_000, 2_000, 1_000, 500, 100), ...coins(100, 50, 10)],
  INR: [
    ...notes(50_000, 20_000, 10_000, 5_000, 2_000, 1_000),
    ...coins(2_000, 1_000, 500, 200, 100),
  ],
  KRW: [...notes(50_000, 10_000, 5_000, 1_000), ...coins(500, 100, 50, 10)],
  AED: [...notes(50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500), ...coins(100, 50, 25)],
  SAR: [...notes(50_000, 20_000, 10_000, 5_000, 1_000, 500), ...coins(200, 100, 50, 25, 10, 5)],
  QAR: [...notes(50_000, 20_000, 10_000, 5_000, 1_000, 500, 100), ...coins(50, 25)],
  // Three decimals: a dinar is 1,000 fils (a rial 1,000 baisa).
  KWD: [...notes(20_000, 10_000, 5_000, 1_000, 500, 250), ...coins(100, 50, 20, 10, 5)],
  BHD: [...notes(20_000, 10_000, 5_000, 1_000, 500), ...coins(100, 50, 25, 10, 5)],
  OMR: [...notes(50_000, 20_000, 10_000, 5_000, 1_000, 500, 100), ...coins(50, 25, 10, 5)],
  JOD: [...notes(50_000, 20_000, 10_000, 5_000, 1_000), ...coins(500, 250, 100, 50, 10)],
}

/** The fallback's notes and coins in hundredths of a major unit: the 1-2-5 series. */
const FALLBACK_NOTES = [10_000, 5_000, 2_000, 1_000, 500]
const FALLBACK_COINS = [200, 100, 50, 20, 10, 5, 2, 1]

/**
 * For a currency Till has no table of: notes of 100 down to 5 major units and coins of 2 down
 * to the smallest 1-2-5 step the currency's decimals can write (at most a hundredth), so every
 * value is a whole number of minor units. A starting point for Settings → Notes and coins.
 */
function fallbackOf(exponent: number): Denomination[] {
  const scaled = (hundredths: number): number => hundredths * 10 ** exponent
  const whole = (hundredths: number): boolean => scaled(hundredths) % 100 === 0
  return [
    ...notes(...FALLBACK_NOTES.map((h) => scaled(h) / 100)),
    ...coins(...FALLBACK_COINS.filter(whole).map((h) => scaled(h) / 100)),
  ]
}

export type DenominationSource = 'till' | 'guessed'

/**
 * The notes and coins Till knows for a currency (ISO 4217 code), and whether they are from its
 * own table or guessed from the currency's decimals. Throws MoneyError for a code that is not a
 * currency.
 */
export function defaultDenominations(currency: string): {
  denominations: readonly Denomination[]
  source: DenominationSource
} {
  const code = currency.trim().toUpperCase()
  const table = TABLES[code]
  if (table) return { denominations: table, source: 'till' }
  return { denominations: fallbackOf(currencyExponent(code)), source: 'guessed' }
}

/** The currencies Till has a table of, A to Z. */
export const CURRENCIES_WITH_TABLES = Object.keys(TABLES).sort()

/** Notes first, then coins, each largest first: the order a drawer is counted in. */
export function inCountingOrder(list: readonly Denomination[]): Denomination[] {
  return [...list].sort((a, b) =>
    a.kind === b.kind ? b.value - a.value : a.kind === 'note' ? -1 : 1,
  )
}

/** A denomination's key among a currency's: its kind and value ("note-100000"). */
export function denominationKey(d: Denomination): string {
  return `${d.kind}-${d.value}`
}

/** The drawer's total: each denomination's value times how many were counted (missing = 0). */
export function denominationTotal(
  denominations: readonly Denomination[],
  counts: readonly number[],
): number {
  let total = 0
  denominations.forEach((d, i) => {
    const pieces = counts[i] ?? 0
    if (!Number.isSafeInteger(pieces) || pieces < 0)
      throw new MoneyError(`A count of pieces must be a whole number, got ${pieces}`)
    total += d.value * pieces
    if (!Number.isSafeInteger(total))
      throw new MoneyError('The drawer total left the range of exact integers')
  })
  return total
}

/**
 * Why a shop's list of notes and coins cannot be counted by; null when it can. Values are whole
 * minor units above 0, each once per kind, at most MAX_OF_A_KIND of a kind, and one at least.
 */
export function denominationListProblem(list: readonly Denomination[]): string | null {
  if (list.length === 0) return 'List one note or coin at least.'
  for (const kind of ['note', 'coin'] as const) {
    const values = list.filter((d) => d.kind === kind).map((d) => d.value)
    if (values.length > MAX_OF_A_KIND) return `List at most ${MAX_OF_A_KIND} ${kind}s.`
    if (values.some((v) => !Number.isSafeInteger(v) || v <= 0))
      return `Each ${kind} is worth more than 0, in whole minor units.`
    if (new Set(values).size !== values.length) return `Each ${kind} is listed once.`
  }
  return null
}
