import { z } from 'zod'
import type { TillDatabase } from '../../database/database'
import { listSessions } from '../../sessions/tables/session-list'

/**
 * Where Day close opens: the location and business date this PC chose last, kept in the cache
 * (its `meta`), so leaving the screen or a reload loses neither; after an evening is over, on the
 * newest session still to count (over, not reconciled), at this PC's location when it has one.
 */

export interface DayCloseChoice {
  /** A location id, '' for every location at once; null for none chosen. */
  locationId: string | null
  businessDate: string | null
}

const KEY = 'day-close-choice'
/** A date chosen stands this long: the next evening opens on its own work. */
const EVENING_MS = 12 * 3600_000

const keptSchema = z.object({
  locationId: z.string().max(200).nullable(),
  businessDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  keptAt: z.number(),
})

async function kept(db: TillDatabase): Promise<z.infer<typeof keptSchema> | null> {
  const value = (await db.meta.get(KEY))?.value
  try {
    const parsed = keptSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : null)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export async function keepDayCloseChoice(
  db: TillDatabase,
  choice: DayCloseChoice,
  now: number,
): Promise<void> {
  await db.meta.put({ key: KEY, value: JSON.stringify({ ...choice, keptAt: now }) })
}

/** The newest session to count, at `location` ('' every location); null when none is left. */
async function toCount(db: TillDatabase, location: string, now: number) {
  const [next] = await listSessions(db, { location, range: null, needsCounting: true }, 1, now)
  return next ?? null
}

/**
 * Where Day close opens now: the choice kept this evening as it was; else the newest session to
 * count at the location kept (anywhere when none is left there), at its location and day; else
 * the location kept on its latest day.
 */
export async function dayCloseStart(db: TillDatabase, now: number): Promise<DayCloseChoice> {
  const last = await kept(db)
  if (last && now - last.keptAt < EVENING_MS)
    return { locationId: last.locationId, businessDate: last.businessDate }
  const location = last?.locationId ?? ''
  const next =
    (location === '' ? null : await toCount(db, location, now)) ?? (await toCount(db, '', now))
  if (next === null) return { locationId: last?.locationId ?? null, businessDate: null }
  return {
    locationId: location === '' && last !== null ? '' : next.locationId,
    businessDate: next.businessDate,
  }
}
