import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessDate } from '../../../../src-shared/domain/business-date'
import type { DayCloseFigures } from '../../../../src-renderer/day-close/rules/day-close'
import { sessionsOn } from '../../../../src-renderer/sessions/tables/load-session'
import { billsOfSession } from '../../../../src-renderer/sessions/tables/bill-session'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import { demoCache, type DemoCache } from '../../../support/demo-cache'
import {
  expectedFigures,
  rawShop,
  type ExpectedFigures,
} from '../../../support/independent-figures'

/** Till's figures under docs/ledger.md's names, to set beside the independent recomputation. */
function asDesignNames(f: DayCloseFigures): ExpectedFigures {
  // The documented sums name a method only where money moved that way.
  const perMethod = (pick: (m: DayCloseFigures['methods'][number]) => number) =>
    Object.fromEntries(f.methods.filter((m) => pick(m) !== 0).map((m) => [m.method, pick(m)]))
  return {
    sale_count: f.saleCount,
    refund_count: f.refundCount,
    void_count: f.voidCount,
    gross_sales: f.grossSales,
    discounts: f.discounts,
    fees: f.fees,
    refunds: f.refunds,
    voids: f.voids,
    net_sales: f.netSales,
    tax: f.tax,
    tax_by_rate: Object.fromEntries(f.taxByRate.map((t) => [`${t.name} ${t.rate}`, t.amount])),
    collected: perMethod((m) => m.collected),
    returned: perMethod((m) => m.returned),
    net: Object.fromEntries(f.methods.map((m) => [m.method, m.net])),
    total_collected: f.totalCollected,
    receivable_change: f.receivableChange,
    expenses: f.expenses,
    cash_expenses: f.cashExpenses,
    expected_cash: f.expectedCash,
  }
}

async function compareEverySession(shop: DemoCache, closeEventsSeen: boolean): Promise<number> {
  const raw = rawShop(shop.demo)
  const sessions = await shop.db.sessions.toArray()
  expect(sessions.map((s) => s.id).sort()).toEqual(raw.sessions.map((s) => s.id).sort())
  for (const session of sessions) {
    const figures = await sessionFigures(shop.db, session)
    expect(figures.billsAwaitingDetail).toBe(0)
    expect(asDesignNames(figures), `session ${session.id}`).toEqual(
      expectedFigures(session.id, raw, shop.currency, closeEventsSeen),
    )
  }
  return sessions.length
}

/** What the generated shop holds, so the comparison is known to cover every kind of figure. */
function coverage(shop: DemoCache) {
  const raw = rawShop(shop.demo)
  const payments = raw.bills.flatMap((b) => b.payments.map((p) => ({ bill: b, p })))
  return {
    refunds: raw.bills.filter((b) => b.type === 'refund').length,
    voids: raw.bills.filter((b) => b.type === 'void').length,
    discounted: raw.bills.filter((b) => b.discounts.length > 0).length,
    withFees: raw.bills.filter((b) => b.fees.length > 0).length,
    reversed: payments.filter(({ p }) => p.reversed_at !== null).length,
    paidInAnotherSession: payments.filter(
      ({ bill, p }) => p.register_session_id !== bill.register_session_id,
    ).length,
    methods: new Set(payments.map(({ p }) => p.method)).size,
    cashExpenses: raw.expenses.filter((e) => e.register_session_id && e.payment_method === 'cash')
      .length,
    otherSessionExpenses: raw.expenses.filter(
      (e) => e.register_session_id && e.payment_method !== 'cash',
    ).length,
  }
}

const SHOPS = [
  { currency: 'IDR', timeZone: 'Asia/Jakarta', seed: 3 },
  { currency: 'USD', timeZone: 'America/New_York', seed: 5 },
  { currency: 'KWD', timeZone: 'Asia/Kuwait', seed: 8 },
]

describe.each(SHOPS)('day-close figures in $currency ($timeZone)', (options) => {
  let shop: DemoCache
  beforeAll(async () => {
    shop = await demoCache({ ...options, days: 4 })
  }, 60_000)
  afterAll(async () => {
    await shop?.close()
  })

  it('the generated shop has refunds, voids, discounts, fees, reversals and late payments', () => {
    const seen = coverage(shop)
    for (const [kind, count] of Object.entries(seen))
      expect(count, kind).toBeGreaterThan(kind === 'methods' ? 2 : 0)
  })

  it('every session equals the figures recomputed from the raw bills, opening cash unknown', async () => {
    expect(await compareEverySession(shop, false)).toBeGreaterThan(8)
  })

  it('every session equals the figures recomputed from the raw bills, once close events give the opening cash', async () => {
    await shop.applyCloseEvents()
    expect(await compareEverySession(shop, true)).toBeGreaterThan(8)
  })
})

describe('where a session belongs', () => {
  let shop: DemoCache
  beforeAll(async () => {
    shop = await demoCache({ currency: 'IDR', timeZone: 'Asia/Jakarta', seed: 21, days: 4 })
  }, 60_000)
  afterAll(async () => {
    await shop?.close()
  })

  it('a refund made in a later session lands in that later session, not its sale’s', async () => {
    const raw = rawShop(shop.demo)
    const refunded = new Set(raw.bills.map((b) => b.parent_bill_id))
    const firstSession = raw.sessions[0]!.id
    const sale = raw.bills.find(
      (b) =>
        b.type === 'sale' &&
        b.register_session_id === firstSession &&
        !refunded.has(b.id) &&
        b.payments.some((p) => p.reversed_at === null),
    )!
    const saleSession = (await shop.db.sessions.get(firstSession))!
    const before = await sessionFigures(shop.db, saleSession)

    await shop.control('POST', `/bills/${sale.id}/refund`, {})
    await shop.sync()

    const after = rawShop(shop.demo)
    const refund = after.bills.find((b) => b.parent_bill_id === sale.id && b.type === 'refund')!
    expect(refund.register_session_id).not.toBe(firstSession)
    const refundSession = (await shop.db.sessions.get(refund.register_session_id))!
    const figures = await sessionFigures(shop.db, refundSession)
    expect(asDesignNames(figures)).toEqual(
      expectedFigures(refundSession.id, after, shop.currency, false),
    )
    expect(figures.refundCount).toBeGreaterThan(0)
    expect(figures.methods.reduce((sum, m) => sum + m.returned, 0)).toBeGreaterThan(0)
    expect(await sessionFigures(shop.db, saleSession)).toEqual(before)
  })

  it('a session across midnight keeps the business date of its opening', async () => {
    await shop.applyCloseEvents()
    const raw = rawShop(shop.demo)
    const tz = shop.timeZone
    const crossing = raw.sessions.find(
      (s) =>
        s.closed_at !== null &&
        raw.bills.some(
          (b) =>
            b.register_session_id === s.id &&
            businessDate(Date.parse(b.created_at), tz) !==
              businessDate(Date.parse(s.opened_at), tz),
        ),
    )!
    const opened = businessDate(Date.parse(crossing.opened_at), tz)
    const session = (await shop.db.sessions.get(crossing.id))!
    expect(session.businessDate).toBe(opened)

    const afterMidnight = await billsOfSession(shop.db, crossing.id)
      .filter((b) => b.businessDate !== opened)
      .toArray()
    expect(afterMidnight.length).toBeGreaterThan(0)
    const nextDay = afterMidnight[0]!.businessDate
    const onOpeningDay = await sessionsOn(shop.db, crossing.location_id, opened)
    const onNextDay = await sessionsOn(shop.db, crossing.location_id, nextDay)
    expect(onOpeningDay.map((s) => s.id)).toContain(crossing.id)
    expect(onNextDay.map((s) => s.id)).not.toContain(crossing.id)

    const figures = await sessionFigures(shop.db, session)
    const ownBills = raw.bills.filter((b) => b.register_session_id === crossing.id)
    expect(figures.saleCount + figures.refundCount + figures.voidCount).toBe(ownBills.length)
  })
})
