/** Payments: the methods, and how a customer pays at the counter (in full, split, part, or not yet). */

import { niceRound, mulDivFloor } from './currency'
import type { Rng } from './rng'

/** Methods taken at the counter. */
export const PAYMENT_METHODS = ['cash', 'card', 'qris', 'bank_transfer', 'e_wallet'] as const
/** Money an ordering platform collected for an online order (Platform API `POST /orders/{id}/payment`). */
export const ONLINE_PAYMENT = 'online'
export type CounterMethod = (typeof PAYMENT_METHODS)[number]
export type PaymentMethod = CounterMethod | typeof ONLINE_PAYMENT
const METHOD_WEIGHTS = [35, 25, 25, 5, 10]

export interface Payment {
  /** 1-based position on its bill; the payment id is derived from it. */
  seq: number
  method: PaymentMethod
  /** Integer minor units. */
  amount: number
  ref: string | null
  createdAt: number
  session: number
  reversedAt: number | null
}

/** What is handed over at the counter, before it is recorded as a payment. */
export interface Tender {
  method: PaymentMethod
  amount: number
  ref: string | null
}

const UNPAID_SHARE = 0.05
const PARTIAL_SHARE = 0.07
const SPLIT_SHARE = 0.12

export function pickMethod(rng: Rng, exclude: readonly PaymentMethod[] = []): CounterMethod {
  const weights = PAYMENT_METHODS.map((method, i) =>
    exclude.includes(method) ? 0 : (METHOD_WEIGHTS[i] as number),
  )
  return PAYMENT_METHODS[rng.weighted(weights)] as CounterMethod
}

function digits(rng: Rng, count: number): string {
  let text = ''
  for (let i = 0; i < count; i++) text += String(rng.int(0, 9))
  return text
}

/** The reference a terminal or bank would print for this method; cash has none. */
export function paymentRef(rng: Rng, method: CounterMethod): string | null {
  switch (method) {
    case 'cash':
      return null
    case 'card':
      return `AUTH-${digits(rng, 6)}`
    case 'qris':
      return `QR${digits(rng, 12)}`
    case 'bank_transfer':
      return `TRF${digits(rng, 10)}`
    case 'e_wallet':
      return `EW${digits(rng, 10)}`
  }
}

export function tender(rng: Rng, method: CounterMethod, amount: number): Tender {
  return { method, amount, ref: paymentRef(rng, method) }
}

/** A round part of `amount` between `low` and `high` percent, at least 1 and below `amount`. */
function roundPart(rng: Rng, amount: number, low: number, high: number): number {
  const part = niceRound(Math.max(1, mulDivFloor(amount, rng.int(low, high), 100)))
  return Math.min(Math.max(1, part), amount - 1)
}

/**
 * How a sale of `total` is paid at the counter: usually in full with one method, sometimes
 * split across methods, sometimes only a deposit, sometimes nothing yet (on account).
 */
export function tendersAtCheckout(rng: Rng, total: number): Tender[] {
  const roll = rng.next()
  if (roll < UNPAID_SHARE) return []
  if (roll < UNPAID_SHARE + PARTIAL_SHARE && total >= 2) {
    return [tender(rng, pickMethod(rng), roundPart(rng, total, 30, 70))]
  }
  const parts = total >= 3 && rng.chance(SPLIT_SHARE) ? rng.int(2, 3) : 1
  const tenders: Tender[] = []
  let left = total
  while (left > 0) {
    const method = pickMethod(
      rng,
      tenders.map((t) => t.method),
    )
    const amount = tenders.length === parts - 1 || left < 2 ? left : roundPart(rng, left, 30, 70)
    tenders.push(tender(rng, method, amount))
    left -= amount
  }
  return tenders
}
