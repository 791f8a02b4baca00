import { PAID_FROM_MAIN } from '../../../support/journal-context'
import { describe, expect, it } from 'vitest'
import {
  balancedEntry,
  type JournalEntry,
} from '../../../../src-renderer/exports/rules/journal-entry'
import {
  billEntries,
  expenseEntries,
  varianceEntries,
  type PostedView,
} from '../../../../src-renderer/exports/rules/journal'
import { expense, line, payment, sale, T0 } from '../../../support/exports/fixtures'
import { context } from '../../../support/exports/journals'

function posted(bills: Record<string, string[]>, entries: string[] = []): PostedView {
  return { postedPayments: (id) => bills[id], isPosted: (id) => entries.includes(id) }
}

/** Account name → debit-positive amount, for compact expectations. */
function byName(entry: JournalEntry | undefined): Record<string, number> {
  const out: Record<string, number> = {}
  for (const l of entry?.lines ?? []) out[l.account.name] = (out[l.account.name] ?? 0) + l.amount
  return out
}

describe('journal rules for a bill', () => {
  it('posts a sale with its lines, fee, discount net of tax, tax, payments and receivable', () => {
    const { entries, problems } = billEntries([sale()], context())
    expect(problems).toEqual([])
    expect(entries.map((e) => e.id)).toEqual(['b1'])
    expect(byName(entries[0])).toEqual({
      Sales: -1500,
      'Fee income': -182,
      Discounts: 150,
      'Tax payable:VAT': -153,
      'Card clearing': 1000,
      'Cash clearing': 500,
      'Unpaid bills clearing': 185,
    })
    expect(entries[0]).toMatchObject({
      date: '2026-11-20',
      currency: 'USD',
      billId: 'b1',
      registerSessionId: 's1',
      locationId: 'loc1',
      paymentIds: ['p1', 'p2'],
    })
  })

  it('posts a refund with the sides swapped and its payments as money paid out', () => {
    const refund = sale({
      id: 'b2',
      type: 'refund',
      parentBillId: 'b1',
      lines: [line('l1', 1100, 100)],
      discounts: [],
      fees: [],
      taxes: [{ name: 'VAT', rate: 10, amount: 100 }],
      total: 1100,
      totalTax: 100,
      payments: [payment('p3', 'cash', 1100)],
    })
    const [entry] = billEntries([refund], context()).entries
    expect(entry?.description).toBe('Refund 1023 of bill b1')
    expect(byName(entry)).toEqual({ Sales: 1000, 'Tax payable:VAT': 100, 'Cash clearing': -1100 })
  })

  it('sends what the total does not explain to Rounding and lists the bill as a problem', () => {
    const { entries, problems } = billEntries([sale({ total: 1680 })], context())
    expect(problems).toEqual([{ kind: 'rounding', billId: 'b1', currency: 'USD', difference: -5 }])
    expect(byName(entries[0])).toMatchObject({ Rounding: 5, 'Unpaid bills clearing': 180 })
  })

  it('posts the bill taxes and lists the bill when total_tax is not their sum', () => {
    const { entries, problems } = billEntries([sale({ totalTax: 150 })], context())
    expect(problems).toEqual([{ kind: 'tax-mismatch', billId: 'b1', totalTax: 150, taxes: 153 }])
    expect(byName(entries[0])['Tax payable:VAT']).toBe(-153)
  })

  it('reports a bill without its detail instead of posting half of it', () => {
    const { entries, problems } = billEntries([sale({ hasDetail: false })], context())
    expect(entries).toEqual([])
    expect(problems).toEqual([{ kind: 'missing-detail', billId: 'b1' }])
  })

  it('posts a payment taken in another session, or in none, on its own', () => {
    const bill = sale({
      payments: [
        payment('p1', 'card', 1000),
        payment('p2', 'cash', 500, { registerSessionId: 's2', createdAt: T0 + 86_400_000 }),
      ],
    })
    const { entries } = billEntries([bill], context())
    expect(entries.map((e) => e.id)).toEqual(['b1', 'payment:p2'])
    expect(byName(entries[0])).toMatchObject({
      'Card clearing': 1000,
      'Unpaid bills clearing': 685,
    })
    expect(entries[1]).toMatchObject({ date: '2026-11-21', registerSessionId: 's2' })
    expect(byName(entries[1])).toEqual({ 'Cash clearing': 500, 'Unpaid bills clearing': -500 })
  })

  it('keeps an exported bill entry as it was and posts a later payment as payment:<id>', () => {
    const later = sale({
      payments: [
        payment('p1', 'card', 1000),
        payment('p2', 'cash', 500),
        payment('p9', 'qris', 185),
      ],
    })
    const { entries } = billEntries([later], context(posted({ b1: ['p1', 'p2'] })))
    expect(entries.map((e) => e.id)).toEqual(['b1', 'payment:p9'])
    expect(byName(entries[0])['Unpaid bills clearing']).toBe(185)
    expect(byName(entries[1])).toEqual({ 'QRIS clearing': 185, 'Unpaid bills clearing': -185 })
  })

  it('posts the opposite when a posted payment is reversed, and nothing for one never posted', () => {
    const reversedAt = T0 + 2 * 86_400_000
    const bill = sale({
      payments: [
        payment('p1', 'card', 1000, { reversedAt }),
        payment('p2', 'cash', 500),
        payment('p3', 'qris', 100, { reversedAt, registerSessionId: 's2' }),
        payment('p4', 'qris', 85, { reversedAt, registerSessionId: 's2' }),
      ],
    })
    const { entries } = billEntries([bill], context(posted({ b1: ['p1', 'p2'] }, ['payment:p3'])))
    expect(entries.map((e) => e.id)).toEqual([
      'b1',
      'payment:p1:reversal',
      'payment:p3',
      'payment:p3:reversal',
    ])
    expect(entries[1]).toMatchObject({ kind: 'payment-reversal', date: '2026-11-22' })
    expect(byName(entries[1])).toEqual({ 'Card clearing': -1000, 'Unpaid bills clearing': 1000 })
    expect(byName(entries[3])).toEqual({ 'QRIS clearing': -100, 'Unpaid bills clearing': 100 })
  })

  it('leaves a payment reversed before the first export out of the books', () => {
    const bill = sale({ payments: [payment('p1', 'card', 1000, { reversedAt: T0 + 1 })] })
    const { entries } = billEntries([bill], context())
    expect(entries.map((e) => e.id)).toEqual(['b1'])
    expect(byName(entries[0])['Unpaid bills clearing']).toBe(1685)
  })
})

describe('entry dates (the business date of the session it happened in)', () => {
  // Session s1 of 2026-11-20 runs past midnight and closes at 01:00 in Jakarta on the 21st;
  // session s2 is the 21st's, still open.
  const HOUR = 3_600_000
  const closed = T0 + 15 * HOUR
  const sessions = new Map([
    ['s1', { businessDate: '2026-11-20', closedAt: closed }],
    ['s2', { businessDate: '2026-11-21', closedAt: null }],
  ])
  const dated = context(undefined, undefined, sessions)

  it('dates a bill rung up after midnight by its session', () => {
    const late = sale({ createdAt: T0 + 14.5 * HOUR, businessDate: '2026-11-21' })
    const [entry] = billEntries([late], dated).entries
    expect(entry).toMatchObject({ id: 'b1', date: '2026-11-20' })
  })

  it('dates a late payment and a reversal by the session they happened in', () => {
    const bill = sale({
      payments: [
        payment('p1', 'card', 1000, { reversedAt: T0 + 14 * HOUR }),
        payment('p2', 'cash', 500, { reversedAt: closed + HOUR }),
        payment('p3', 'qris', 185, { registerSessionId: 's2', createdAt: T0 + 40 * HOUR }),
      ],
    })
    const { entries } = billEntries(
      [bill],
      context(posted({ b1: ['p1', 'p2'] }), undefined, sessions),
    )
    expect(entries.map((e) => [e.id, e.date])).toEqual([
      ['b1', '2026-11-20'],
      // Reversed before s1 closed, in the small hours of the 21st: s1's date.
      ['payment:p1:reversal', '2026-11-20'],
      // Reversed after s1 closed: in a later session, on the day it happened.
      ['payment:p2:reversal', '2026-11-21'],
      // Taken in s2 on the 22nd's calendar day (02:00 in Jakarta): s2's date.
      ['payment:p3', '2026-11-21'],
    ])
  })

  it('dates an expense of a session by the session, else by its own date', () => {
    const [ofSession, ofNone] = expenseEntries(
      [
        expense({ expenseDate: '2026-11-21', createdAt: T0 + 14 * HOUR }),
        expense({ id: 'e2', registerSessionId: null, expenseDate: '2026-11-19' }),
      ],
      dated,
      PAID_FROM_MAIN,
    )
    expect(ofSession?.date).toBe('2026-11-20')
    expect(ofNone?.date).toBe('2026-11-19')
  })
})

describe('journal rules for expenses and cash counts', () => {
  it('posts an expense net of tax, its input tax, and the money paid', () => {
    const [entry] = expenseEntries(
      [
        expense({
          currency: 'IDR',
          amount: 111000,
          taxAmount: 11000,
          expenseDate: '2026-11-19',
        }),
      ],
      context(),
      PAID_FROM_MAIN,
    )
    expect(entry).toMatchObject({ id: 'expense:e1', date: '2026-11-19', payee: 'Toko Maju' })
    expect(byName(entry)).toEqual({
      'Expenses:Supplies': 100000,
      'Input tax': 11000,
      'Cash clearing': -111000,
    })
  })

  it('posts an expense paid by card, transfer or e-wallet out of the bank, not the takings', () => {
    const savings = { id: 'savings', name: 'BCA savings', currency: 'IDR' }
    const paidFrom = (method: string) =>
      method === 'e_wallet' ? savings : { id: 'main', name: 'Bank account', currency: 'IDR' }
    const entries = expenseEntries(
      [
        expense({ id: 'e1', paymentMethod: 'card', amount: 50_000 }),
        expense({ id: 'e2', paymentMethod: 'e_wallet', amount: 20_000 }),
      ],
      context(),
      paidFrom,
    )
    expect(entries.map(byName)).toEqual([
      { 'Expenses:Supplies': 50_000, 'Bank:main': -50_000 },
      { 'Expenses:Supplies': 20_000, 'Bank:savings': -20_000 },
    ])
  })

  it('posts a cash variance against Cash over/short, either way', () => {
    const base = {
      locationId: 'loc1',
      businessDate: '2026-11-20',
      currency: 'USD',
      session: 'Fri 20 Nov · Salmiya · 08:10–17:45',
      countedBy: 'Ana',
      note: '',
    }
    const [over, short, none] = varianceEntries(
      [
        { ...base, registerSessionId: 's1', cashVariance: 250 },
        { ...base, registerSessionId: 's2', cashVariance: -75 },
        { ...base, registerSessionId: 's3', cashVariance: 0 },
      ],
      context(),
    )
    expect(over?.id).toBe('session:s1:variance')
    expect(byName(over)).toEqual({ 'Cash clearing': 250, 'Cash over/short': -250 })
    expect(byName(short)).toEqual({ 'Cash clearing': -75, 'Cash over/short': 75 })
    expect(none?.lines).toEqual([])
  })
})

describe('balance check', () => {
  it('throws a named error for an entry that does not balance to the minor unit', () => {
    const [entry] = billEntries([sale()], context()).entries
    if (!entry) throw new Error('no entry')
    const broken = {
      ...entry,
      lines: entry.lines.map((l, i) => (i === 0 ? { ...l, amount: l.amount + 1 } : l)),
    }
    expect(() => balancedEntry(broken)).toThrow(
      expect.objectContaining({ name: 'UnbalancedEntryError' }),
    )
    expect(() => balancedEntry({ ...entry, lines: [{ ...entry.lines[0]!, amount: 0.5 }] })).toThrow(
      expect.objectContaining({ name: 'UnbalancedEntryError' }),
    )
  })
})
