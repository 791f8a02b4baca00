/**
 * A bill's entry in the payment index as version 23 makes it for the bills a cache holds, frozen:
 * copied on 2026-12-07 from `paymentIndexOf` (sessions/tables/bill-payments.ts), which keeps the index of
 * the bills written from now on and may change; the upgrade keeps making the entries it made.
 */

/** What the entry reads of a bill record. */
export interface IndexedBill {
  id: string
  registerSessionId: string | null
  hasDetail: boolean
  payments: { registerSessionId: string | null; reversedAt: number | null }[]
}

interface BillPaymentIndex {
  billId: string
  paidInSessions?: string[]
  reversedAts?: number[]
}

/**
 * The sessions other than its own a bill's payments were taken in, and when any was reversed; null
 * for the usual bill, paid in its own session and never reversed, which has no entry.
 */
export function paymentIndexOf(bill: IndexedBill): BillPaymentIndex | null {
  if (!bill.hasDetail) return null
  const sessions = new Set<string>()
  const reversals = new Set<number>()
  for (const p of bill.payments) {
    if (p.registerSessionId !== null && p.registerSessionId !== bill.registerSessionId)
      sessions.add(p.registerSessionId)
    if (p.reversedAt !== null) reversals.add(p.reversedAt)
  }
  if (sessions.size === 0 && reversals.size === 0) return null
  return {
    billId: bill.id,
    ...(sessions.size ? { paidInSessions: [...sessions].sort() } : {}),
    ...(reversals.size ? { reversedAts: [...reversals].sort((a, b) => a - b) } : {}),
  }
}
