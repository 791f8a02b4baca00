import { addMinor } from '../../../src-shared/domain/money'
import type { Bill } from '../../../src-shared/domain/records'
import { netSalesOf, type LedgerBill } from './day-close'

/** The series behind the day close's pictures, exact like the figures they illustrate. */

export interface HourOfDay {
  /** 0–23, merchant-local. */
  hour: number
  netSales: number
  bills: number
}

const hourFormats = new Map<string, Intl.DateTimeFormat>()

function localHour(epochMs: number, timeZone: string): number {
  let format = hourFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' })
    hourFormats.set(timeZone, format)
  }
  return Number(format.format(epochMs))
}

/**
 * Net sales per merchant-local hour, from the hour of the earliest bill to that of the latest,
 * empty hours included: a session past midnight goes on 22, 23, 0, 1 rather than folding back to
 * the start. The hours sum to the bills' net sales.
 */
export function salesByHour(
  bills: readonly (LedgerBill & Pick<Bill, 'createdAt'>)[],
  timeZone: string,
): HourOfDay[] {
  if (bills.length === 0) return []
  const first = bills.reduce((a, b) => (b.createdAt < a.createdAt ? b : a))
  const firstHour = localHour(first.createdAt, timeZone)
  const slots = new Map<number, HourOfDay>()
  for (const bill of bills) {
    const hour = localHour(bill.createdAt, timeZone)
    const slot = (hour - firstHour + 24) % 24
    const entry = slots.get(slot) ?? { hour, netSales: 0, bills: 0 }
    entry.netSales = addMinor(entry.netSales, netSalesOf(bill))
    entry.bills++
    slots.set(slot, entry)
  }
  const span = Math.max(...slots.keys()) + 1
  return Array.from(
    { length: span },
    (_, slot) => slots.get(slot) ?? { hour: (firstHour + slot) % 24, netSales: 0, bills: 0 },
  )
}

/** The calendar date `days` after a YYYY-MM-DD date (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

export interface DailyNetSales {
  businessDate: string
  /** Null for a date without any register session. */
  netSales: number | null
}

/** One entry per date of the `days` ending on `endDate`, oldest first, sessions added up. */
export function dailyNetSales(
  sessions: readonly { businessDate: string; netSales: number }[],
  endDate: string,
  days: number,
): DailyNetSales[] {
  const byDate = new Map<string, number>()
  for (const s of sessions)
    byDate.set(s.businessDate, addMinor(byDate.get(s.businessDate) ?? 0, s.netSales))
  return Array.from({ length: days }, (_, i) => {
    const businessDate = addDays(endDate, i - days + 1)
    return { businessDate, netSales: byDate.get(businessDate) ?? null }
  })
}
