/**
 * The business-date ranges a list can be narrowed to: today, yesterday, this week, last week or a
 * chosen range. Dates are the shop's calendar dates (YYYY-MM-DD, see src-shared's business-date),
 * so "today" is today in the shop's zone, not this PC's; a week starts on the locale's first day.
 */

export const DATE_PRESETS = [
  'all',
  'today',
  'yesterday',
  'this-week',
  'last-week',
  'range',
] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export const DATE_PRESET_LABEL: Record<DatePreset, string> = {
  all: 'All dates',
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'last-week': 'Last week',
  range: 'Chosen range',
}

/** Business dates from `from` to `to`, both included. */
export interface DateRange {
  from: string
  to: string
}

const DAY_MS = 86_400_000

/** A calendar date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7
}

/** The first day of the week containing `date`, weeks starting on `firstDay` (1 Monday … 7 Sunday). */
function weekStart(date: string, firstDay: number): string {
  return addDays(date, -((weekday(date) - firstDay + 7) % 7))
}

/**
 * The range a preset stands for, `today` being the shop's date now; null for all dates. A chosen
 * range is given as it was chosen, its ends put in order; an end left empty is open.
 */
export function presetRange(
  preset: DatePreset,
  today: string,
  firstDay: number,
  chosen: { from: string; to: string } = { from: '', to: '' },
): DateRange | null {
  switch (preset) {
    case 'all':
      return null
    case 'today':
      return { from: today, to: today }
    case 'yesterday': {
      const yesterday = addDays(today, -1)
      return { from: yesterday, to: yesterday }
    }
    case 'this-week': {
      const start = weekStart(today, firstDay)
      return { from: start, to: addDays(start, 6) }
    }
    case 'last-week': {
      const start = addDays(weekStart(today, firstDay), -7)
      return { from: start, to: addDays(start, 6) }
    }
    case 'range': {
      const from = chosen.from || '0000-01-01'
      const to = chosen.to || '9999-12-31'
      return from <= to ? { from, to } : { from: to, to: from }
    }
  }
}

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay: number }
  weekInfo?: { firstDay: number }
}

/** The first day of the week in a locale (1 Monday … 7 Sunday); Monday where it is not known. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & WeekInfoLocale
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay
    return firstDay !== undefined && firstDay >= 1 && firstDay <= 7 ? firstDay : 1
  } catch {
    return 1
  }
}
