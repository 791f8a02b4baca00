import type { Bill } from '../../src-shared/domain/records'
import type { TillDatabase } from '../../src-renderer/database/database'
import { writeBills } from '../../src-renderer/sync/tables/writes'

/**
 * Writes `bills` into the cache as a sync would (Jakarta business days) and marks the first sync
 * as having read every bill, so their sessions' figures are complete and can be counted.
 */
export async function writeSyncedBills(
  db: TillDatabase,
  bills: Bill[],
  now: number,
): Promise<void> {
  await writeBills(db, { bills, quarantined: [], detailPriority: 1, timeZone: 'Asia/Jakarta', now })
  await db.checkpoints.put({
    key: 'bills',
    backfillPage: null,
    backfillDone: true,
    cursor: null,
    cursorPage: 1,
    lastSuccessAt: now,
  })
}
