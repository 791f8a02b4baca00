import Dexie, { type Transaction } from 'dexie'
import type { CachedBill, CachedPayment } from '../cached-records'
import { paymentIndexes } from '../bill-payments'
import type { Migration } from './migration'
import { BILLS_V17 } from './v17'

/** Sessions read side by side: a session's payments and its bills' ids, then let go. */
const SESSIONS_AT_ONCE = 50

/**
 * The bills a cache holds whose payments need an entry in the new indexes: those with a payment
 * taken outside the bill's own session, or reversed. Read from the payments table, the one place
 * that names them, a session at a time beside the ids of that session's bills (so what is held is
 * a few sessions' records, whatever the cache's size), and the reversals through their own index.
 */
async function billsIndexedByPayments(tx: Transaction): Promise<string[]> {
  const payments = tx.table('payments')
  const bills = tx.table('bills')
  const indexed = new Set<string>()
  const lateIn = async (session: string): Promise<void> => {
    const [taken, own] = await Promise.all([
      payments.where('registerSessionId').equals(session).toArray() as Promise<CachedPayment[]>,
      bills
        .where('[registerSessionId+createdAt]')
        .between([session, Dexie.minKey], [session, Dexie.maxKey])
        .primaryKeys(),
    ])
    const ownIds = new Set(own as string[])
    for (const p of taken) if (!ownIds.has(p.billId)) indexed.add(p.billId)
  }
  const sessions = (await payments.orderBy('registerSessionId').uniqueKeys()) as string[]
  for (let i = 0; i < sessions.length; i += SESSIONS_AT_ONCE)
    await Promise.all(sessions.slice(i, i + SESSIONS_AT_ONCE).map(lateIn))
  const reversed: CachedPayment[] = await payments.orderBy('reversedAt').toArray()
  for (const p of reversed) indexed.add(p.billId)
  return [...indexed]
}

/**
 * A bill's record holds its payments, so the payments table (a second record a payment, the
 * largest write a first sync paid for a bill after the bill itself) goes. What it was read by
 * moves onto the bills as two sparse indexes (../bill-payments.ts): the sessions a bill's
 * payments were taken in other than its own, and when they were reversed. Neither has an entry
 * for the usual bill, paid in its own session and never reversed.
 */
export const v23: Migration = {
  version: 23,
  stores: { bills: `${BILLS_V17}, *paidInSessions, *reversedAts`, payments: null },
  upgrade: async (tx) => {
    const ids = await billsIndexedByPayments(tx)
    if (ids.length === 0) return
    await tx
      .table('bills')
      .where(':id')
      .anyOf(ids)
      .modify((bill: CachedBill) => {
        Object.assign(bill, paymentIndexes(bill))
      })
  },
}
