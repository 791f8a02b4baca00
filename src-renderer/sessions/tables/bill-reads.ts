import Dexie, { type ObservabilitySet } from 'dexie'
import type { TillDatabase } from '../../database/database'
import type { CachedBill } from '../../database/cached-records'

/** Single bills and bill facts read by key or by one index (the Bills screen's pages: bills/). */

export function readBill(db: TillDatabase, id: string): Promise<CachedBill | undefined> {
  return db.bills.get(id)
}

/** The bills of `ids`, in their order; undefined where the cache holds none. */
export function readBills(
  db: TillDatabase,
  ids: readonly string[],
): Promise<(CachedBill | undefined)[]> {
  return db.bills.bulkGet([...ids])
}

/** A bill's refunds and voids, oldest first. */
export function refundsAndVoidsOf(db: TillDatabase, billId: string): Promise<CachedBill[]> {
  return db.bills.where('parentBillId').equals(billId).sortBy('createdAt')
}

/** The bill of the largest total, which sets how wide the amount columns are. */
export function largestBill(db: TillDatabase): Promise<CachedBill | undefined> {
  return db.bills.orderBy('total').last()
}

export function newestBill(db: TillDatabase): Promise<CachedBill | undefined> {
  return db.bills.orderBy('createdAt').last()
}

/** Whether the cache holds any bill, from one key of the primary index. */
export async function anyBillCached(db: TillDatabase): Promise<boolean> {
  return (await db.bills.limit(1).primaryKeys()).length > 0
}

/**
 * Calls `listener` after each committed write to this cache's bills. Dexie announces every
 * committed write with the tables and indexes it touched (the event its live queries re-run on).
 * Returns the function that stops listening.
 */
export function onBillsWritten(db: TillDatabase, listener: () => void): () => void {
  const billsPart = `idb://${db.name}/bills/`
  const onMutated = (parts: ObservabilitySet): void => {
    if (Object.keys(parts).some((part) => part.startsWith(billsPart))) listener()
  }
  Dexie.on('storagemutated', onMutated)
  return () => Dexie.on.storagemutated.unsubscribe(onMutated)
}
