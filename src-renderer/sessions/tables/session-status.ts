import Dexie from 'dexie'
import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { billsOfSession } from './bill-session'
import type { ShownStatus } from '../../format/session-label'

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

/**
 * A new value each time it is read. Read in a live query, it is read again on every write to the
 * sessions table and on no other: a session added, closed, reconciled or found to have started
 * earlier, never a bill alone. What is worked out from sessions' states (the range the Exports
 * screen offers, the sessions it holds back) is worked out again when this changes, not on every
 * sale; it counts the sessions, which reads no record and keeps none in Dexie's query cache.
 */
export async function sessionsWritten(db: TillDatabase): Promise<{ sessions: number }> {
  return { sessions: await db.sessions.count() }
}

/** A session with whether it can still be trading (shown *Open*). */
export interface SessionTrading {
  session: RegisterSession
  open: boolean
}

/** The sessions of `locations` dated from `from` to `to`, each with whether it can still be trading at `now`. */
export async function sessionsTrading(
  db: TillDatabase,
  range: { from: string; to: string },
  locations: readonly string[] | null,
  now: number,
): Promise<SessionTrading[]> {
  const sessions = await db.sessions
    .where('businessDate')
    .between(range.from, range.to, true, true)
    .filter((s) => locations === null || locations.includes(s.locationId))
    .toArray()
  const shown = await loadShownSessions(db, sessions, now)
  return sessions.map((session, i) => ({ session, open: shown[i]!.status === 'open' }))
}
