import { describe, expect, it } from 'vitest'
import { currencyExponent, MoneyError } from '../../../../src-shared/domain/money'
import {
  CURRENCIES_WITH_TABLES,
  defaultDenominations,
  denominationListProblem,
  denominationTotal,
  inCountingOrder,
  MAX_OF_A_KIND,
  type Denomination,
} from '../../../../src-renderer/day-close/rules/denominations'

/** The currencies the demo shop and the tests run in. */
const USED = ['IDR', 'USD', 'EUR', 'GBP', 'JPY', 'SGD', 'MYR', 'THB', 'PHP', 'AUD', 'KWD', 'BHD']

const valuesOf = (table: readonly Denomination[], kind: Denomination['kind']): number[] =>
  table.filter((d) => d.kind === kind).map((d) => d.value)

describe('the notes and coins of a currency', () => {
  it.each(USED)(
    '%s has a table of its own, notes then coins, largest first, each once',
    (currency) => {
      const { denominations: table, source } = defaultDenominations(currency)
      expect(source).toBe('till')
      for (const kind of ['note', 'coin'] as const) {
        const values = valuesOf(table, kind)
        expect(values.length, kind).toBeGreaterThan(0)
        expect(values).toEqual([...new Set(values)].sort((a, b) => b - a))
      }
      expect(table).toEqual(inCountingOrder(table))
      expect(denominationListProblem(table)).toBeNull()
    },
  )

  it('are in minor units of the currency, three decimals for the dinar', () => {
    expect(defaultDenominations('IDR').denominations[0]).toEqual({ value: 100_000, kind: 'note' })
    expect(defaultDenominations('JPY').denominations.at(-1)).toEqual({ value: 1, kind: 'coin' })
    expect(defaultDenominations('USD').denominations[0]).toEqual({ value: 10_000, kind: 'note' })
    expect(currencyExponent('KWD')).toBe(3)
    // A 20 dinar note; a 5 fils coin.
    expect(defaultDenominations('KWD').denominations[0]).toEqual({ value: 20_000, kind: 'note' })
    expect(defaultDenominations('KWD').denominations.at(-1)).toEqual({ value: 5, kind: 'coin' })
    expect(defaultDenominations(' usd ').denominations).toBe(
      defaultDenominations('USD').denominations,
    )
  })

  it('are guessed from the decimals for every other currency Intl knows: whole minor units, 1-2-5 steps', () => {
    const others = Intl.supportedValuesOf('currency').filter(
      (c) => !CURRENCIES_WITH_TABLES.includes(c),
    )
    expect(others.length).toBeGreaterThan(100)
    for (const currency of others) {
      const { denominations: table, source } = defaultDenominations(currency)
      expect(source, currency).toBe('guessed')
      expect(denominationListProblem(table), currency).toBeNull()
      const exponent = currencyExponent(currency)
      // Notes of 100 down to 5 major units.
      expect(valuesOf(table, 'note'), currency).toEqual(
        [100, 50, 20, 10, 5].map((m) => m * 10 ** exponent),
      )
      const coins = valuesOf(table, 'coin')
      expect(coins[0], currency).toBe(2 * 10 ** exponent)
      // Down to a hundredth of a major unit, or the unit itself where there are no decimals.
      expect(coins.at(-1), currency).toBe(exponent === 0 ? 1 : 10 ** (exponent - 2))
    }
  })

  it('are refused for a code that is not a currency', () => {
    expect(() => defaultDenominations('dollars')).toThrow(MoneyError)
  })
})

describe('a shop’s own list of notes and coins', () => {
  const note = (value: number): Denomination => ({ value, kind: 'note' })
  const coin = (value: number): Denomination => ({ value, kind: 'coin' })

  it('is counted by when every value is whole, above 0 and once per kind', () => {
    expect(denominationListProblem([note(1000), coin(1000), coin(5)])).toBeNull()
    expect(denominationListProblem([])).toBe('List one note or coin at least.')
    expect(denominationListProblem([note(0)])).toBe(
      'Each note is worth more than 0, in whole minor units.',
    )
    expect(denominationListProblem([coin(2.5)])).toBe(
      'Each coin is worth more than 0, in whole minor units.',
    )
    expect(denominationListProblem([coin(5), coin(5)])).toBe('Each coin is listed once.')
    expect(
      denominationListProblem(Array.from({ length: MAX_OF_A_KIND + 1 }, (_, i) => note(i + 1))),
    ).toBe(`List at most ${MAX_OF_A_KIND} notes.`)
  })

  it('is put in counting order: notes before coins, each largest first', () => {
    expect(inCountingOrder([coin(5), note(500), coin(100), note(1000)])).toEqual([
      note(1000),
      note(500),
      coin(100),
      coin(5),
    ])
  })
})

describe('the total of a drawer counted by pieces', () => {
  const idr = defaultDenominations('IDR').denominations

  it('adds each value times its pieces, missing counts as none', () => {
    // 3 × 100,000 + 1 × 20,000 + 4 × 500
    const counts = idr.map((d) =>
      d.value === 100_000 ? 3 : d.value === 20_000 ? 1 : d.value === 500 ? 4 : 0,
    )
    expect(denominationTotal(idr, counts)).toBe(322_000)
    expect(denominationTotal(idr, [2])).toBe(200_000)
    expect(denominationTotal(idr, [])).toBe(0)
  })

  it('refuses a count that is not a whole number of pieces', () => {
    expect(() => denominationTotal(idr, [1.5])).toThrow(MoneyError)
    expect(() => denominationTotal(idr, [-1])).toThrow(MoneyError)
    expect(() => denominationTotal(idr, [Number.MAX_SAFE_INTEGER])).toThrow(MoneyError)
  })
})
