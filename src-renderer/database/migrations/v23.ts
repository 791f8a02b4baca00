import Dexie, { cmp, type Table, type Transaction } from 'dexie'
import type { Migration } from './migration'
import { paymentIndexOf, type IndexedBill } from './v23-payment-index'

/** What the upgrade reads of a row of the payments table. */
interface PaymentRow {
  billId: string
  registerSessionId: string | null
}

/** Sessions read side by side: a session's payments and its bills' ids, then let go. */
const SESSIONS_AT_ONCE = 50
/** Bills indexed a write at a time. */
const BILLS_AT_ONCE = 2_000

/**
 * The payments of sessions other than these, read from the gaps between them in the payments'
 * session index (Dexie's `noneOf` steps a cursor through every payment: 5 s at 188,000).
 */
async function paymentsBetween(payments: Table, sessions: string[]): Promise<PaymentRow[]> {
  const bounds = [Dexie.minKey, ...[...sessions].sort(cmp), Dexie.maxKey]
  const gaps = await Promise.all(
    bounds
      .slice(1)
      .map((upper, i) =>
        payments.where('registerSessionId').between(bounds[i], upper, false, false).toArray(),
      ),
  )
  return gaps.flat() as PaymentRow[]
}

/**
 * The bills a cache holds whose payments need an entry in the new index: those with a payment
 * taken outside the bill's own session, or reversed. Read from the payments table, the one place
 * that names them, a session at a time beside the ids of that session's bills (so what is held is
 * a few sessions' records, whatever the cache's size), and the reversals through their own index.
 * The sessions are the cache's own, then those only a payment names: listing the payments'
 * sessions from their index steps through every payment (a second at 188,000 payments).
 */
async function billsIndexedByPayments(
  tx: Transaction,
  onProgress: (done: number, total: number) => void,
): Promise<string[]> {
  const payments = tx.table('payments')
  const bills = tx.table('bills')
  const indexed = new Set<string>()
  const takenIn = (session: string): Promise<PaymentRow[]> =>
    payments.where('registerSessionId').equals(session).toArray()
  /** Notes the bills of other sessions that `taken` (the session's payments) were paid on. */
  const lateIn = async (
    session: string,
    taken: Promise<PaymentRow[]> | PaymentRow[],
  ): Promise<void> => {
    const [paid, own] = await Promise.all([
      taken,
      bills
        .where('[registerSessionId+createdAt]')
        .between([session, Dexie.minKey], [session, Dexie.maxKey])
        .primaryKeys(),
    ])
    const ownIds = new Set(own as string[])
    for (const p of paid) if (!ownIds.has(p.billId)) indexed.add(p.billId)
  }
  const known = (await tx.table('sessions').toCollection().primaryKeys()) as string[]
  for (let i = 0; i < known.length; i += SESSIONS_AT_ONCE) {
    onProgress(i, known.length)
    await Promise.all(
      known.slice(i, i + SESSIONS_AT_ONCE).map((session) => lateIn(session, takenIn(session))),
    )
  }
  const elsewhere = new Map<string, PaymentRow[]>()
  for (const p of await paymentsBetween(payments, known)) {
    const list = elsewhere.get(p.registerSessionId!)
    if (list) list.push(p)
    else elsewhere.set(p.registerSessionId!, [p])
  }
  await Promise.all([...elsewhere].map(([session, paid]) => lateIn(session, paid)))
  const reversed: PaymentRow[] = await payments.orderBy('reversedAt').toArray()
  for (const p of reversed) indexed.add(p.billId)
  onProgress(known.length, known.length)
  return [...indexed]
}

/**
 * A bill's record holds its payments, so the payments table (a second record a payment, the
 * largest write a first sync paid for a bill after the bill itself) goes. What it was read by
 * moves into the payment index (../../sessions/tables/bill-payments.ts; its entries made here by ./v23-payment-index.ts), a record only for a bill with a payment
 * taken outside its own session or reversed: the usual bill writes nothing more than itself. An
 * index added to the bills instead would have read every bill as the cache opened (24 s at
 * 100,000 bills); this table starts with the few such bills. The payments table stays declared,
 * read by nothing: dropping it here deleted every payment before the cache opened (2.9–3.3 s at
 * 188,000), so it is emptied once the cache is open (../old-payments.ts); a version to come can
 * drop it, empty by then.
 */
export const v23: Migration = {
  version: 23,
  stores: { billPaymentIndex: 'billId, *paidInSessions, *reversedAts' },
  upgrade: async (tx, onUpgrade) => {
    const ids = await billsIndexedByPayments(tx, (done, total) =>
      onUpgrade?.(done, total, 'payments'),
    )
    for (let i = 0; i < ids.length; i += BILLS_AT_ONCE) {
      const bills: (IndexedBill | undefined)[] = await tx
        .table('bills')
        .bulkGet(ids.slice(i, i + BILLS_AT_ONCE))
      const entries = bills.flatMap((bill) => (bill ? (paymentIndexOf(bill) ?? []) : []))
      await tx.table('billPaymentIndex').bulkPut(entries)
    }
  },
}
