import type { TillDatabase } from '../../database/database'
import type { Reconciliation, RegisterSession } from '../../database/cached-records'

/**
 * The sessions a write of bills names and their reconciliation records, as the cache held them
 * before the write: read once, in one pass, for every part of the write that asks (the sessions
 * it creates or refreshes, the reconciled ones it flags, the tallies it starts), rather than
 * each part reading them again. A count is read only where a part can ask for it: a session the
 * cache does not hold yet (whose status a count decides) or one it holds as reconciled (whose
 * count a late bill flags). Most sessions a write names are held and not counted, and a first sync's
 * some 4,000 gets of counts, of an empty table, were a tenth of its IndexedDB requests.
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
  const present = <T>(keys: string[], records: (T | undefined)[]): Map<string, T> =>
    new Map(keys.flatMap((id, i) => (records[i] ? [[id, records[i]] as const] : [])))
  const sessions = present(ids, await db.sessions.bulkGet(ids))
  const counted = ids.filter((id) => {
    const status = sessions.get(id)?.status
    return status === undefined || status === 'reconciled'
  })
  const reconciliations = present(
    counted,
    counted.length === 0 ? [] : await db.reconciliations.bulkGet(counted),
  )
  return { sessions, reconciliations }
}
