import type { Bill } from '../../../src-shared/domain/records'
import type { BillPaymentIndex, CachedPayment } from '../../database/cached-records'

/**
 * A bill's payments as the readers of a session's takings see them, each with its bill's id, type
 * and location. Only a bill with its detail names them all: readers take those alone.
 */
export function paymentsOf(bill: Bill): CachedPayment[] {
  return bill.payments.map((p) => ({
    ...p,
    billId: bill.id,
    billType: bill.type,
    locationId: bill.locationId,
  }))
}

/**
 * A bill's entry in the payment index (cache version 23, database/migrations/v23.ts), or null for the usual
 * bill, paid in its own session and never reversed, which has none: the sessions other than its
 * own its payments were taken in, and when any was reversed.
 */
function paymentIndexOf(bill: Bill): BillPaymentIndex | null {
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

/**
 * What writing `after` over `before` (a bill's record, if cached) changes in the payment index: an
 * entry to put, a bill id whose entry goes, or nothing, the usual case, read from the records
 * alone.
 */
export function paymentIndexChange(
  before: Bill | undefined,
  after: Bill,
): { put: BillPaymentIndex } | { drop: string } | null {
  const had = before ? paymentIndexOf(before) : null
  const has = paymentIndexOf(after)
  if (has) return JSON.stringify(has) === JSON.stringify(had) ? null : { put: has }
  return had ? { drop: after.id } : null
}

/** The payments among these bills' that were taken in the session. */
export function paymentsTakenIn(sessionId: string, bills: readonly Bill[]): CachedPayment[] {
  return bills.flatMap((bill) =>
    bill.hasDetail
      ? paymentsOf(bill).filter((payment) => payment.registerSessionId === sessionId)
      : [],
  )
}
