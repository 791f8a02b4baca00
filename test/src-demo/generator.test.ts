/**
 * The generated history: the bill identities on every bill, refunds within what remains,
 * voids mirroring their parent, payments within what is due, exact money in currencies of 0, 2
 * and 3 decimals, over many seeds (fast-check); and the variety the issue asks for.
 */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SimClock } from '../../src-demo/clock'
import { generateShop, type ShopShape } from '../../src-demo/generator'
import { Representation } from '../../src-demo/representation'
import { rngFor } from '../../src-demo/rng'
import { Trader } from '../../src-demo/trader'
import type { BillJson, ExpenseJson, PaymentJson } from '../support/demo-service'

const EXPONENT: Record<string, number> = { IDR: 0, USD: 2, KWD: 3 }

/** A JSON amount in minor units, read from its decimal text; fails on excess decimals. */
function minor(value: number, currency: string): number {
  const exponent = EXPONENT[currency] as number
  const [whole, fraction = ''] = String(value).split('.')
  if (fraction.length > exponent || String(value).includes('e')) {
    throw new Error(`${value} is not an exact ${currency} amount`)
  }
  return Number(`${whole}${fraction.padEnd(exponent, '0')}`)
}

function history(shape: ShopShape): { bills: BillJson[]; expenses: ExpenseJson[] } {
  const shop = generateShop(shape)
  const view = new Representation(shop)
  const bills: BillJson[] = []
  for (let row = 0; row < shop.bills.length; row++)
    bills.push(view.bill(row) as unknown as BillJson)
  return { bills, expenses: shop.expenses.map((e) => view.expense(e) as unknown as ExpenseJson) }
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0)
const ms = (iso: string): number => Date.parse(iso)

function checkIdentities(bill: BillJson): void {
  const m = (value: number): number => minor(value, bill.currency)
  const lines = sum(bill.lines.map((line) => m(line.total)))
  const discounts = sum(bill.discounts.map((d) => m(d.amount)))
  const fees = sum(bill.fees.map((fee) => m(fee.amount)))
  const live = bill.payments.filter((p) => p.reversed_at === null)
  expect(m(bill.subtotal)).toBe(lines)
  expect(m(bill.total)).toBe(lines - discounts + fees)
  expect(m(bill.total_tax)).toBe(sum(bill.taxes.map((tax) => m(tax.amount))))
  expect(m(bill.amount_paid)).toBe(sum(live.map((p) => m(p.amount))))
  expect(m(bill.amount_due)).toBe(m(bill.total) - m(bill.amount_paid))
  for (const line of bill.lines) {
    expect(m(line.total)).toBe(m(line.unit_price) * line.quantity)
    expect(sum(line.taxes.map((tax) => m(tax.amount)))).toBeLessThanOrEqual(m(line.total))
  }
  // The tax in the total is the lines' and fees' tax less the discount's cut of it (a sale's
  // cut is at most its discount; a refund takes its cut cumulatively from the parent's).
  const included = sum(
    [...bill.lines, ...bill.fees].flatMap((x) => x.taxes.map((t) => m(t.amount))),
  )
  expect(included - m(bill.total_tax)).toBeGreaterThanOrEqual(0)
  if (bill.type === 'sale') expect(included - m(bill.total_tax)).toBeLessThanOrEqual(discounts)
  if (discounts === 0) expect(m(bill.total_tax)).toBe(included)
  for (const fee of bill.fees) {
    expect(sum(fee.taxes.map((t) => m(t.amount)))).toBeLessThanOrEqual(m(fee.amount))
  }
}

/** Paid in time order (a reversal takes its amount back), the bill never takes more than its total. */
function checkPaymentsWithinDue(bill: BillJson): void {
  const m = (value: number): number => minor(value, bill.currency)
  const steps = bill.payments.flatMap((p: PaymentJson) => [
    { at: ms(p.created_at), amount: m(p.amount), order: 1 },
    ...(p.reversed_at === null ? [] : [{ at: ms(p.reversed_at), amount: -m(p.amount), order: 0 }]),
  ])
  steps.sort((a, b) => a.at - b.at || a.order - b.order)
  let paid = 0
  for (const step of steps) {
    paid += step.amount
    expect(paid).toBeLessThanOrEqual(m(bill.total))
  }
  for (const payment of bill.payments) expect(m(payment.amount)).toBeGreaterThan(0)
}

/** `generated`: also the timing rules of generated history (refunds later, in another session). */
function checkChildren(bills: BillJson[], generated: boolean): void {
  const byId = new Map(bills.map((bill) => [bill.id, bill]))
  const children = new Map<string, BillJson[]>()
  for (const bill of bills) {
    if (bill.parent_bill_id === null) continue
    const list = children.get(bill.parent_bill_id) ?? []
    list.push(bill)
    children.set(bill.parent_bill_id, list)
  }
  for (const [parentId, kids] of children) {
    const parent = byId.get(parentId) as BillJson
    const m = (value: number): number => minor(value, parent.currency)
    expect(parent.type).toBe('sale')
    const refunds = kids.filter((kid) => kid.type === 'refund')
    const voids = kids.filter((kid) => kid.type === 'void')
    // A refund never exceeds what remains of its parent, line by line and in total.
    expect(sum(refunds.map((r) => m(r.total)))).toBeLessThanOrEqual(m(parent.total))
    expect(sum(kids.map((r) => m(r.amount_paid)))).toBeLessThanOrEqual(m(parent.amount_paid))
    for (const line of parent.lines) {
      const given = refunds.flatMap((r) => r.lines).filter((l) => l.parent_line_id === line.id)
      expect(sum(given.map((l) => l.quantity))).toBeLessThanOrEqual(line.quantity)
      expect(sum(given.map((l) => m(l.total)))).toBeLessThanOrEqual(m(line.total))
    }
    for (const refund of refunds) {
      expect(refund.lines.length).toBeGreaterThan(0)
      expect(ms(refund.created_at)).toBeGreaterThanOrEqual(ms(parent.created_at))
      if (generated) expect(refund.register_session_id).not.toBe(parent.register_session_id)
    }
    const fullyRefunded = parent.lines.every(
      (line) =>
        sum(
          refunds
            .flatMap((r) => r.lines)
            .filter((l) => l.parent_line_id === line.id)
            .map((l) => l.quantity),
        ) === line.quantity,
    )
    expect(sum(refunds.map((r) => m(r.total_tax)))).toBeLessThanOrEqual(m(parent.total_tax))
    if (fullyRefunded) {
      expect(sum(refunds.map((r) => m(r.total)))).toBe(m(parent.total))
      expect(sum(refunds.map((r) => m(r.total_tax)))).toBe(m(parent.total_tax))
      expect(parent.status).toBe('refunded')
    }
    // A void mirrors the whole parent, in the parent's session, and is the only child.
    expect(voids.length).toBeLessThanOrEqual(1)
    for (const voided of voids) {
      expect(kids).toHaveLength(1)
      expect(parent.status).toBe('voided')
      if (generated) expect(voided.register_session_id).toBe(parent.register_session_id)
      const strip = (bill: BillJson) => ({
        lines: bill.lines.map(({ id: _id, parent_line_id: _parent, ...rest }) => rest),
        discounts: bill.discounts,
        fees: bill.fees,
        taxes: bill.taxes,
        total: bill.total,
        total_tax: bill.total_tax,
        subtotal: bill.subtotal,
      })
      expect(strip(voided)).toEqual(strip(parent))
      expect(voided.lines.map((l) => l.parent_line_id)).toEqual(parent.lines.map((l) => l.id))
    }
  }
}

const shapes = fc.record({
  seed: fc.nat({ max: 1_000_000 }),
  currency: fc.constantFrom('IDR', 'USD', 'KWD'),
  timezone: fc.constantFrom('Asia/Jakarta', 'America/New_York', 'Europe/London', 'Asia/Kolkata'),
  locations: fc.integer({ min: 1, max: 3 }),
  days: fc.integer({ min: 2, max: 6 }),
  billsPerSession: fc.integer({ min: 3, max: 25 }),
  startAt: fc.integer({ min: 1_767_225_600, max: 1_830_297_600 }).map((s) => s - (s % 60)),
})

describe('generated history (fast-check over seeds, currencies and zones)', () => {
  it('every bill satisfies the bill identities exactly, in integer minor units', () => {
    fc.assert(
      fc.property(shapes, (shape) => {
        const { bills } = history(shape)
        expect(bills.length).toBeGreaterThan(0)
        for (const bill of bills) {
          expect(bill.currency).toBe(shape.currency)
          checkIdentities(bill)
        }
      }),
      { numRuns: 30 },
    )
  })

  it('payments never exceed what is due, at any moment', () => {
    fc.assert(
      fc.property(shapes, (shape) => {
        for (const bill of history(shape).bills) checkPaymentsWithinDue(bill)
      }),
      { numRuns: 30 },
    )
  })

  it('refunds never exceed what remains of the parent; a void mirrors its parent', () => {
    fc.assert(
      fc.property(shapes, (shape) => checkChildren(history(shape).bills, true)),
      { numRuns: 30 },
    )
  })

  it('refunding a sale piece by piece never exceeds it and ends exactly at it', () => {
    fc.assert(
      fc.property(
        shapes,
        fc.nat(),
        fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 20 }),
        (shape, pick, choices) => {
          const shop = generateShop(shape)
          const view = new Representation(shop)
          const trader = new Trader(shop, new SimClock(shape.startAt), rngFor(shape.seed, 99))
          const sales = [...Array(shop.bills.length).keys()].filter(
            (row) => shop.canRefund(row) && shop.refundsOf(row).length === 0,
          )
          fc.pre(sales.length > 0)
          const parent = sales[pick % sales.length] as number
          for (let step = 0; ; step++) {
            const open = [...shop.refundableQuantities(parent)].filter(([, left]) => left > 0)
            if (open.length === 0) break
            const choice = choices[step % choices.length] as number
            const [lineId, left] = open[choice % open.length] as [string, number]
            trader.refund(parent, new Map([[lineId, 1 + (choice % left)]]))
            const bills = [parent, ...shop.refundsOf(parent)].map(
              (row) => view.bill(row) as unknown as BillJson,
            )
            checkChildren(bills, false)
            for (const bill of bills) checkIdentities(bill)
          }
          const parentBill = view.bill(parent) as unknown as BillJson
          const refunds = shop.refundsOf(parent).map((row) => view.bill(row) as unknown as BillJson)
          const m = (value: number): number => minor(value, shape.currency)
          const byName = (items: { name: string; amount: number }[]) => {
            const totals = new Map<string, number>()
            for (const item of items)
              totals.set(item.name, (totals.get(item.name) ?? 0) + m(item.amount))
            return totals
          }
          expect(parentBill.status).toBe('refunded')
          expect(sum(refunds.map((r) => m(r.total)))).toBe(m(parentBill.total))
          expect(byName(refunds.flatMap((r) => r.taxes))).toEqual(byName(parentBill.taxes))
          expect(byName(refunds.flatMap((r) => r.discounts))).toEqual(byName(parentBill.discounts))
          expect(byName(refunds.flatMap((r) => r.fees))).toEqual(byName(parentBill.fees))
          expect(byName(refunds.flatMap((r) => r.fees.flatMap((f) => f.taxes)))).toEqual(
            byName(parentBill.fees.flatMap((f) => f.taxes)),
          )
        },
      ),
      { numRuns: 25 },
    )
  })

  it('bills come in id order with created_at never going back; later payments belong to an open session of the location', () => {
    fc.assert(
      fc.property(shapes, (shape) => {
        const shop = generateShop(shape)
        const view = new Representation(shop)
        const sessions = new Map(shop.sessions.map((s) => [s.id, view.session(s)]))
        const { bills } = history(shape)
        for (let i = 1; i < bills.length; i++) {
          const [before, after] = [bills[i - 1] as BillJson, bills[i] as BillJson]
          expect(before.id < after.id).toBe(true)
          expect(ms(before.created_at)).toBeLessThanOrEqual(ms(after.created_at))
        }
        for (const bill of bills) {
          for (const payment of bill.payments) {
            const session = sessions.get(payment.register_session_id)
            expect(session?.location_id).toBe(bill.location_id)
            expect(ms(payment.created_at)).toBeGreaterThanOrEqual(ms(session?.opened_at as string))
            if (session?.closed_at) {
              expect(ms(payment.created_at)).toBeLessThanOrEqual(ms(session.closed_at as string))
            }
          }
        }
      }),
      { numRuns: 15 },
    )
  })

  it('expenses: amounts exact, tax within the amount, cash ones in a session', () => {
    fc.assert(
      fc.property(shapes, (shape) => {
        for (const expense of history(shape).expenses) {
          const amount = minor(expense.amount, shape.currency)
          const tax = minor(expense.tax_amount, shape.currency)
          expect(amount).toBeGreaterThan(0)
          expect(tax).toBeGreaterThanOrEqual(0)
          expect(tax).toBeLessThanOrEqual(amount)
          if (expense.payment_method === 'cash') expect(expense.register_session_id).not.toBeNull()
          expect(ms(expense.updated_at)).toBeGreaterThanOrEqual(ms(expense.created_at))
        }
      }),
      { numRuns: 20 },
    )
  })
})

describe('the variety of a fortnight of history (issue #3)', () => {
  const shape: ShopShape = {
    seed: 7,
    currency: 'USD',
    timezone: 'Asia/Jakarta',
    locations: 3,
    days: 14,
    billsPerSession: 40,
    startAt: Date.parse('2026-11-20T12:00:00Z') / 1000,
  }
  const { bills, expenses } = history(shape)
  const shop = generateShop(shape)
  const view = new Representation(shop)
  const sales = bills.filter((bill) => bill.type === 'sale')
  const byId = new Map(bills.map((bill) => [bill.id, bill]))

  it('has sales of 1 to 12 lines with quantities above 1', () => {
    const counts = new Set(sales.map((bill) => bill.lines.length))
    expect(Math.min(...counts)).toBe(1)
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(8)
    expect(Math.max(...counts)).toBeLessThanOrEqual(12)
    expect(sales.some((bill) => bill.lines.some((line) => line.quantity > 1))).toBe(true)
  })

  it('has two or more tax rates, lines with two taxes and untaxed lines', () => {
    const rates = new Set(
      bills.flatMap((bill) => bill.taxes.map((tax) => `${tax.name} ${tax.rate}`)),
    )
    expect(rates.size).toBeGreaterThanOrEqual(2)
    const lines = sales.flatMap((bill) => bill.lines)
    expect(lines.some((line) => line.taxes.length === 2)).toBe(true)
    expect(lines.some((line) => line.taxes.length === 0)).toBe(true)
  })

  it('has discounts, a service charge with its own tax and delivery fees', () => {
    expect(sales.some((bill) => bill.discounts.length > 0)).toBe(true)
    const fees = sales.flatMap((bill) => bill.fees)
    expect(fees.some((fee) => fee.name === 'Service charge' && fee.taxes.length > 0)).toBe(true)
    expect(fees.some((fee) => fee.name === 'Delivery fee')).toBe(true)
  })

  it('has split payments, every method, unpaid and partially paid bills, later payments in another session, reversals', () => {
    const methods = new Set(sales.flatMap((bill) => bill.payments.map((p) => p.method)))
    expect([...methods].sort()).toEqual(['bank_transfer', 'card', 'cash', 'e_wallet', 'qris'])
    expect(sales.some((bill) => new Set(bill.payments.map((p) => p.method)).size >= 2)).toBe(true)
    expect(sales.some((bill) => bill.status === 'unpaid')).toBe(true)
    expect(sales.some((bill) => bill.status === 'partially_paid')).toBe(true)
    const later = sales.flatMap((bill) =>
      bill.payments.filter(
        (p) =>
          p.register_session_id !== bill.register_session_id &&
          ms(p.created_at) - ms(bill.created_at) >= 86_400_000,
      ),
    )
    expect(later.length).toBeGreaterThan(0)
    expect(sales.some((bill) => bill.payments.some((p) => p.reversed_at !== null))).toBe(true)
  })

  it('has refunds days later in another session, parents refunded more than once, and voids', () => {
    const refunds = bills.filter((bill) => bill.type === 'refund')
    expect(refunds.length).toBeGreaterThan(0)
    expect(
      refunds.every(
        (r) =>
          ms(r.created_at) - ms((byId.get(r.parent_bill_id as string) as BillJson).created_at) >=
          86_400_000,
      ),
    ).toBe(true)
    const parents = refunds.map((r) => r.parent_bill_id)
    expect(new Set(parents).size).toBeLessThan(parents.length)
    expect(bills.some((bill) => bill.type === 'void')).toBe(true)
    expect(sales.some((bill) => bill.status === 'refunded')).toBe(true)
  })

  it('has sessions crossing local midnight, several a day per location, with opening cash', () => {
    const sessions = shop.sessions.map(
      (s) => view.session(s) as Record<string, string | number | null>,
    )
    const localDate = (iso: unknown): string => String(iso).slice(0, 10)
    expect(
      sessions.some(
        (s) => s['closed_at'] && localDate(s['opened_at']) !== localDate(s['closed_at']),
      ),
    ).toBe(true)
    const perDay = new Map<string, number>()
    for (const s of sessions) {
      const key = `${s['location_id']} ${localDate(s['opened_at'])}`
      perDay.set(key, (perDay.get(key) ?? 0) + 1)
    }
    expect(Math.max(...perDay.values())).toBeGreaterThanOrEqual(2)
    expect(sessions.every((s) => Number(s['opening_cash']) > 0)).toBe(true)
  })

  it('has cash expenses in sessions, non-cash ones, back-office ones without a session, and corrections', () => {
    expect(expenses.some((e) => e.payment_method === 'cash')).toBe(true)
    expect(
      expenses.some((e) => e.payment_method !== 'cash' && e.register_session_id !== null),
    ).toBe(true)
    expect(expenses.some((e) => e.register_session_id === null)).toBe(true)
    expect(expenses.some((e) => e.updated_at !== e.created_at)).toBe(true)
  })
})
