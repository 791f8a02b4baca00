import type {
  ScheduleWatermark,
  ScheduledExportRun,
  ScheduledExportSettings,
} from '../../../src-shared/bridge/contract'

/**
 * When a scheduled export is due, as plain functions of a clock and the cache's latest session
 * close. A trigger is acted on once: the watermark moves past it whether the run succeeds or
 * not, and a failed run is retried at the next trigger, whose range still covers what the
 * failed one missed (the export log keeps anything from being posted twice).
 */

/** Days back from today every scheduled run covers, for late changes to recent bills. */
const SCHEDULE_LOOKBACK_DAYS = 7

export type DueCheck = { due: false } | { due: true; watermark: ScheduleWatermark }

/** The last time of day `time` (HH:MM, this PC's clock) at or before `now`. */
function lastNightly(now: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  const at = new Date(now)
  at.setHours(hours, minutes, 0, 0)
  if (at > now) at.setDate(at.getDate() - 1)
  return at
}

/** The next time of day `time` after `now`, for the panel to say when the next run is. */
export function nextNightly(now: Date, time: string): Date {
  const at = lastNightly(now, time)
  at.setDate(at.getDate() + 1)
  return at
}

/** Where a schedule starts when it is saved: triggers from before it never fire. */
export function startingWatermark(now: Date, latestClosedAt: number | null): ScheduleWatermark {
  return { closedAt: latestClosedAt, nightlyAt: now.toISOString() }
}

/** Whether a run is due now, and the watermark to keep once it is acted on. */
export function dueCheck(
  settings: ScheduledExportSettings | null,
  watermark: ScheduleWatermark,
  now: Date,
  latestClosedAt: number | null,
): DueCheck {
  if (!settings?.enabled) return { due: false }
  if (settings.trigger.kind === 'session-close') {
    if (latestClosedAt === null) return { due: false }
    if (watermark.closedAt !== null && latestClosedAt <= watermark.closedAt) return { due: false }
    return { due: true, watermark: { ...watermark, closedAt: latestClosedAt } }
  }
  const last = lastNightly(now, settings.trigger.time)
  if (watermark.nightlyAt === null || last <= new Date(watermark.nightlyAt)) return { due: false }
  return { due: true, watermark: { ...watermark, nightlyAt: last.toISOString() } }
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/**
 * The business dates a run covers: up to today, from a week back or, if the last successful run
 * ended earlier than that, from its last date, so nothing between two successes is skipped.
 */
export function scheduledRange(
  today: string,
  lastSuccess: Pick<ScheduledExportRun, 'to'> | null,
): { from: string; to: string } {
  const weekBack = addDays(today, -SCHEDULE_LOOKBACK_DAYS)
  const from = lastSuccess && lastSuccess.to < weekBack ? lastSuccess.to : weekBack
  return { from, to: today }
}
