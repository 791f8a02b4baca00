import type { CachedBill } from './cached-records'
import type { TillDatabase } from './database'

/**
 * Reads through the bills' sparse indexes of their payments (./bill-payments.ts `paymentIndexes`):
 * the late payments a session took on other sessions' bills, and the reversals.
 */

/** Bills of other sessions, or of none, with a payment taken in the session (late payments). */
export function billsPaidInFromElsewhere(
  db: TillDatabase,
  sessionId: string,
): Promise<CachedBill[]> {
  return db.bills.where('paidInSessions').equals(sessionId).toArray()
}

/** Whether a bill of another session, or of none, has a payment taken in the session. */
export async function tookPaymentsOnOtherBills(
  db: TillDatabase,
  sessionId: string,
): Promise<boolean> {
  const keys = await db.bills.where('paidInSessions').equals(sessionId).limit(1).primaryKeys()
  return keys.length > 0
}

/** The ids of the bills outside these sessions with a payment taken in one of them. */
export function billIdsPaidInFromElsewhere(
  db: TillDatabase,
  sessionIds: readonly string[],
): Promise<string[]> {
  if (sessionIds.length === 0) return Promise.resolve([])
  return db.bills
    .where('paidInSessions')
    .anyOf([...sessionIds])
    .primaryKeys() as Promise<string[]>
}

/** Bills with a payment reversed from `from` up to, not including, `to` (epoch ms). */
export async function billsReversedBetween(
  db: TillDatabase,
  from: number,
  to: number,
): Promise<CachedBill[]> {
  const ids = await db.bills.where('reversedAts').between(from, to, true, false).primaryKeys()
  const bills = await db.bills.bulkGet([...new Set(ids as string[])])
  return bills.filter((bill): bill is CachedBill => bill !== undefined)
}
