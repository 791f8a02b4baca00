import { nextDate } from '../../../src-shared/domain/business-date'

/**
 * Business days as banks count them, on the shop's calendar dates (YYYY-MM-DD, see src-shared's
 * business-date): Saturdays and Sundays are not business days.
 */

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day === 0 || day === 6
}

/**
 * The business day `days` business days after a date (weekends skipped; 0 days: the date itself,
 * or the Monday after when it falls on a weekend).
 */
export function addBusinessDays(date: string, days: number): string {
  let current = date
  while (isWeekend(current)) current = nextDate(current)
  for (let left = days; left > 0; left--) {
    current = nextDate(current)
    while (isWeekend(current)) current = nextDate(current)
  }
  return current
}
