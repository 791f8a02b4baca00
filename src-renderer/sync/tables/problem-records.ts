import type { TillDatabase } from '../../database/database'
import type { CachedBill, QuarantineEntry } from '../../database/cached-records'

/** Every record kept aside as unreadable, by kind, for the Problems screen. */
export function quarantinedRecords(db: TillDatabase): Promise<QuarantineEntry[]> {
  return db.quarantine.orderBy('kind').toArray()
}

/** How many bills break one of their identities, and the first `limit` of them. */
export async function billsBreakingIdentities(
  db: TillDatabase,
  limit: number,
): Promise<{ count: number; bills: CachedBill[] }> {
  const flagged = db.bills.where('brokenIdentity').equals(1)
  return { count: await flagged.count(), bills: await flagged.limit(limit).toArray() }
}
