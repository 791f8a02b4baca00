import Dexie, { type Transaction } from 'dexie'
import type { CachedBill, CachedPayment } from '../cached-records'
import { paymentIndexes } from '../bill-payments'
import type { Migration } from './migration'
import { BILLS_V17 } from './v17'

/** Payments read at a time: a million bills' payments at once would hold hundreds of MB. */
const PAYMENTS_SLICE = 20_000

/**
 * The bills a cache holds whose payments need an entry in the new indexes: those with a payment
 * taken outside the bill's own session, or reversed. Read from the payments table, the one place
 * that names them, a slice at a time, and the bills' session index, for just the sessions
 * payments name.
 */
async function billsIndexedByPayments(tx: Transaction): Promise<string[]> {
  const payments = tx.table('payments')
  const bills = tx.table('bills')
  const billsOf = new Map<string, Set<string>>()
  const readSessions = (sessions: string[]) =>
    Promise.all(
      sessions.map(async (session) => {
        const ids = await bills
          .where('[registerSessionId+createdAt]')
          .between([session, Dexie.minKey], [session, Dexie.maxKey])
          .primaryKeys()
        billsOf.set(session, new Set(ids as string[]))
      }),
    )
  const indexed = new Set<string>()
  let after: string | null = null
  for (;;) {
    const slice: CachedPayment[] = await (
      after === null ? payments.orderBy(':id') : payments.where(':id').above(after)
    )
      .limit(PAYMENTS_SLICE)
      .toArray()
    if (slice.length === 0) break
    after = slice[slice.length - 1]!.id
    const named = new Set(slice.flatMap((p) => p.registerSessionId ?? []))
    await readSessions([...named].filter((session) => !billsOf.has(session)))
    for (const p of slice) {
      const elsewhere =
        p.registerSessionId !== null && !billsOf.get(p.registerSessionId)!.has(p.billId)
      if (elsewhere || p.reversedAt !== null) indexed.add(p.billId)
    }
  }
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
