import type { TillDatabase } from '../../cache/database'
import type { Destination } from '../../cache/export-rows'
import { sessionDays } from '../../cache/load-session'
import { sessionsTrading } from '../../cache/session-status'
import { nextDate } from '../../../src-shared/domain/business-date'
import { defaultRange, type DefaultRange } from '../../domain/journal/default-range'

const LAST_DATE = '9999-12-31'

/**
 * The range the Exports screen offers for a destination (or for a CSV table: up to the last
 * closed day), at one location or all ('').
 */
export async function offeredRange(
  db: TillDatabase,
  destination: Pick<Destination, 'postedThrough'> | undefined,
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
  const range = defaultRange(
    [
      ...held.map((d) => ({ businessDate: d.businessDate, open: false })),
      ...after.map(({ session, open }) => ({ businessDate: session.businessDate, open })),
    ],
    postedThrough,
  )
  // A CSV table keeps no log: it is offered the last closed day.
  return destination || !range ? range : { from: range.to, to: range.to }
}
