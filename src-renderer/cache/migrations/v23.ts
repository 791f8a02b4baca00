import Dexie, { type Transaction } from 'dexie'
import type { CachedBill, CachedPayment } from '../cached-records'
import { paymentIndexes } from '../bill-payments'
import type { Migration } from './migration'
import { BILLS_V17 } from './v17'

/**
 * The bills a cache holds whose payments need an entry in the new indexes: those with a payment
 * taken outside the bill's own session, or reversed. Read from the payments table, the one place
 * that names them, and the bills' session index, for just the sessions payments name.
 */
async function billsIndexedByPayments(tx: Transaction): Promise<string[]> {
  const payments: CachedPayment[] = await tx.table('payments').toArray()
  const sessions = [
    ...new Set(
      payments.flatMap((p) => (p.registerSessionId === null ? [] : [p.registerSessionId])),
    ),
  ]
  const billsBySession = new Map(
    await Promise.all(
      sessions.map(
        async (session) =>
          [
            session,
            new Set(
              (await tx
                .table('bills')
                .where('[registerSessionId+createdAt]')
                .between([session, Dexie.minKey], [session, Dexie.maxKey])
                .primaryKeys()) as string[],
            ),
          ] as const,
      ),
    ),
  )
  const ids = new Set<string>()
  for (const p of payments) {
    const elsewhere =
      p.registerSessionId !== null && !billsBySession.get(p.registerSessionId)?.has(p.billId)
    if (elsewhere || p.reversedAt !== null) ids.add(p.billId)
  }
  return [...ids]
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
