import type { TillDatabase } from '../../database/database'
import type { Destination } from '../tables/export-rows'
import { readSessions, sessionDays } from '../../sessions/tables/load-session'
import { loadShownStatus, sessionsTrading } from '../../sessions/tables/session-status'
import { exportBatches } from '../tables/export-batches'
import { nextDate } from '../../../src-shared/domain/business-date'
import { defaultRange, waitingSessions, type DefaultRange } from '../rules/default-range'

const LAST_DATE = '9999-12-31'

/**
 * The range the Exports screen offers for a destination (or for a CSV table: up to the last
 * closed day), at one location or all ('').
 */
export async function offeredRange(
  db: TillDatabase,
  destination: Pick<Destination, 'id' | 'postedThrough'> | undefined,
  locationId: string,
  now: number,
): Promise<DefaultRange | null> {
  const postedThrough = destination?.postedThrough ?? ''
  const locations = locationId === '' ? null : [locationId]
  const held = (await sessionDays(db)).filter(
    (d) =>
      d.businessDate <= postedThrough && (locations === null || locations.includes(d.locationId)),
  )
  const after = await sessionsTrading(
    db,
    { from: postedThrough === '' ? '' : nextDate(postedThrough), to: LAST_DATE },
    locations,
    now,
  )
  const waiting = destination ? await waitingDays(db, destination.id, locations, now) : []
  const range = defaultRange(
    [
      ...held.map((d) => ({ businessDate: d.businessDate, open: false })),
      ...after.map(({ session, open }) => ({ businessDate: session.businessDate, open })),
    ],
    postedThrough,
    waiting,
  )
  // A CSV table keeps no log: it is offered the last closed day.
  return destination || !range ? range : { from: range.to, to: range.to }
}

/** The days of sessions the destination held back that have closed since and wait to be posted. */
async function waitingDays(
  db: TillDatabase,
  destinationId: string,
  locations: readonly string[] | null,
  now: number,
): Promise<string[]> {
  const batches = (await exportBatches(db)).filter((b) => b.destinationId === destinationId)
  const ids = [...new Set(batches.flatMap((b) => b.heldBack ?? []))]
  if (ids.length === 0) return []
  const sessions = new Map(
    (await readSessions(db, ids)).flatMap((s) => (s ? [[s.id, s] as const] : [])),
  )
  const days: string[] = []
  for (const id of waitingSessions(batches, (id) => sessions.get(id))) {
    const session = sessions.get(id)!
    if (locations !== null && !locations.includes(session.locationId)) continue
    if ((await loadShownStatus(db, session, now)) !== 'open') days.push(session.businessDate)
  }
  return days
}
