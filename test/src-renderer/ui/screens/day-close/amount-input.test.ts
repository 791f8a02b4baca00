import { describe, expect, it } from 'vitest'
import { dayCloseFigures } from '../../../../../src-renderer/domain/ledger/day-close'
import {
  amountHint,
  groupAsTyped,
  parseAmount,
} from '../../../../../src-renderer/ui/screens/day-close/amount-input'
import { changedFigures } from '../../../../../src-renderer/ui/screens/day-close/figure-rows'
import { makeBill } from '../../../../support/bill-factory'

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
    expect(parseAmount('1.5', 'IDR')).toEqual({
      ok: false,
      message:
        'IDR has no decimals: Enter whole amounts; 300.000, 300,000 and 300000 all mean three hundred thousand.',
    })
    for (const text of ['1,250', '12,50', '-5', 'abc', '', '1e3'])
      expect(parseAmount(text, 'USD').ok, text).toBe(false)
    for (const text of ['1.50', '30.00', '300.000,000', '300,000.000', '3000.000', '.300'])
      expect(parseAmount(text, 'IDR').ok, text).toBe(false)
  })

  it('reads dots and commas as thousands where the currency has no decimals', () => {
    expect(parseAmount('300.000', 'IDR')).toEqual({ ok: true, minor: 300_000 })
    expect(parseAmount('300,000', 'IDR')).toEqual({ ok: true, minor: 300_000 })
    expect(parseAmount('1.250.000', 'IDR')).toEqual({ ok: true, minor: 1_250_000 })
    expect(parseAmount('1 250 000', 'IDR')).toEqual({ ok: true, minor: 1_250_000 })
    expect(parseAmount('12,000', 'JPY')).toEqual({ ok: true, minor: 12_000 })
    expect(parseAmount('-2.500', 'IDR', { allowNegative: true })).toEqual({
      ok: true,
      minor: -2500,
    })
    expect(parseAmount('300.000', 'USD')).toEqual({
      ok: false,
      message: 'USD has at most 2 decimals.',
    })
  })

  it('says what it accepts in the hint', () => {
    expect(amountHint('IDR')).toContain('300.000, 300,000 and 300000')
    expect(amountHint('USD')).toBe('Enter digits with a dot for decimals, e.g. 125000.00.')
  })
})

describe('an amount regrouped as it is typed', () => {
  // The tests run in an English locale (Node's default): a comma groups thousands.
  it('groups whole amounts the locale’s way', () => {
    expect(groupAsTyped('300000', 'IDR')).toBe('300,000')
    expect(groupAsTyped('300.000', 'IDR')).toBe('300,000')
    expect(groupAsTyped('3,0000', 'IDR')).toBe('30,000')
    expect(groupAsTyped('1 250 000', 'IDR')).toBe('1,250,000')
    expect(groupAsTyped('-2500', 'IDR')).toBe('-2,500')
    expect(groupAsTyped('007', 'IDR')).toBe('7')
  })

  it('leaves what it cannot read as typed, and amounts with decimals alone', () => {
    for (const text of ['', '-', '1.5', '300.0', 'abc', '1e3'])
      expect(groupAsTyped(text, 'IDR'), text).toBe(text)
    expect(groupAsTyped('300000.50', 'USD')).toBe('300000.50')
  })

  it('gives back what the parser reads as the same amount', () => {
    for (const text of ['300000', '300.000', '3,0000', '1 250 000'])
      expect(parseAmount(groupAsTyped(text, 'IDR'), 'IDR')).toEqual(
        parseAmount(text.replace(/\D/g, ''), 'IDR'),
      )
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
