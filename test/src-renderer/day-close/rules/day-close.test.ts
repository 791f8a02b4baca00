import { describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import {
  checkBillIdentities,
  countVariance,
  dayCloseFigures,
  determinedVariance,
  hasVariance,
  sumFigures,
  type SessionPayment,
} from '../../../../src-renderer/day-close/rules/day-close'
import { dailyNetSales, salesByHour } from '../../../../src-renderer/day-close/rules/day-charts'
import { makeBill } from '../../../support/bill-factory'

/** The cache's view of a session's takings: payments taken in `session`, with their bill's type. */
function paymentsIn(session: string, bills: Bill[]): SessionPayment[] {
  return bills.flatMap((b) =>
    b.payments
      .filter((p) => p.registerSessionId === session)
      .map((p) => ({ ...p, billType: b.type })),
  )
}

describe('day-close figures of a hand-made session', () => {
  const own = [
    makeBill({
      id: 'A',
      session: 'S',
      lines: [1000, 500],
      discount: 100,
      fee: 50,
      payments: [
        { method: 'card', amount: 450 },
        { method: 'cash', amount: 1000 },
      ],
    }),
    makeBill({
      id: 'B',
      session: 'S',
      lines: [2000],
      payments: [
        { method: 'qris', amount: 500 },
        { method: 'card', amount: 300, reversed: true },
      ],
    }),
    makeBill({
      id: 'F',
      type: 'refund',
      parent: 'X',
      session: 'S',
      lines: [500],
      payments: [{ method: 'cash', amount: 500 }],
    }),
    makeBill({
      id: 'V',
      type: 'void',
      parent: 'Y',
      session: 'S',
      lines: [700],
      payments: [
        { method: 'card', amount: 700 },
        { method: 'card', amount: 100, reversed: true },
      ],
    }),
  ]
  // A sale of an earlier session, paid off in this one.
  const older = makeBill({
    id: 'C',
    session: 'R',
    lines: [300, 200],
    payments: [
      { method: 'cash', amount: 300, session: 'S' },
      { method: 'card', amount: 200 },
    ],
  })
  const figures = dayCloseFigures({
    bills: own,
    payments: paymentsIn('S', [...own, older]),
    expenses: [
      { amount: 200, paymentMethod: 'cash' },
      { amount: 300, paymentMethod: 'card' },
    ],
    openingCash: 10_000,
  })

  it('computes every day-close figure exactly', () => {
    expect(figures).toEqual({
      saleCount: 2,
      refundCount: 1,
      voidCount: 1,
      grossSales: 3500,
      discounts: 100,
      fees: 50,
      refunds: 500,
      voids: 700,
      netSales: 2250,
      // 131 + 181 − 45 − 63
      tax: 204,
      taxByRate: [{ name: 'VAT', rate: 10, amount: 204 }],
      methods: [
        { method: 'cash', collected: 1300, returned: 500, net: 800 },
        { method: 'card', collected: 450, returned: 700, net: -250 },
        { method: 'qris', collected: 500, returned: 0, net: 500 },
      ],
      totalCollected: 1050,
      receivableChange: 1200,
      expenses: 500,
      cashExpenses: 200,
      openingCash: 10_000,
      payIns: 0,
      payOuts: 0,
      drops: 0,
      expectedCash: 10_600,
      billsAwaitingDetail: 0,
    })
  })

  it('counts an unknown opening cash as 0 and says which bills still lack detail', () => {
    const summary = { ...makeBill({ id: 'D', session: 'S', lines: [] }), hasDetail: false }
    const partial = dayCloseFigures({
      bills: [...own, summary],
      payments: [],
      expenses: [],
      openingCash: null,
    })
    expect(partial.openingCash).toBeNull()
    expect(partial.expectedCash).toBe(-500)
    expect(partial.billsAwaitingDetail).toBe(1)
  })

  it('gives the cash variance and each entered method’s against its net takings', () => {
    expect(
      countVariance(figures, { countedCash: 10_550, countedByMethod: { qris: 480, cash: 1 } }),
    ).toEqual({
      countedCash: 10_550,
      cashVariance: -50,
      methods: [{ method: 'qris', counted: 480, expected: 500, variance: -20 }],
    })
  })

  describe('while the opening cash is not known', () => {
    // Expected cash without the opening: at least 600.
    const floor = { ...figures, openingCash: null, expectedCash: 600 }

    it('determines no cash variance, nor asks a note for it', () => {
      const count = countVariance(floor, { countedCash: 10_550, countedByMethod: {} })
      expect(count.cashVariance).toBeNull()
      expect(hasVariance(count)).toBe(false)
      // A method counted still has its own variance, which needs a note.
      const card = countVariance(floor, { countedCash: 10_550, countedByMethod: { qris: 480 } })
      expect(hasVariance(card)).toBe(true)
    })

    it('determines the variance against an opening known later, and only then', () => {
      expect(determinedVariance(10_550, floor, null)).toBeNull()
      // A float of 10,000 recorded since: expected 10,600, so 50 short.
      expect(determinedVariance(10_550, floor, 10_000)).toBe(-50)
      // Figures that knew the opening keep their variance, whatever came later.
      expect(determinedVariance(10_550, figures, 99)).toBe(-50)
    })
  })
})

describe('checkBillIdentities', () => {
  const good = makeBill({
    id: 'G',
    session: 'S',
    lines: [1000],
    discount: 100,
    fee: 20,
    payments: [{ method: 'cash', amount: 500 }],
  })

  it('finds nothing wrong with a bill that keeps every identity', () => {
    expect(checkBillIdentities(good)).toEqual([])
  })

  it('names each broken identity with what it should be and what the bill says', () => {
    const broken: Bill = { ...good, total: 921, totalTax: 1, amountPaid: 400, amountDue: 0 }
    expect(checkBillIdentities(broken)).toEqual([
      {
        identity: 'total = Σ lines.total − Σ discounts.amount + Σ fees.amount',
        expected: 920,
        actual: 921,
      },
      { identity: 'total_tax = Σ taxes.amount', expected: 83, actual: 1 },
      { identity: 'amount_paid = Σ payments not reversed', expected: 500, actual: 400 },
      { identity: 'amount_due = total − amount_paid', expected: 521, actual: 0 },
    ])
  })

  it('holds a void of a partly paid sale to no sale identity (0-decimal currency)', () => {
    // A hand-built void in IDR: the sale of 25000 was paid 10000 in cash before it was voided;
    // the void mirrors the whole sale and returns the 10000. It owes nothing (amount_due 0),
    // although its payments are not its total: amount_due = total − amount_paid is for sales.
    const sale = makeBill({
      id: 'S1',
      session: 'S',
      lines: [25000],
      payments: [{ method: 'cash', amount: 10000 }],
    })
    const voided: Bill = {
      ...makeBill({
        id: 'V1',
        type: 'void',
        parent: 'S1',
        session: 'S',
        lines: [25000],
        payments: [{ method: 'cash', amount: 10000 }],
      }),
      currency: 'IDR',
      amountDue: 0,
    }
    expect(voided.amountPaid).toBe(10000)
    expect(checkBillIdentities(voided)).toEqual([])
    expect(checkBillIdentities({ ...voided, type: 'refund' })).toEqual([])
    const owingNothing: Bill = { ...sale, currency: 'IDR', amountDue: 0 }
    expect(checkBillIdentities(owingNothing)).toEqual([
      { identity: 'amount_due = total − amount_paid', expected: 15000, actual: 0 },
    ])
  })

  it('checks a list summary only on what it carries', () => {
    const summary: Bill = { ...good, hasDetail: false, lines: [], payments: [], amountDue: 7 }
    expect(checkBillIdentities(summary).map((b) => b.identity)).toEqual([
      'amount_due = total − amount_paid',
    ])
  })
})

describe('pictures of the day', () => {
  // Jakarta is UTC+7: 15:30Z is 22:30 local.
  const at = (utcHour: number, minute: number): number => Date.UTC(2026, 10, 20, utcHour, minute)
  const bills = [
    makeBill({ id: '1', session: 'S', at: at(15, 30), lines: [1000] }),
    makeBill({ id: '2', session: 'S', at: at(17, 20), lines: [400], discount: 50 }),
    makeBill({ id: '3', session: 'S', at: at(17, 50), type: 'refund', lines: [300] }),
    makeBill({ id: '4', session: 'S', at: at(15, 5), lines: [250], fee: 10 }),
  ]

  it('sales by hour run on past midnight, empty hours included, and add up to net sales', () => {
    const hours = salesByHour(bills, 'Asia/Jakarta')
    expect(hours).toEqual([
      { hour: 22, netSales: 1260, bills: 2 },
      { hour: 23, netSales: 0, bills: 0 },
      { hour: 0, netSales: 50, bills: 2 },
    ])
    const { netSales } = dayCloseFigures({ bills, payments: [], expenses: [], openingCash: 0 })
    expect(hours.reduce((sum, h) => sum + h.netSales, 0)).toBe(netSales)
  })

  it('the payment mix adds sessions up per method, cash first', () => {
    const none = dayCloseFigures({ bills: [], payments: [], expenses: [], openingCash: 0 })
    expect(
      sumFigures([
        { ...none, methods: [{ method: 'qris', collected: 100, returned: 0, net: 100 }] },
        {
          ...none,
          methods: [
            { method: 'cash', collected: 50, returned: 20, net: 30 },
            { method: 'qris', collected: 5, returned: 5, net: 0 },
          ],
        },
      ]).methods,
    ).toEqual([
      { method: 'cash', collected: 50, returned: 20, net: 30 },
      { method: 'qris', collected: 105, returned: 5, net: 100 },
    ])
  })

  it('daily net sales fill every date of the window, across a month end', () => {
    expect(
      dailyNetSales(
        [
          { businessDate: '2026-02-28', netSales: 10 },
          { businessDate: '2026-02-28', netSales: 5 },
          { businessDate: '2026-03-01', netSales: -3 },
          { businessDate: '2026-02-20', netSales: 99 },
        ],
        '2026-03-01',
        3,
      ),
    ).toEqual([
      { businessDate: '2026-02-27', netSales: null },
      { businessDate: '2026-02-28', netSales: 15 },
      { businessDate: '2026-03-01', netSales: -3 },
    ])
  })
})

describe('a day’s figures added up', () => {
  const morning = [
    makeBill({
      id: 'M1',
      session: 'AM',
      lines: [1000, 250],
      discount: 50,
      payments: [{ method: 'cash', amount: 1200 }],
    }),
    makeBill({
      id: 'M2',
      session: 'AM',
      lines: [400],
      payments: [{ method: 'qris', amount: 400 }],
    }),
    makeBill({
      id: 'MR',
      type: 'refund',
      parent: 'M1',
      session: 'AM',
      lines: [250],
      payments: [{ method: 'cash', amount: 250 }],
    }),
  ]
  const evening = [
    makeBill({
      id: 'E1',
      session: 'PM',
      lines: [3000],
      fee: 100,
      payments: [{ method: 'card', amount: 3100 }],
    }),
    { ...makeBill({ id: 'E2', session: 'PM', lines: [90] }), hasDetail: false },
    makeBill({
      id: 'EV',
      type: 'void',
      parent: 'E1',
      session: 'PM',
      lines: [3000],
      fee: 100,
      payments: [{ method: 'cash', amount: 5 }],
    }),
  ]
  const inputs = (bills: Bill[], session: string, openingCash: number | null) => ({
    bills,
    payments: paymentsIn(session, bills),
    expenses: [{ amount: 75, paymentMethod: 'cash' }],
    openingCash,
  })

  it('are the figures of all the sessions’ bills, payments and expenses together', () => {
    const am = dayCloseFigures(inputs(morning, 'AM', 500))
    const pm = dayCloseFigures(inputs(evening, 'PM', 300))
    const together = dayCloseFigures({
      bills: [...morning, ...evening],
      payments: [...paymentsIn('AM', morning), ...paymentsIn('PM', evening)],
      expenses: [
        { amount: 75, paymentMethod: 'cash' },
        { amount: 75, paymentMethod: 'cash' },
      ],
      openingCash: 800,
    })
    expect(sumFigures([am, pm])).toEqual(together)
    expect(sumFigures([am])).toEqual(am)
  })

  it('have an opening cash only when every session’s is known', () => {
    const am = dayCloseFigures(inputs(morning, 'AM', 500))
    const pm = dayCloseFigures(inputs(evening, 'PM', null))
    const day = sumFigures([am, pm])
    expect(day.openingCash).toBeNull()
    expect(day.expectedCash).toBe(am.expectedCash + pm.expectedCash)
  })
})
