import type { Shop } from './shop'

/**
 * The day-close figures the journal must agree with, recomputed here straight from the definitions
 * in docs/ledger.md#day-close-figures (independently of src-renderer/day-close/rules). "returned"
 * counts the refund's and void's payments that were not reversed, as "collected" does.
 */
export interface DayCloseFigures {
  netSales: number
  tax: number
  net: Map<string, number>
  cashExpenses: number
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

export function dayClose(shop: Shop, sessionId: string): DayCloseFigures {
  const bills = shop.bills.filter((b) => b.registerSessionId === sessionId)
  const sales = bills.filter((b) => b.type === 'sale')
  const refunds = bills.filter((b) => b.type === 'refund')
  const voids = bills.filter((b) => b.type === 'void')
  const gross = sum(sales.flatMap((b) => b.lines.map((l) => l.total)))
  const discounts = sum(sales.flatMap((b) => b.discounts.map((d) => d.amount)))
  const fees = sum(sales.flatMap((b) => b.fees.map((f) => f.amount)))
  const netSales =
    gross - discounts + fees - sum(refunds.map((b) => b.total)) - sum(voids.map((b) => b.total))
  const tax =
    sum(sales.map((b) => b.totalTax)) -
    sum(refunds.map((b) => b.totalTax)) -
    sum(voids.map((b) => b.totalTax))
  const net = new Map<string, number>()
  const add = (method: string, amount: number) => net.set(method, (net.get(method) ?? 0) + amount)
  for (const bill of shop.bills.filter((b) => b.type === 'sale'))
    for (const p of bill.payments)
      if (p.registerSessionId === sessionId && p.reversedAt === null) add(p.method, p.amount)
  for (const bill of [...refunds, ...voids])
    for (const p of bill.payments) if (p.reversedAt === null) add(p.method, -p.amount)
  const cashExpenses = sum(
    shop.expenses
      .filter((e) => e.registerSessionId === sessionId && e.paymentMethod === 'cash')
      .map((e) => e.amount),
  )
  return { netSales, tax, net, cashExpenses }
}
