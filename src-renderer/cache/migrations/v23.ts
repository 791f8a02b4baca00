import Dexie, { type Transaction } from 'dexie'
import type { CachedBill, CachedPayment } from '../cached-records'
import { paymentIndexOf } from '../bill-payments'
import type { Migration } from './migration'

/** Sessions read side by side: a session's payments and its bills' ids, then let go. */
const SESSIONS_AT_ONCE = 50
/** Bills indexed a write at a time. */
const BILLS_AT_ONCE = 2_000

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
 * moves into the payment index (../bill-payments.ts), a record only for a bill with a payment
 * taken outside its own session or reversed: the usual bill writes nothing more than itself. An
 * index added to the bills instead would have read every bill as the cache opened (24 s at
 * 100,000 bills); this table starts with the few such bills.
 */
export const v23: Migration = {
  version: 23,
  stores: { billPaymentIndex: 'billId, *paidInSessions, *reversedAts', payments: null },
  upgrade: async (tx) => {
    const ids = await billsIndexedByPayments(tx)
    for (let i = 0; i < ids.length; i += BILLS_AT_ONCE) {
      const bills: (CachedBill | undefined)[] = await tx
        .table('bills')
        .bulkGet(ids.slice(i, i + BILLS_AT_ONCE))
      const entries = bills.flatMap((bill) => (bill ? (paymentIndexOf(bill) ?? []) : []))
      await tx.table('billPaymentIndex').bulkPut(entries)
    }
  },
}
