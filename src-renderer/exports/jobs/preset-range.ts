import { businessDate } from '../../../src-shared/domain/business-date'
import type { TillDatabase } from '../../database/database'
import { calendarRange, type RangePreset } from '../rules/range-presets'
import { offeredRange } from './offered-range'

/**
 * The range a date preset of the Exports form stands for now, at one location or all (''):
 * `firstDay` is the week's first day (1 Monday … 7 Sunday). Null for the last closed day of a
 * cache with no sessions.
 */
export async function presetRange(
  db: TillDatabase,
  preset: RangePreset,
  locationId: string,
  now: number,
  timeZone: string,
  firstDay: number,
): Promise<{ from: string; to: string } | null> {
  // Offered without a destination, as to a CSV table: the last closed day.
  if (preset === 'last-closed-day') return offeredRange(db, undefined, locationId, now)
  return calendarRange(preset, businessDate(now, timeZone), firstDay)
}
