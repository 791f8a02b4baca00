import { currencyExponent, toMinorUnits } from '../../src-shared/domain/money'

/**
 * The day-close figures (docs/ledger.md#day-close-figures) recomputed straight from the demo
 * service's own JSON (what `demo.shop.bills()` and friends return), with nothing of Till's ledger
 * or cache code: the yardstick the module under test is held to.
 */

type Amount = number | string
interface RawTax {
  name: string
  rate: number | null
  amount: Amount
}
export interface RawPayment {
  id: string
  method: string
  amount: Amount
  register_session_id: string | null
  reversed_at: string | null
}
export interface RawBill {
  id: string
  type: 'sale' | 'refund' | 'void'
  register_session_id: string
  parent_bill_id: string | null
  location_id: string
  total: Amount
  total_tax: Amount
  created_at: string
  lines: { total: Amount }[]
  discounts: { amount: Amount }[]
  fees: { amount: Amount }[]
  taxes: RawTax[]
  payments: RawPayment[]
}
export interface RawExpense {
  register_session_id: string | null
  amount: Amount
  payment_method: string
}
export interface RawSession {
  id: string
  location_id: string
  opened_at: string
  closed_at: string | null
  opening_cash: Amount
}

/** The figures of one session, under the names docs/ledger.md gives them. */
export interface ExpectedFigures {
  sale_count: number
  refund_count: number
  void_count: number
  gross_sales: number
  discounts: number
  fees: number
  refunds: number
  voids: number
  net_sales: number
  tax: number
  tax_by_rate: Record<string, number>
  collected: Record<string, number>
  returned: Record<string, number>
  net: Record<string, number>
  total_collected: number
  receivable_change: number
  expenses: number
  cash_expenses: number
  expected_cash: number
}

export function expectedFigures(
  sessionId: string,
  shop: { bills: RawBill[]; expenses: RawExpense[]; sessions: RawSession[] },
  currency: string,
  /** Whether Till has seen the close events, which carry a closed session's opening cash. */
  closeEventsSeen: boolean,
): ExpectedFigures {
  const exponent = currencyExponent(currency)
  // Refund and void amounts are magnitudes whatever sign the service used.
  const m = (value: Amount): number => Math.abs(toMinorUnits(value, exponent))
  const add = (map: Record<string, number>, key: string, amount: number): void => {
    map[key] = (map[key] ?? 0) + amount
  }

  const mine = shop.bills.filter((b) => b.register_session_id === sessionId)
  const sales = mine.filter((b) => b.type === 'sale')
  const refundBills = mine.filter((b) => b.type === 'refund')
  const voidBills = mine.filter((b) => b.type === 'void')

  let gross_sales = 0
  let discounts = 0
  let fees = 0
  for (const bill of sales) {
    for (const line of bill.lines) gross_sales += m(line.total)
    for (const d of bill.discounts) discounts += m(d.amount)
    for (const f of bill.fees) fees += m(f.amount)
  }
  let refunds = 0
  for (const bill of refundBills) refunds += m(bill.total)
  let voids = 0
  for (const bill of voidBills) voids += m(bill.total)
  const net_sales = gross_sales - discounts + fees - refunds - voids

  let tax = 0
  const tax_by_rate: Record<string, number> = {}
  for (const bill of mine) {
    const sign = bill.type === 'sale' ? 1 : -1
    tax += sign * m(bill.total_tax)
    for (const t of bill.taxes) add(tax_by_rate, `${t.name} ${t.rate}`, sign * m(t.amount))
  }

  const collected: Record<string, number> = {}
  for (const bill of shop.bills) {
    if (bill.type !== 'sale') continue
    for (const p of bill.payments)
      if (p.register_session_id === sessionId && p.reversed_at === null)
        add(collected, p.method, m(p.amount))
  }
  const returned: Record<string, number> = {}
  for (const bill of [...refundBills, ...voidBills])
    for (const p of bill.payments) if (p.reversed_at === null) add(returned, p.method, m(p.amount))
  const net: Record<string, number> = {}
  for (const method of new Set([...Object.keys(collected), ...Object.keys(returned)]))
    net[method] = (collected[method] ?? 0) - (returned[method] ?? 0)
  const total_collected = Object.values(net).reduce((a, b) => a + b, 0)

  const sessionExpenses = shop.expenses.filter((e) => e.register_session_id === sessionId)
  const expenses = sessionExpenses.reduce((sum, e) => sum + m(e.amount), 0)
  const cash_expenses = sessionExpenses
    .filter((e) => e.payment_method === 'cash')
    .reduce((sum, e) => sum + m(e.amount), 0)
  const session = shop.sessions.find((s) => s.id === sessionId)
  const opening_cash = closeEventsSeen && session?.closed_at ? m(session.opening_cash) : 0 // 0 when unknown

  return {
    sale_count: sales.length,
    refund_count: refundBills.length,
    void_count: voidBills.length,
    gross_sales,
    discounts,
    fees,
    refunds,
    voids,
    net_sales,
    tax,
    tax_by_rate,
    collected,
    returned,
    net,
    total_collected,
    receivable_change: net_sales - total_collected,
    expenses,
    cash_expenses,
    expected_cash: opening_cash + (net['cash'] ?? 0) - cash_expenses,
  }
}

/** The demo service's truth as the JSON the Apps API serves. */
export function rawShop(demo: {
  shop: { bills(): Iterable<unknown>; expenses(): unknown[]; sessions(): unknown[] }
}): { bills: RawBill[]; expenses: RawExpense[]; sessions: RawSession[] } {
  return {
    bills: [...demo.shop.bills()] as RawBill[],
    expenses: demo.shop.expenses() as RawExpense[],
    sessions: demo.shop.sessions() as RawSession[],
  }
}
