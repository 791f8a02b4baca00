import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { readCheckpoint } from './checkpoints'

/**
 * Whether a session's figures are whole yet. Every record that can change them must be in: its
 * bills and refunds, its expenses, and payments taken in it on bills made before it opened (a late
 * payment on an earlier day's bill). Each of those is changed at or after the session opened (a
 * payment touches its bill's `updated_at`), so once every bill and expense changed since some time
 * T is in, every session that opened at or after T is covered, whatever the history behind it.
 * A first sync reads the changes since the day before yesterday's business day began before any
 * history (tonight first, sync-engine.ts), so the sessions of the last two business days are whole
 * as soon as that read ends and their bills have their details; an older session waits for the
 * whole history. A session's opening is the close event's; without one, its earliest bill or
 * payment seen, which must be a day into the cover (see `stillSyncing`).
 */

export interface RecordsSynced {
  /** A sync has run to its end once: every bill, with its payments, and every expense is in. */
  firstSyncDone: boolean
  /** Every bill and expense changed at or after this time is in; null: not yet known. */
  coveredFrom: number | null
}

export function stillSyncing(
  billsAwaitingDetail: number,
  synced: RecordsSynced,
  session: Pick<RegisterSession, 'openedAt' | 'firstActivityAt'>,
): boolean {
  if (billsAwaitingDetail > 0) return true
  if (synced.firstSyncDone) return false
  if (synced.coveredFrom === null) return true
  if (session.openedAt !== null) return session.openedAt < synced.coveredFrom
  // Without a close event its opening is only bounded by what was seen: a shift across midnight
  // first seen just after the cover began may have opened before it (its evening's bills are in
  // the history, and would move it to the day before). One seen a day after the cover began had
  // activity in the covered day, unless it went a whole day without a sale or a payment.
  const first = session.firstActivityAt
  return first === null || first < synced.coveredFrom + A_DAY
}

const A_DAY = 86_400_000

/**
 * A run notes its success on each area it read (an area the install refuses is left out); a run
 * ends only once the history, the details it queued and the expenses are all written. The recent
 * read notes its cover on each area (a refused one included), and a session is covered by both.
 */
export function loadRecordsSynced(db: TillDatabase): Promise<RecordsSynced> {
  // One transaction: the Sessions list follows it live, and a sync writes checkpoints each page.
  return db.transaction('r', db.checkpoints, async () => {
    const [bills, expenses] = await Promise.all([
      readCheckpoint(db, 'bills'),
      readCheckpoint(db, 'expenses'),
    ])
    const covered = [bills.coveredFrom, expenses.coveredFrom].filter((c) => c !== undefined)
    return {
      firstSyncDone: bills.lastSuccessAt !== null || expenses.lastSuccessAt !== null,
      coveredFrom: covered.length === 2 ? Math.max(...covered) : null,
    }
  })
}
