import type { TillDatabase } from '../../database/database'

/** How often Till sweeps a connection, kept in that connection's cache. */
export interface SyncSchedule {
  /** Minutes between sweeps while Till runs. */
  sweepMinutes: number
  /** Days of history the daily deep sweep re-reads in full. */
  deepSweepDays: number
}

export const DEFAULT_SCHEDULE: SyncSchedule = { sweepMinutes: 15, deepSweepDays: 7 }
export const SCHEDULE_LIMITS = { sweepMinutes: [5, 240], deepSweepDays: [1, 60] } as const

function clamp(value: unknown, [min, max]: readonly [number, number], fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback
}

export async function readSchedule(db: TillDatabase): Promise<SyncSchedule> {
  const [sweep, deep] = await Promise.all([
    db.meta.get('sweep-minutes'),
    db.meta.get('deep-sweep-days'),
  ])
  return {
    sweepMinutes: clamp(sweep?.value, SCHEDULE_LIMITS.sweepMinutes, DEFAULT_SCHEDULE.sweepMinutes),
    deepSweepDays: clamp(
      deep?.value,
      SCHEDULE_LIMITS.deepSweepDays,
      DEFAULT_SCHEDULE.deepSweepDays,
    ),
  }
}

class ScheduleError extends Error {
  override name = 'ScheduleError'
}

/** Saves a schedule; a value outside its limits is refused with the limits, never clamped silently. */
export async function saveSchedule(db: TillDatabase, schedule: SyncSchedule): Promise<void> {
  for (const key of ['sweepMinutes', 'deepSweepDays'] as const) {
    const [min, max] = SCHEDULE_LIMITS[key]
    const value = schedule[key]
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new ScheduleError(
        key === 'sweepMinutes'
          ? `Sweep every ${min} to ${max} minutes.`
          : `The deep sweep covers ${min} to ${max} days.`,
      )
    }
  }
  await db.meta.bulkPut([
    { key: 'sweep-minutes', value: schedule.sweepMinutes },
    { key: 'deep-sweep-days', value: schedule.deepSweepDays },
  ])
}

/** When the last deep sweep finished (epoch ms of the service's clock), 0 if none has. */
export async function lastDeepSweepAt(db: TillDatabase): Promise<number> {
  return Number((await db.meta.get('deep-sweep-at'))?.value ?? 0)
}

export async function noteDeepSweep(db: TillDatabase, finishedAt: number): Promise<void> {
  await db.meta.put({ key: 'deep-sweep-at', value: finishedAt })
}
