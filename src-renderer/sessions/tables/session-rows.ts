import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import type { DayCloseFigures } from '../../day-close/rules/day-close'
import { listSessions, type SessionFilter } from './session-list'
import { loadShownSessions, type ShownStatus } from './session-status'
import { keptFiguresOfSessions } from './session-tally-store'
import {
  readReconciliation,
  type SessionReconciliation,
} from '../../day-close/tables/reconciliation-schema'

/** One row of the Sessions list: the session and what the row shows of it. */
export interface SessionRowData {
  session: RegisterSession
  status: ShownStatus
  /** From the session's tally; undefined while it has none. */
  figures: DayCloseFigures | undefined
  /** Its stored count, when one is stored and readable. */
  reconciliation: SessionReconciliation | null
}

/**
 * The rows the Sessions list shows for a filter, read in one transaction: the sessions, their
 * shown statuses, their figures from their tallies and their counts. A live query over it re-runs
 * as one transaction on each announced write; one query a row re-ran as five transactions a row
 * (issue 25: most of the page's IndexedDB transactions while a first sync wrote).
 */
export function listSessionRows(
  db: TillDatabase,
  filter: SessionFilter,
  limit: number,
  now: number,
): Promise<SessionRowData[]> {
  const tables = [
    db.sessions,
    db.bills,
    db.sessionTallies,
    db.cashMovements,
    db.reconciliations,
    db.meta,
  ]
  return db.transaction('r', tables, async () => {
    const sessions = await listSessions(db, filter, limit, now)
    const [shown, figures, reconciliations] = await Promise.all([
      loadShownSessions(db, sessions, now),
      keptFiguresOfSessions(db, sessions),
      db.reconciliations.bulkGet(sessions.map((s) => s.id)),
    ])
    return sessions.map((session, i) => {
      const stored = readReconciliation(reconciliations[i])
      return {
        session,
        status: shown[i]!.status,
        figures: figures.get(session.id),
        reconciliation: stored.state === 'ok' ? stored.record : null,
      }
    })
  })
}
