import type { Bill } from '../../src-shared/domain/records'
import type { CachedBill, CachedPayment } from './cached-records'

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
 * What the bills table indexes a bill's payments by (cache version 23, migrations/v23.ts), each
 * present only when it has an entry, so the usual bill (paid in its own session, never reversed)
 * writes none: the sessions other than its own its payments were taken in, and when any was
 * reversed.
 */
export function paymentIndexes(bill: Bill): Pick<CachedBill, 'paidInSessions' | 'reversedAts'> {
  if (!bill.hasDetail) return {}
  const sessions = new Set<string>()
  const reversals = new Set<number>()
  for (const p of bill.payments) {
    if (p.registerSessionId !== null && p.registerSessionId !== bill.registerSessionId)
      sessions.add(p.registerSessionId)
    if (p.reversedAt !== null) reversals.add(p.reversedAt)
  }
  return {
    ...(sessions.size ? { paidInSessions: [...sessions].sort() } : {}),
    ...(reversals.size ? { reversedAts: [...reversals].sort((a, b) => a - b) } : {}),
  }
}

/** The payments among these bills' that were taken in the session. */
export function paymentsTakenIn(sessionId: string, bills: readonly Bill[]): CachedPayment[] {
  return bills.flatMap((bill) =>
    bill.hasDetail
      ? paymentsOf(bill).filter((payment) => payment.registerSessionId === sessionId)
      : [],
  )
}
