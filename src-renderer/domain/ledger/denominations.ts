import { MoneyError } from '../../../src-shared/domain/money'

/** The notes and coins of a currency, to count a drawer by, in minor units, largest first. */

export interface Denomination {
  /** Minor units. */
  value: number
  kind: 'note' | 'coin'
}

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
}

/** The currency's notes and coins, or null when Till has no table for it (count a plain amount). */
export function denominationsOf(currency: string): readonly Denomination[] | null {
  return TABLES[currency.toUpperCase()] ?? null
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
