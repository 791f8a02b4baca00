import { describe, expect, it } from 'vitest'
import { currencyExponent, MoneyError } from '../../../../src-shared/domain/money'
import {
  denominationsOf,
  denominationTotal,
} from '../../../../src-renderer/domain/ledger/denominations'

const CURRENCIES = ['IDR', 'USD', 'EUR', 'GBP', 'JPY', 'SGD', 'MYR', 'THB', 'PHP', 'AUD']

describe('the notes and coins of a currency', () => {
  it.each(CURRENCIES)('%s has notes and coins, largest first, each once', (currency) => {
    const table = denominationsOf(currency)!
    for (const kind of ['note', 'coin'] as const) {
      const values = table.filter((d) => d.kind === kind).map((d) => d.value)
      expect(values.length, kind).toBeGreaterThan(0)
      expect(values).toEqual([...new Set(values)].sort((a, b) => b - a))
    }
    // Notes come before coins.
    const kinds = table.map((d) => d.kind)
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'note' ? -1 : 1)))
  })

  it('are in minor units of the currency', () => {
    expect(denominationsOf('IDR')![0]).toEqual({ value: 100_000, kind: 'note' })
    expect(denominationsOf('JPY')!.at(-1)).toEqual({ value: 1, kind: 'coin' })
    expect(denominationsOf('USD')![0]).toEqual({ value: 10_000, kind: 'note' })
    expect(currencyExponent('USD')).toBe(2)
    expect(denominationsOf('usd')).toBe(denominationsOf('USD'))
  })

  it('are unknown for a currency without a table: the count is a plain amount', () => {
    expect(denominationsOf('KWD')).toBeNull()
    expect(denominationsOf('XXX')).toBeNull()
  })
})

describe('the total of a drawer counted by pieces', () => {
  const idr = denominationsOf('IDR')!

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
