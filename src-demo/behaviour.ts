/**
 * How the merchant and the customers act, shared by history generation, live trading and the
 * control API's defaults: what gets refunded, how a debt is paid off, which payment bounces,
 * what the shop spends on.
 */

import { CASH_EXPENSES, NON_CASH_EXPENSES, type ExpenseKind } from './catalogue'
import { mulDivRound, niceRound, type Currency } from './currency'
import { pickMethod, tender, type Payment, type Tender } from './payments'
import type { Rng } from './rng'
import type { Expense, ExpenseFields, Shop } from './shop'

/** Some lines of a sale, some of their quantity; always at least one unit. */
export function chooseRefund(rng: Rng, shop: Shop, row: number): Map<string, number> {
  const open = [...shop.refundableQuantities(row)].filter(([, left]) => left > 0)
  const chosen = new Map<string, number>()
  for (const [id, left] of open) {
    if (rng.chance(0.5)) chosen.set(id, rng.chance(0.7) ? left : rng.int(1, left))
  }
  if (chosen.size === 0 && open.length > 0) {
    const [id, left] = rng.pick(open)
    chosen.set(id, rng.int(1, left))
  }
  return chosen
}

/** A customer paying off some or all of what a bill still owes. */
export function chooseLaterPayment(rng: Rng, shop: Shop, row: number): Tender {
  const due = shop.amountDue(row)
  const amount = due >= 2 && rng.chance(0.3) ? Math.min(due - 1, niceRound(due / 2)) : due
  return tender(rng, pickMethod(rng, ['cash']), amount)
}

/** Payments that can bounce (a chargeback, a failed transfer): non-cash and not yet reversed. */
export function reversiblePayments(shop: Shop, row: number): Payment[] {
  return shop
    .payments(row)
    .filter((payment) => payment.reversedAt === null && payment.method !== 'cash')
}

/** One of the bill's payments that can bounce, or null. */
export function choosePaymentToReverse(rng: Rng, shop: Shop, row: number): Payment | null {
  const candidates = reversiblePayments(shop, row)
  return candidates.length > 0 ? rng.pick(candidates) : null
}

function expenseFrom(
  rng: Rng,
  currency: Currency,
  kind: ExpenseKind,
  cash: boolean,
): ExpenseFields {
  const amount = currency.priceFromUsd(kind.usd * (0.7 + rng.next() * 0.6))
  return {
    category: kind.category,
    description: kind.description,
    supplier: kind.supplier,
    amount,
    taxAmount: mulDivRound(amount, kind.taxRate, 100 + kind.taxRate),
    paymentMethod: cash ? 'cash' : rng.chance(0.6) ? 'bank_transfer' : 'card',
  }
}

export function composeExpense(rng: Rng, currency: Currency, cash: boolean): ExpenseFields {
  return expenseFrom(rng, currency, rng.pick(cash ? CASH_EXPENSES : NON_CASH_EXPENSES), cash)
}

/** A bookkeeping correction: the amount fixed to the invoice, or a clearer description. */
export function expenseCorrection(rng: Rng, expense: Expense): Partial<ExpenseFields> {
  if (rng.chance(0.5)) return { description: `${expense.description} (corrected)` }
  const amount = niceRound(Math.max(1, Math.round(expense.amount * (0.85 + rng.next() * 0.3))))
  return { amount, taxAmount: mulDivRound(amount, expense.taxAmount, expense.amount) }
}

export function openingCash(rng: Rng, currency: Currency): number {
  return currency.priceFromUsd(rng.pick([100, 150, 200, 250, 300]))
}
