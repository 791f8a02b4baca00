import type { TillDatabase } from '../../database/database'
import type { Reconciliation, RegisterSession } from '../../database/cached-records'

/**
 * The sessions a write of bills names and their reconciliation records, as the cache held them
 * before the write: read once, in one pass, for every part of the write that asks (the sessions
 * it creates or refreshes, the reconciled ones it flags, the tallies it starts), rather than
 * each part reading them again.
 */
export interface KnownSessions {
  sessions: ReadonlyMap<string, RegisterSession>
  reconciliations: ReadonlyMap<string, Reconciliation>
}

export async function readKnownSessions(
  db: TillDatabase,
  sessionIds: ReadonlySet<string>,
): Promise<KnownSessions> {
  const ids = [...sessionIds]
  const [sessions, reconciliations] = await Promise.all([
    db.sessions.bulkGet(ids),
    db.reconciliations.bulkGet(ids),
  ])
  const present = <T>(records: (T | undefined)[]): Map<string, T> =>
    new Map(ids.flatMap((id, i) => (records[i] ? [[id, records[i]] as const] : [])))
  return { sessions: present(sessions), reconciliations: present(reconciliations) }
}
