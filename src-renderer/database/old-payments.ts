import type { TillDatabase } from './database'

/**
 * Empties the payments table cache version 23 left behind (database/migrations/v23.ts). Dropping it inside
 * the upgrade kept the cache shut while Chromium deleted every payment (2.9–3.3 s of a 7 s
 * upgrade at 100,000 bills); emptied here, in a transaction of its own that nothing else waits
 * on, the screens open meanwhile. A clear cut short is rolled back whole and runs again at the
 * next opening. Resolves true when there was anything to empty. Not a migration (so not in
 * ./migrations/): it runs at every opening, on the open cache, and does nothing once the table is
 * empty.
 */
export async function emptyOldPayments(db: TillDatabase): Promise<boolean> {
  const payments = db.table('payments')
  if ((await payments.limit(1).primaryKeys()).length === 0) return false
  await payments.clear()
  return true
}
