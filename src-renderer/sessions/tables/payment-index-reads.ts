import type { CachedBill } from '../../database/cached-records'
import type { TillDatabase } from '../../database/database'
import { readBills } from './bill-reads'

/**
 * Reads through the payment index (./bill-payments.ts `paymentIndexOf`), a record only for the
 * few bills with a payment taken outside their own session or reversed: the late payments a
 * session took on other sessions' bills, and the reversals.
 */

async function billsOf(db: TillDatabase, ids: readonly string[]): Promise<CachedBill[]> {
  if (ids.length === 0) return []
  const bills = await readBills(db, [...new Set(ids)])
  return bills.filter((bill): bill is CachedBill => bill !== undefined)
}

/** Bills of other sessions, or of none, with a payment taken in the session (late payments). */
export async function billsPaidInFromElsewhere(
  db: TillDatabase,
  sessionId: string,
): Promise<CachedBill[]> {
  return billsOf(db, await billIdsPaidInFromElsewhere(db, [sessionId]))
}

/** Whether a bill of another session, or of none, has a payment taken in the session. */
export async function tookPaymentsOnOtherBills(
  db: TillDatabase,
  sessionId: string,
): Promise<boolean> {
  const keys = await db.billPaymentIndex
    .where('paidInSessions')
    .equals(sessionId)
    .limit(1)
    .primaryKeys()
  return keys.length > 0
}

/** The ids of the bills outside these sessions with a payment taken in one of them. */
export async function billIdsPaidInFromElsewhere(
  db: TillDatabase,
  sessionIds: readonly string[],
): Promise<string[]> {
  if (sessionIds.length === 0) return []
  const ids = await db.billPaymentIndex
    .where('paidInSessions')
    .anyOf([...sessionIds])
    .primaryKeys()
  return [...new Set(ids)]
}

/** Bills with a payment reversed from `from` up to, not including, `to` (epoch ms). */
export async function billsReversedBetween(
  db: TillDatabase,
  from: number,
  to: number,
): Promise<CachedBill[]> {
  const ids = await db.billPaymentIndex
    .where('reversedAts')
    .between(from, to, true, false)
    .primaryKeys()
  return billsOf(db, ids)
}
