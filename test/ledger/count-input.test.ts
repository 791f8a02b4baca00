import { describe, expect, it } from 'vitest'
import { dayCloseFigures } from '../../src-renderer/ledger/day-close'
import { parseAmount } from '../../src-renderer/screens/day-close/amount-input'
import { changedFigures } from '../../src-renderer/screens/day-close/figure-rows'
import { makeBill } from './bill-factory'

describe('a counted amount as typed', () => {
  it('is exact in minor units with the currency’s decimals', () => {
    expect(parseAmount('1250000', 'IDR')).toEqual({ ok: true, minor: 1_250_000 })
    expect(parseAmount(' 1 250 000 ', 'IDR')).toEqual({ ok: true, minor: 1_250_000 })
    expect(parseAmount('12.5', 'USD')).toEqual({ ok: true, minor: 1250 })
    expect(parseAmount('0.10', 'USD')).toEqual({ ok: true, minor: 10 })
    expect(parseAmount('1.250', 'KWD')).toEqual({ ok: true, minor: 1250 })
    expect(parseAmount('-3.5', 'USD', { allowNegative: true })).toEqual({ ok: true, minor: -350 })
  })

  it('is refused, with the reason, rather than rounded or guessed', () => {
    expect(parseAmount('12.345', 'USD')).toEqual({
      ok: false,
      message: 'USD has at most 2 decimals.',
    })
    expect(parseAmount('1.5', 'IDR')).toEqual({ ok: false, message: 'IDR has no decimals.' })
    for (const text of ['1,250', '12,50', '-5', 'abc', '', '1e3'])
      expect(parseAmount(text, 'USD').ok, text).toBe(false)
  })
})

describe('frozen against current figures', () => {
  const bill = makeBill({
    id: 'A',
    session: 'S',
    lines: [1000],
    payments: [{ method: 'card', amount: 1000 }],
  })
  const inputs = {
    bills: [bill],
    payments: bill.payments.map((p) => ({ ...p, billType: bill.type })),
    expenses: [],
    openingCash: null,
  }

  it('lists only what moved, a method one side lacks counting as 0', () => {
    const frozen = dayCloseFigures(inputs)
    const paidMore = makeBill({ id: 'B', session: 'S', lines: [], payments: [] })
    const current = dayCloseFigures({
      ...inputs,
      payments: [
        ...inputs.payments,
        { method: 'qris', amount: 300, reversedAt: null, billType: 'sale' },
      ],
      bills: [bill, paidMore],
      openingCash: 5000,
    })
    expect(changedFigures(frozen, current)).toEqual([
      { label: 'Sale bills', kind: 'count', frozen: 1, current: 2 },
      {
        label: 'Total collected (net of money returned)',
        kind: 'money',
        frozen: 1000,
        current: 1300,
      },
      {
        label: 'Receivable change (net sales not yet paid)',
        kind: 'money',
        frozen: 0,
        current: -300,
      },
      { label: 'Opening cash', kind: 'money', frozen: null, current: 5000 },
      { label: 'Expected cash', kind: 'money', frozen: 0, current: 5000 },
      { label: 'Net QRIS', kind: 'money', frozen: 0, current: 300 },
    ])
    expect(changedFigures(frozen, frozen)).toEqual([])
  })
})
