import { addMinor, sumMinor } from '../../../src-shared/domain/money'
import { movementSums, type CashMovement } from '../../day-close/rules/cash-movements'
import {
  CASH,
  expectedCash,
  compareMethods,
  compareTaxes,
  type DayCloseFigures,
  type LedgerBill,
  type LedgerExpense,
  type SessionPayment,
} from '../../day-close/rules/day-close'

/**
 * A register session's day-close figures kept as running sums, so a screen reads one small record
 * instead of every bill of the session. Each bill, payment and expense adds its part to the
 * session it names; a write takes the old record's part away and adds the new one's. A tax or a
 * method stays listed while any record still names it, as `dayCloseFigures` lists it.
 */
export interface SessionTally extends Pick<
  DayCloseFigures,
  | 'saleCount'
  | 'refundCount'
  | 'voidCount'
  | 'grossSales'
  | 'discounts'
  | 'fees'
  | 'refunds'
  | 'voids'
  | 'tax'
  | 'expenses'
  | 'cashExpenses'
  | 'billsAwaitingDetail'
> {
  sessionId: string
  /** By `name\0rate`; `lines` counts the bills' tax lines behind the amount. */
  taxes: Record<string, { name: string; rate: number | null; amount: number; lines: number }>
  /** By method; `entries` counts the payments behind the sums. */
  methods: Record<string, { collected: number; returned: number; entries: number }>
}

/** What a bill, one of its payments, or an expense adds to a session. */
type Part = (tally: SessionTally, sign: 1 | -1) => void

export function emptyTally(sessionId: string): SessionTally {
  return {
    sessionId,
    saleCount: 0,
    refundCount: 0,
    voidCount: 0,
    grossSales: 0,
    discounts: 0,
    fees: 0,
    refunds: 0,
    voids: 0,
    tax: 0,
    taxes: {},
    methods: {},
    expenses: 0,
    cashExpenses: 0,
    billsAwaitingDetail: 0,
  }
}

function addToMethod(
  tally: SessionTally,
  method: string,
  sums: { collected?: number; returned?: number },
  sign: 1 | -1,
): void {
  const entry = tally.methods[method] ?? { collected: 0, returned: 0, entries: 0 }
  entry.collected = addMinor(entry.collected, sign * (sums.collected ?? 0))
  entry.returned = addMinor(entry.returned, sign * (sums.returned ?? 0))
  entry.entries += sign
  if (entry.entries === 0) delete tally.methods[method]
  else tally.methods[method] = entry
}

/** What a bill adds to its own session (a refund's or void's money paid back included). */
export function billPart(bill: LedgerBill): Part {
  return (tally, sign) => {
    if (bill.type === 'sale') {
      tally.saleCount += sign
      tally.grossSales = addMinor(tally.grossSales, sign * sumMinor(bill.lines, (l) => l.total))
      tally.discounts = addMinor(tally.discounts, sign * sumMinor(bill.discounts, (d) => d.amount))
      tally.fees = addMinor(tally.fees, sign * sumMinor(bill.fees, (f) => f.amount))
      tally.tax = addMinor(tally.tax, sign * bill.totalTax)
    } else {
      if (bill.type === 'refund') {
        tally.refundCount += sign
        tally.refunds = addMinor(tally.refunds, sign * bill.total)
      } else {
        tally.voidCount += sign
        tally.voids = addMinor(tally.voids, sign * bill.total)
      }
      tally.tax = addMinor(tally.tax, -sign * bill.totalTax)
      // Money paid back belongs to the refund's or void's session (see takingsByMethod).
      for (const p of bill.payments)
        if (p.reversedAt === null) addToMethod(tally, p.method, { returned: p.amount }, sign)
    }
    const taxSign = bill.type === 'sale' ? 1 : -1
    for (const t of bill.taxes) {
      const key = `${t.name}\u0000${t.rate}`
      const entry = tally.taxes[key] ?? { name: t.name, rate: t.rate, amount: 0, lines: 0 }
      entry.amount = addMinor(entry.amount, sign * taxSign * t.amount)
      entry.lines += sign
      if (entry.lines === 0) delete tally.taxes[key]
      else tally.taxes[key] = entry
    }
    if (!bill.hasDetail) tally.billsAwaitingDetail += sign
  }
}

/** What a payment adds to the session it was taken in: a sale's live payment is collected. */
export function paymentPart(payment: SessionPayment): Part {
  return (tally, sign) => {
    if (payment.billType !== 'sale' || payment.reversedAt !== null) return
    addToMethod(tally, payment.method, { collected: payment.amount }, sign)
  }
}

export function expensePart(expense: LedgerExpense): Part {
  return (tally, sign) => {
    tally.expenses = addMinor(tally.expenses, sign * expense.amount)
    if (expense.paymentMethod === CASH)
      tally.cashExpenses = addMinor(tally.cashExpenses, sign * expense.amount)
  }
}

/** A session's tally from its records, as `dayCloseFigures` reads them. */
export function tallyOf(
  sessionId: string,
  records: {
    bills: readonly LedgerBill[]
    payments: readonly SessionPayment[]
    expenses: readonly LedgerExpense[]
  },
): SessionTally {
  const tally = emptyTally(sessionId)
  for (const bill of records.bills) billPart(bill)(tally, 1)
  for (const payment of records.payments) paymentPart(payment)(tally, 1)
  for (const expense of records.expenses) expensePart(expense)(tally, 1)
  return tally
}

/**
 * Changes to several sessions' tallies, gathered while a write is prepared: the old records' parts
 * taken away, the new ones' added, each to the session it names.
 */
export class TallyChanges {
  readonly #parts = new Map<string, { part: Part; sign: 1 | -1 }[]>()

  remove(sessionId: string | null, part: Part): void {
    this.#note(sessionId, part, -1)
  }

  add(sessionId: string | null, part: Part): void {
    this.#note(sessionId, part, 1)
  }

  #note(sessionId: string | null, part: Part, sign: 1 | -1): void {
    if (sessionId === null) return
    const parts = this.#parts.get(sessionId) ?? []
    parts.push({ part, sign })
    this.#parts.set(sessionId, parts)
  }

  get sessionIds(): string[] {
    return [...this.#parts.keys()]
  }

  /** The session's tally with the changes applied; a new object, `tally` is left as it was. */
  applyTo(tally: SessionTally): SessionTally {
    const next = structuredClone(tally)
    for (const { part, sign } of this.#parts.get(tally.sessionId) ?? []) part(next, sign)
    return next
  }
}

/** The day-close figures of a tallied session, equal to `dayCloseFigures` over its records. */
export function figuresOfTally(
  tally: SessionTally,
  sessionOpeningCash: number | null,
  movements: readonly CashMovement[],
): DayCloseFigures {
  const moved = movementSums(movements)
  const openingCash = sessionOpeningCash ?? moved.openingFloat
  const methods = Object.entries(tally.methods)
    .map(([method, m]) => ({
      method,
      collected: m.collected,
      returned: m.returned,
      net: m.collected - m.returned,
    }))
    .sort((a, b) => compareMethods(a.method, b.method))
  const netSales = tally.grossSales - tally.discounts + tally.fees - tally.refunds - tally.voids
  const totalCollected = methods.reduce((total, m) => addMinor(total, m.net), 0)
  const netCash = methods.find((m) => m.method === CASH)?.net ?? 0
  return {
    saleCount: tally.saleCount,
    refundCount: tally.refundCount,
    voidCount: tally.voidCount,
    grossSales: tally.grossSales,
    discounts: tally.discounts,
    fees: tally.fees,
    refunds: tally.refunds,
    voids: tally.voids,
    netSales,
    tax: tally.tax,
    taxByRate: Object.values(tally.taxes)
      .map(({ name, rate, amount }) => ({ name, rate, amount }))
      .sort(compareTaxes),
    methods,
    totalCollected,
    receivableChange: netSales - totalCollected,
    expenses: tally.expenses,
    cashExpenses: tally.cashExpenses,
    openingCash,
    payIns: moved.payIns,
    payOuts: moved.payOuts,
    drops: moved.drops,
    expectedCash: expectedCash(openingCash, netCash, tally.cashExpenses, moved),
    billsAwaitingDetail: tally.billsAwaitingDetail,
  }
}
