import type { TillDatabase } from './database'
import type { RegisterSession } from './cached-records'
import { readCheckpoint } from './checkpoints'
import { sessionStart } from './session-status'

/**
 * Whether a session's figures are whole yet. The first sync reads bills newest first: until it
 * has gone back past a session's start, some of the session's bills (a morning's sales behind an
 * evening's refunds) are not in the cache, and its figures would be wrong (negative net sales).
 * The same holds while any of its bills is known only from its list summary.
 */

export interface BillsSynced {
  /** The first sync has read every bill. */
  backfillDone: boolean
  /** Creation time of the oldest bill in the cache: every newer bill has been read. */
  oldestSyncedAt: number | null
}

export function stillSyncing(
  session: Pick<RegisterSession, 'openedAt' | 'firstActivityAt'>,
  billsAwaitingDetail: number,
  synced: BillsSynced,
): boolean {
  if (billsAwaitingDetail > 0) return true
  if (synced.backfillDone) return false
  const start = sessionStart(session)
  return start === null || synced.oldestSyncedAt === null || start <= synced.oldestSyncedAt
}

export async function loadBillsSynced(db: TillDatabase): Promise<BillsSynced> {
  const [checkpoint, oldest] = await Promise.all([
    readCheckpoint(db, 'bills'),
    db.bills.orderBy('createdAt').first(),
  ])
  return { backfillDone: checkpoint.backfillDone, oldestSyncedAt: oldest?.createdAt ?? null }
}
