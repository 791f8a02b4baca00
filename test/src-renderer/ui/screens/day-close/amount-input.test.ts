import { describe, expect, it } from 'vitest'
import { dayCloseFigures } from '../../../../../src-renderer/domain/ledger/day-close'
import {
  numberMarks,
  type NumberMarks,
} from '../../../../../src-renderer/domain/format/amount-text'
import {
  amountHint,
  amountPlaceholder,
  groupAsTyped,
  parseAmount,
} from '../../../../../src-renderer/ui/screens/day-close/amount-input'
import { changedFigures } from '../../../../../src-renderer/ui/screens/day-close/figure-rows'
import { makeBill } from '../../../../support/bill-factory'

const english = numberMarks('en-US')
const german = numberMarks('de-DE')

/** What a field holds after `text` is typed into it one character at a time. */
function typed(text: string, marks: NumberMarks): string {
  let value = ''
  for (const character of text) value = groupAsTyped(value + character, marks)
  return value
}

describe('a counted amount as typed or pasted', () => {
  it('ends as 1234.56 when 1.234,56 is typed key by key in a comma-decimal locale', () => {
    expect(typed('1.234,56', german)).toBe('1.234,56')
    expect(parseAmount(typed('1.234,56', german), 'EUR', german)).toEqual({
      ok: true,
      minor: 123_456,
    })
  })

  it('refuses 1.234,56 typed key by key in an English-grouping IDR shop, keeping what was typed', () => {
    const field = typed('1.234,56', english)
    expect(field).toBe('1.234,56')
    expect(parseAmount(field, 'IDR', english).ok).toBe(false)
  })

  it('takes a pasted amount with the currency’s code or symbol in an IDR shop', () => {
    for (const marks of [english, numberMarks('id-ID')]) {
      expect(parseAmount('IDR 3,276,300', 'IDR', marks)).toEqual({ ok: true, minor: 3_276_300 })
      expect(parseAmount('Rp 3.276.300', 'IDR', marks)).toEqual({ ok: true, minor: 3_276_300 })
    }
  })

  it('refuses amounts above 999,999,999,999 with a message instead of throwing', () => {
    const tooLarge = {
      ok: false,
      message: 'Too large: an amount is at most 999,999,999,999 IDR.',
    }
    expect(parseAmount('999,999,999,999,999', 'IDR', english)).toEqual(tooLarge)
    expect(parseAmount('9999999999999999', 'IDR', english)).toEqual(tooLarge)
    expect(parseAmount('9999999999999999', 'USD', english).ok).toBe(false)
    expect(parseAmount('999,999,999,999', 'IDR', english)).toEqual({
      ok: true,
      minor: 999_999_999_999,
    })
  })

  it('reads the three decimals of the Kuwaiti dinar', () => {
    expect(parseAmount('KD 1.250', 'KWD', english)).toEqual({ ok: true, minor: 1250 })
    expect(parseAmount('0.005', 'KWD', english)).toEqual({ ok: true, minor: 5 })
    expect(parseAmount('1.2505', 'KWD', english)).toEqual({
      ok: false,
      message: 'KWD has at most 3 decimals.',
    })
    expect(amountPlaceholder('KWD', english)).toBe('0.000')
  })

  it('says what it accepts in the hint, in the shop’s marks', () => {
    expect(amountHint('IDR', german)).toBe('Whole amounts, e.g. 1.234.500 or 1234500.')
    expect(amountHint('USD', english)).toBe(
      'Amounts with a dot before the 2 decimals, e.g. 1,234,500.00.',
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
