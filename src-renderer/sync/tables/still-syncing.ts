import type { TillDatabase } from '../../database/database'
import { readCheckpoint } from './checkpoints'

/**
 * Whether a session's figures are whole yet. Every record that can change them must be in: its
 * bills and refunds, its expenses, and payments taken in it on bills made before it opened (a late
 * payment on an earlier day's bill). The first sync reads bills newest first, by creation: a bill
 * paid off today but made last month comes only when the sync has gone back that far, and nothing
 * read before says which bills those are. So until the first sync has read everything (history,
 * its details and the expenses), no session's figures can be called whole. After it, a session is
 * whole while none of its bills is known only from its list summary.
 */

export interface RecordsSynced {
  /** A sync has run to its end once: every bill, with its payments, and every expense is in. */
  firstSyncDone: boolean
}

export function stillSyncing(billsAwaitingDetail: number, synced: RecordsSynced): boolean {
  return billsAwaitingDetail > 0 || !synced.firstSyncDone
}

/**
 * A run notes its success on each area it read (an area the install refuses is left out); a run
 * ends only once the history, the details it queued and the expenses are all written.
 */
export function loadRecordsSynced(db: TillDatabase): Promise<RecordsSynced> {
  // One transaction: the Sessions list follows it live, and a sync writes checkpoints each page.
  return db.transaction('r', db.checkpoints, async () => {
    const [bills, expenses] = await Promise.all([
      readCheckpoint(db, 'bills'),
      readCheckpoint(db, 'expenses'),
    ])
    return { firstSyncDone: bills.lastSuccessAt !== null || expenses.lastSuccessAt !== null }
  })
}
