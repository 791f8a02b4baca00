import { addMinor, sumMinor } from '../../../src-shared/domain/money'
import type { Bill, BillType, Expense, Payment } from '../../../src-shared/domain/records'
import { drawerChange, movementSums, type CashMovement, type MovementSums } from './cash-movements'

/**
 * The day-close figures of one register session, exactly as docs/ledger.md#day-close-figures
 * defines them, in integer minor units. Plain TypeScript over plain records: the cache, the screen,
 * the exports and the tests all feed it the same way.
 */

/** What the figures read of a bill. Refund and void amounts are magnitudes. */
export type LedgerBill = Pick<
  Bill,
  | 'type'
  | 'total'
  | 'totalTax'
  | 'amountPaid'
  | 'amountDue'
  | 'hasDetail'
  | 'lines'
  | 'discounts'
  | 'fees'
  | 'taxes'
  | 'payments'
>

/** A payment taken in the session, on whichever session's bill, with that bill's type. */
export type SessionPayment = Pick<Payment, 'method' | 'amount' | 'reversedAt'> & {
  billType: BillType
}

export type LedgerExpense = Pick<Expense, 'amount' | 'paymentMethod'>

export interface DayCloseInputs {
  /** Every bill whose `registerSessionId` is the session. */
  bills: readonly LedgerBill[]
  /** Every payment whose `registerSessionId` is the session. */
  payments: readonly SessionPayment[]
  /** Every expense whose `registerSessionId` is the session. */
  expenses: readonly LedgerExpense[]
  /** Null while unknown (the close event carries it); counted as 0. */
  openingCash: number | null
  /** The cash movements the manager recorded in the session, corrections included. */
  movements?: readonly CashMovement[]
}

export interface MethodTakings {
  method: string
  collected: number
  returned: number
  net: number
}

export interface TaxAtRate {
  name: string
  rate: number | null
  amount: number
}

export interface DayCloseFigures {
  saleCount: number
  refundCount: number
  voidCount: number
  grossSales: number
  discounts: number
  fees: number
  refunds: number
  voids: number
  netSales: number
  tax: number
  /** Sales' taxes less refunds' and voids', per tax name and rate. */
  taxByRate: TaxAtRate[]
  /** Cash first, then the usual methods, then any other in name order. */
  methods: MethodTakings[]
  totalCollected: number
  receivableChange: number
  expenses: number
  cashExpenses: number
  /** The close event's opening cash, else the opening float recorded; null while neither is. */
  openingCash: number | null
  /** Cash put into, taken out of, and dropped from the drawer (standing movements). */
  payIns: number
  payOuts: number
  drops: number
  expectedCash: number
  /**
   * Bills known only from a list summary (lines, taxes and payments still being fetched): while
   * any remain, the figures are not complete.
   */
  billsAwaitingDetail: number
}

export const CASH = 'cash'
const METHOD_ORDER = [CASH, 'card', 'qris', 'bank_transfer', 'e_wallet']

const linesOf = (bill: LedgerBill): number => sumMinor(bill.lines, (l) => l.total)
const discountsOf = (bill: LedgerBill): number => sumMinor(bill.discounts, (d) => d.amount)
const feesOf = (bill: LedgerBill): number => sumMinor(bill.fees, (f) => f.amount)
const isLive = (payment: Pick<Payment, 'reversedAt'>): boolean => payment.reversedAt === null

/**
 * What one bill adds to net sales: a sale its lines less discounts plus fees, a refund or void
 * minus its total. Summed over a session's bills it is that session's net_sales.
 */
export function netSalesOf(bill: LedgerBill): number {
  return bill.type === 'sale' ? linesOf(bill) - discountsOf(bill) + feesOf(bill) : -bill.total
}

/** Cash first, then the usual methods, then any other in name order. */
export function compareMethods(a: string, b: string): number {
  const rank = (m: string): number => {
    const i = METHOD_ORDER.indexOf(m)
    return i === -1 ? METHOD_ORDER.length : i
  }
  return rank(a) - rank(b) || a.localeCompare(b)
}

export const compareTaxes = (a: TaxAtRate, b: TaxAtRate): number =>
  (a.rate ?? -1) - (b.rate ?? -1) || a.name.localeCompare(b.name)

/** The takings of several sessions (a day at a location) added up per method. */
function combineTakings(sessions: readonly (readonly MethodTakings[])[]): MethodTakings[] {
  const byMethod = new Map<string, MethodTakings>()
  for (const methods of sessions) {
    for (const m of methods) {
      const entry = byMethod.get(m.method) ?? {
        method: m.method,
        collected: 0,
        returned: 0,
        net: 0,
      }
      entry.collected = addMinor(entry.collected, m.collected)
      entry.returned = addMinor(entry.returned, m.returned)
      entry.net = entry.collected - entry.returned
      byMethod.set(m.method, entry)
    }
  }
  return [...byMethod.values()].sort((a, b) => compareMethods(a.method, b.method))
}

function taxesByRate(bills: readonly LedgerBill[]): TaxAtRate[] {
  const byKey = new Map<string, TaxAtRate>()
  for (const bill of bills) {
    const sign = bill.type === 'sale' ? 1 : -1
    for (const tax of bill.taxes) {
      const key = `${tax.name}\u0000${tax.rate}`
      const entry = byKey.get(key)
      if (entry) entry.amount = addMinor(entry.amount, sign * tax.amount)
      else byKey.set(key, { name: tax.name, rate: tax.rate, amount: sign * tax.amount })
    }
  }
  return [...byKey.values()].sort(compareTaxes)
}

function takingsByMethod(
  bills: readonly LedgerBill[],
  payments: readonly SessionPayment[],
): MethodTakings[] {
  const byMethod = new Map<string, MethodTakings>()
  const entry = (method: string): MethodTakings => {
    let found = byMethod.get(method)
    if (!found) {
      found = { method, collected: 0, returned: 0, net: 0 }
      byMethod.set(method, found)
    }
    return found
  }
  for (const p of payments) {
    if (p.billType !== 'sale' || !isLive(p)) continue
    const e = entry(p.method)
    e.collected = addMinor(e.collected, p.amount)
  }
  // Money paid back belongs to the refund's or void's session, whichever session took the sale.
  // A reversed payment moved no money, whichever way it went.
  for (const bill of bills) {
    if (bill.type === 'sale') continue
    for (const p of bill.payments) {
      if (!isLive(p)) continue
      const e = entry(p.method)
      e.returned = addMinor(e.returned, p.amount)
    }
  }
  for (const e of byMethod.values()) e.net = e.collected - e.returned
  return [...byMethod.values()].sort((a, b) => compareMethods(a.method, b.method))
}

/**
 * expected_cash = opening cash + net cash takings (collected less paid back) − cash expenses +
 * pay-ins − pay-outs − drops; an unknown opening counts as 0.
 */
export function expectedCash(
  openingCash: number | null,
  netCash: number,
  cashExpenses: number,
  moved: MovementSums,
): number {
  return addMinor(addMinor(openingCash ?? 0, netCash - cashExpenses), drawerChange(moved))
}

export function dayCloseFigures(inputs: DayCloseInputs): DayCloseFigures {
  const { bills, expenses } = inputs
  const sales = bills.filter((b) => b.type === 'sale')
  const refundBills = bills.filter((b) => b.type === 'refund')
  const voidBills = bills.filter((b) => b.type === 'void')

  const grossSales = sumMinor(sales, linesOf)
  const discounts = sumMinor(sales, discountsOf)
  const fees = sumMinor(sales, feesOf)
  const refunds = sumMinor(refundBills, (b) => b.total)
  const voids = sumMinor(voidBills, (b) => b.total)
  const netSales = grossSales - discounts + fees - refunds - voids
  const tax =
    sumMinor(sales, (b) => b.totalTax) -
    sumMinor(refundBills, (b) => b.totalTax) -
    sumMinor(voidBills, (b) => b.totalTax)

  const methods = takingsByMethod(bills, inputs.payments)
  const totalCollected = sumMinor(methods, (m) => m.net)
  const expensesTotal = sumMinor(expenses, (e) => e.amount)
  const cashExpenses = sumMinor(
    expenses.filter((e) => e.paymentMethod === CASH),
    (e) => e.amount,
  )
  const netCash = methods.find((m) => m.method === CASH)?.net ?? 0
  const moved = movementSums(inputs.movements ?? [])
  const openingCash = inputs.openingCash ?? moved.openingFloat

  return {
    saleCount: sales.length,
    refundCount: refundBills.length,
    voidCount: voidBills.length,
    grossSales,
    discounts,
    fees,
    refunds,
    voids,
    netSales,
    tax,
    taxByRate: taxesByRate(bills),
    methods,
    totalCollected,
    receivableChange: netSales - totalCollected,
    expenses: expensesTotal,
    cashExpenses,
    openingCash,
    payIns: moved.payIns,
    payOuts: moved.payOuts,
    drops: moved.drops,
    expectedCash: expectedCash(openingCash, netCash, cashExpenses, moved),
    billsAwaitingDetail: bills.filter((b) => !b.hasDetail).length,
  }
}

/**
 * The figures of several sessions added up (a location's business day, or every location's): each
 * sum of a session's figures is the sum over sessions; the opening cash is known only when every
 * session's is.
 */
export function sumFigures(sessions: readonly DayCloseFigures[]): DayCloseFigures {
  const total = (pick: (f: DayCloseFigures) => number): number => sumMinor(sessions, pick)
  const taxes = new Map<string, TaxAtRate>()
  for (const f of sessions) {
    for (const t of f.taxByRate) {
      const key = `${t.name}\u0000${t.rate}`
      const entry = taxes.get(key)
      taxes.set(key, { ...t, amount: entry ? addMinor(entry.amount, t.amount) : t.amount })
    }
  }
  const openings = sessions.map((f) => f.openingCash)
  return {
    saleCount: total((f) => f.saleCount),
    refundCount: total((f) => f.refundCount),
    voidCount: total((f) => f.voidCount),
    grossSales: total((f) => f.grossSales),
    discounts: total((f) => f.discounts),
    fees: total((f) => f.fees),
    refunds: total((f) => f.refunds),
    voids: total((f) => f.voids),
    netSales: total((f) => f.netSales),
    tax: total((f) => f.tax),
    taxByRate: [...taxes.values()].sort(compareTaxes),
    methods: combineTakings(sessions.map((f) => f.methods)),
    totalCollected: total((f) => f.totalCollected),
    receivableChange: total((f) => f.receivableChange),
    expenses: total((f) => f.expenses),
    cashExpenses: total((f) => f.cashExpenses),
    openingCash: openings.every((o) => o !== null) ? sumMinor(openings, (o) => o) : null,
    payIns: total((f) => f.payIns),
    payOuts: total((f) => f.payOuts),
    drops: total((f) => f.drops),
    expectedCash: total((f) => f.expectedCash),
    billsAwaitingDetail: total((f) => f.billsAwaitingDetail),
  }
}

/**
 * A session's opening cash as far as it is known: the close event's, else the standing opening
 * float recorded among its movements; null while neither gives it.
 */
export function openingCashOf(
  sessionOpeningCash: number | null,
  movements: readonly CashMovement[],
): number | null {
  return sessionOpeningCash ?? movementSums(movements).openingFloat
}

/** Where the opening cash of the expected cash came from. */
export type OpeningCashSource = 'close event' | 'entered' | 'unknown'

export function openingCashSource(
  sessionOpeningCash: number | null,
  openingFloat: number | null,
): OpeningCashSource {
  if (sessionOpeningCash !== null) return 'close event'
  return openingFloat === null ? 'unknown' : 'entered'
}

/**
 * The figures with the opening float the manager entered, while no close event has given the
 * session's opening cash; as they are once it has.
 */
export function withOpeningFloat(
  figures: DayCloseFigures,
  openingFloat: number | null,
): DayCloseFigures {
  if (figures.openingCash !== null || openingFloat === null) return figures
  return {
    ...figures,
    openingCash: openingFloat,
    expectedCash: addMinor(figures.expectedCash, openingFloat),
  }
}

export interface DrawerCount {
  countedCash: number
  /** Counted totals of non-cash methods, for those the manager entered. */
  countedByMethod: Record<string, number>
}

interface MethodCount {
  method: string
  counted: number
  /** The method's net takings. */
  expected: number
  variance: number
}

export interface CountResult {
  countedCash: number
  /** Null while the opening cash is not known: the expected cash is then only a floor. */
  cashVariance: number | null
  methods: MethodCount[]
}

/**
 * counted_cash and cash_variance (counted − expected), and the same per non-cash method entered.
 * The cash variance is not determined while the opening cash is not known: the expected cash
 * leaves the unknown opening out, so the difference would book the float as over or short.
 */
export function countVariance(figures: DayCloseFigures, count: DrawerCount): CountResult {
  const methods = Object.entries(count.countedByMethod)
    .filter(([method]) => method !== CASH)
    .sort(([a], [b]) => compareMethods(a, b))
    .map(([method, counted]) => {
      const expected = figures.methods.find((m) => m.method === method)?.net ?? 0
      return { method, counted, expected, variance: counted - expected }
    })
  return {
    countedCash: count.countedCash,
    cashVariance: determinedVariance(count.countedCash, figures, null),
    methods,
  }
}

/**
 * A count's cash variance as it stands: counted − expected once the opening cash is known, from
 * the figures counted against or, when they did not know it, from `openingNow` (the close event's
 * or the float recorded since); null while neither knows it.
 */
export function determinedVariance(
  countedCash: number,
  figures: Pick<DayCloseFigures, 'openingCash' | 'expectedCash'>,
  openingNow: number | null,
): number | null {
  const opening = figures.openingCash === null ? openingNow : 0
  return opening === null ? null : countedCash - addMinor(figures.expectedCash, opening)
}

/** Whether the cash or any method counted differs from what was expected (as far as known). */
export function hasVariance(count: CountResult): boolean {
  return (
    (count.cashVariance !== null && count.cashVariance !== 0) ||
    count.methods.some((m) => m.variance !== 0)
  )
}

export interface BrokenIdentity {
  /** The identity as docs/ledger.md#bill-identities writes it. */
  identity: string
  /** The right-hand side, computed from the bill's parts. */
  expected: number
  /** The bill's own field. */
  actual: number
}

/**
 * The identities a bill breaks; empty when it keeps them all. A sale known only from its list
 * summary is checked on what the summary carries (amount_due).
 */
export function checkBillIdentities(bill: LedgerBill): BrokenIdentity[] {
  const checks: BrokenIdentity[] = []
  if (bill.hasDetail) {
    checks.push(
      {
        identity: 'total = Σ lines.total − Σ discounts.amount + Σ fees.amount',
        expected: linesOf(bill) - discountsOf(bill) + feesOf(bill),
        actual: bill.total,
      },
      {
        identity: 'total_tax = Σ taxes.amount',
        expected: sumMinor(bill.taxes, (t) => t.amount),
        actual: bill.totalTax,
      },
      {
        identity: 'amount_paid = Σ payments not reversed',
        expected: sumMinor(bill.payments.filter(isLive), (p) => p.amount),
        actual: bill.amountPaid,
      },
    )
  }
  // A refund or void owes nothing whatever it paid back: the identity is the sale's.
  if (bill.type === 'sale')
    checks.push({
      identity: 'amount_due = total − amount_paid',
      expected: bill.total - bill.amountPaid,
      actual: bill.amountDue,
    })
  return checks.filter((c) => c.expected !== c.actual)
}
