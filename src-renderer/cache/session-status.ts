import Dexie from 'dexie'
import type { TillDatabase } from './database'
import type { RegisterSession } from './cached-records'
import { billsOfSession } from './bill-session'
import type { ShownStatus } from '../domain/format/session-label'

/**
 * The status a register session is shown with. The Apps API has no register-session endpoint: a
 * session's close is known only from its close event, and a session synced by polling alone never
 * gets one. So a session the cache still holds as open is shown *Closed (no close event)* once it
 * cannot be trading any more: a later session of the same location has started, or no bill has
 * arrived in it for 12 hours. Only a session that can still be trading is shown *Open*.
 */

export type { ShownStatus }

const QUIET_BEFORE_CLOSED_MS = 12 * 3_600_000

export const STATUS_LABEL: Record<ShownStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  'closed-no-event': 'Closed (no close event)',
  reconciled: 'Reconciled',
}

interface StatusEvidence {
  /** Whether a session of the same location started after this one. */
  laterSessionStarted: boolean
  /** Creation time of the session's newest bill; null when it has none. */
  lastBillAt: number | null
  now: number
}

type StatusOf = Pick<RegisterSession, 'status' | 'openedAt' | 'firstActivityAt'>

/** When the session started: its opening, or its first bill or payment while that is unknown. */
export function sessionStart(session: Pick<RegisterSession, 'openedAt' | 'firstActivityAt'>) {
  return session.openedAt ?? session.firstActivityAt
}

function shownStatus(session: StatusOf, evidence: StatusEvidence): ShownStatus {
  if (session.status !== 'open') return session.status
  if (evidence.laterSessionStarted) return 'closed-no-event'
  const lastSign = evidence.lastBillAt ?? sessionStart(session)
  if (lastSign !== null && evidence.now - lastSign >= QUIET_BEFORE_CLOSED_MS)
    return 'closed-no-event'
  return 'open'
}

/** What the status rule needs from the cache: two index reads, no scan of bills. */
async function statusEvidence(
  db: TillDatabase,
  session: Pick<
    RegisterSession,
    'id' | 'locationId' | 'businessDate' | 'openedAt' | 'firstActivityAt'
  >,
  now: number,
): Promise<StatusEvidence> {
  const start = sessionStart(session)
  const [newestBill, later] = await Promise.all([
    billsOfSession(db, session.id).last(),
    db.sessions
      .where('[locationId+businessDate]')
      .between([session.locationId, session.businessDate], [session.locationId, Dexie.maxKey])
      .filter((other) => {
        const otherStart = sessionStart(other)
        return (
          other.id !== session.id && otherStart !== null && start !== null && otherStart > start
        )
      })
      .first(),
  ])
  return {
    laterSessionStarted: later !== undefined,
    lastBillAt: newestBill?.createdAt ?? null,
    now,
  }
}

/** The shown status of a session as the cache holds it at `now`. */
export async function loadShownStatus(
  db: TillDatabase,
  session: Pick<
    RegisterSession,
    'id' | 'locationId' | 'businessDate' | 'status' | 'openedAt' | 'firstActivityAt'
  >,
  now: number,
): Promise<ShownStatus> {
  if (session.status !== 'open') return session.status
  return shownStatus(session, await statusEvidence(db, session, now))
}

type ShownSession<T> = Omit<T, 'status'> & { status: ShownStatus }

/** The session with the status it is shown with: what its label (`sessionLabel`) reads. */
export async function loadShownSession<T extends Parameters<typeof loadShownStatus>[1]>(
  db: TillDatabase,
  session: T,
  now: number,
): Promise<ShownSession<T>> {
  return { ...session, status: await loadShownStatus(db, session, now) }
}

/**
 * Sessions with the status each is shown with. A session still open in the cache with a later
 * one of its location among `sessions` is over without reading anything; only the others (the
 * latest of each location, when `sessions` holds them all) read the cache.
 */
export function loadShownSessions<T extends Parameters<typeof loadShownStatus>[1]>(
  db: TillDatabase,
  sessions: readonly T[],
  now: number,
): Promise<ShownSession<T>[]> {
  const latestStart = new Map<string, number>()
  for (const s of sessions) {
    const start = sessionStart(s)
    if (start !== null && start > (latestStart.get(s.locationId) ?? -Infinity))
      latestStart.set(s.locationId, start)
  }
  return Promise.all(
    sessions.map((s) => {
      const start = sessionStart(s)
      const later = start !== null && start < (latestStart.get(s.locationId) ?? -Infinity)
      return s.status === 'open' && later
        ? { ...s, status: 'closed-no-event' as const }
        : loadShownSession(db, s, now)
    }),
  )
}
