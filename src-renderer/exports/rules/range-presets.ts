/**
 * The Exports form's date presets, as business dates (YYYY-MM-DD) worked out from today's in the
 * shop's zone. Last closed day depends on the sessions, so the cache answers it
 * (exports/jobs/preset-range.ts); the others are calendar arithmetic, here.
 */

export const RANGE_PRESETS = [
  'last-closed-day',
  'this-week',
  'last-week',
  'this-month',
  'last-month',
] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]
export type CalendarPreset = Exclude<RangePreset, 'last-closed-day'>

const DAY_MS = 86_400_000

function parse(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(year, month - 1, day)
}

function iso(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10)
}

/** Days back from `today` to the week's first day: `firstDay` 1 is Monday … 7 Sunday (ISO). */
function daysIntoWeek(today: number, firstDay: number): number {
  const weekday = new Date(today).getUTCDay() || 7
  return (weekday - firstDay + 7) % 7
}

export function calendarRange(
  preset: CalendarPreset,
  today: string,
  firstDay: number,
): { from: string; to: string } {
  const day = parse(today)
  const date = new Date(day)
  const weekStart = day - daysIntoWeek(day, firstDay) * DAY_MS
  switch (preset) {
    case 'this-week':
      return { from: iso(weekStart), to: today }
    case 'last-week':
      return { from: iso(weekStart - 7 * DAY_MS), to: iso(weekStart - DAY_MS) }
    case 'this-month':
      return { from: iso(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)), to: today }
    case 'last-month':
      return {
        from: iso(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)),
        to: iso(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0)),
      }
  }
}
