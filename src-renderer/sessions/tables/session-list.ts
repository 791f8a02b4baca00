import Dexie from 'dexie'
import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { loadShownStatus, sessionStart } from './session-status'
import { paperClosedThrough } from './paper-closed'
import type { DateRange } from '../../format/date-presets'

/**
 * The Sessions list's reads: sessions of a location (or all) in a range of business dates, newest
 * first, and those that need counting (closed, not reconciled, after the days closed on paper). Each read goes through an index
 * on business date; the status rule costs two index reads only for a location's latest session.
 */

export interface SessionFilter {
  /** A location id, or '' for every location. */
  location: string
  /** Business dates, both ends included; null for all. */
  range: DateRange | null
  /** Only the sessions that are over and not counted yet. */
  needsCounting: boolean
}

function inRange(db: TillDatabase, location: string, range: DateRange | null) {
  const from = range?.from ?? Dexie.minKey
  const to = range?.to ?? Dexie.maxKey
  return location
    ? db.sessions
        .where('[locationId+businessDate]')
        .between([location, from], [location, to], true, true)
    : db.sessions.where('businessDate').between(from, to, true, true)
}

/** A location's session that started last: every earlier one of it is over. */
async function latestStarted(
  db: TillDatabase,
  locationId: string,
): Promise<RegisterSession | undefined> {
  const newest = await db.sessions
    .where('[locationId+businessDate]')
    .between([locationId, Dexie.minKey], [locationId, Dexie.maxKey])
    .reverse()
    .limit(16)
    .toArray()
  const lastDate = newest[0]?.businessDate
  return newest
    .filter((s) => s.businessDate === lastDate)
    .reduce<RegisterSession | undefined>((latest, s) => {
      if (!latest) return s
      return (sessionStart(s) ?? -Infinity) > (sessionStart(latest) ?? -Infinity) ? s : latest
    }, undefined)
}

/** Of these sessions, those over and not counted: closed, or shown closed without a close event. */
async function overAndNotCounted(
  db: TillDatabase,
  sessions: RegisterSession[],
  now: number,
): Promise<RegisterSession[]> {
  const open = sessions.filter((s) => s.status === 'open')
  const locations = [...new Set(open.map((s) => s.locationId))]
  const latest = new Map(
    await Promise.all(locations.map(async (l) => [l, await latestStarted(db, l)] as const)),
  )
  const over = await Promise.all(
    sessions.map(async (session) => {
      if (session.status !== 'open') return session.status === 'closed'
      // A later session of its location has started: over, without reading anything more.
      const last = latest.get(session.locationId)
      const start = sessionStart(session)
      const lastStart = last ? sessionStart(last) : null
      const overtaken =
        last !== undefined &&
        start !== null &&
        lastStart !== null &&
        lastStart > start &&
        last.businessDate >= session.businessDate
      return overtaken || (await loadShownStatus(db, session, now)) !== 'open'
    }),
  )
  return sessions.filter((_, i) => over[i])
}

/**
 * The sessions a filter keeps, newest business date first, up to `limit`. One transaction
 * however many statuses it reads, so a live query over it (the navigation's count) re-runs as one.
 */
export function listSessions(
  db: TillDatabase,
  filter: SessionFilter,
  limit: number,
  now: number,
): Promise<RegisterSession[]> {
  return db.transaction('r', [db.sessions, db.bills, db.meta], async () => {
    const newestFirst = inRange(db, filter.location, filter.range).reverse()
    if (!filter.needsCounting)
      return (Number.isFinite(limit) ? newestFirst.limit(limit) : newestFirst).toArray()
    // Days closed on paper before Till have nothing left to count.
    const paper = (await paperClosedThrough(db)) ?? ''
    // Read whole and filtered here: a cursor filtered in the database steps through every row.
    const inDates = await inRange(db, filter.location, filter.range).toArray()
    const candidates = inDates
      .reverse()
      .filter((s) => s.status !== 'reconciled' && s.businessDate > paper)
    return (await overAndNotCounted(db, candidates, now)).slice(0, limit)
  })
}

/** How many sessions of a range (every location) are over and not counted yet. */
export async function countNeedingCount(
  db: TillDatabase,
  range: DateRange | null,
  now: number,
): Promise<number> {
  return (await listSessions(db, { location: '', range, needsCounting: true }, Infinity, now))
    .length
}
