import type { TillDatabase } from '../../database/database'
import type { ExportRange } from '../tables/export-rows'
import type { CachedBill } from '../../database/cached-records'
import { nextDate } from '../../../src-shared/domain/business-date'
import { locationBillPages } from '../tables/export-range-reads'
import type { SessionDay } from '../rules/journal'

/** How an export walks its range: pages of bills, cancellation, and its progress. */

/**
 * The record dates that can hold the records of a range's register sessions: a session's
 * records fall on its business date or later, and a session that runs past midnight ends within
 * the next day.
 */
export function recordDatesOf(range: ExportRange): ExportRange {
  return { ...range, to: nextDate(range.to) }
}

/**
 * Whether a record read from a range's record dates belongs to the range, by the date its entry
 * carries (docs/ledger.md#entry-dates): its session's business date while the session held it
 * (open, or closed after the record), else the record's own date.
 */
export function datedInRange(
  range: ExportRange,
  sessions: ReadonlyMap<string, SessionDay>,
  record: { registerSessionId: string | null; createdAt: number },
  own: string,
): boolean {
  const session =
    record.registerSessionId === null ? undefined : sessions.get(record.registerSessionId)
  const held = session && (session.closedAt === null || record.createdAt <= session.closedAt)
  const date = held ? session.businessDate : own
  return date >= range.from && date <= range.to
}

export class ExportCancelledError extends Error {
  override name = 'ExportCancelledError'
}

class ExportRangeError extends Error {
  override name = 'ExportRangeError'
}

export function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError('The export was cancelled')
}

export function checkRange(range: ExportRange): void {
  const date = /^\d{4}-\d{2}-\d{2}$/
  if (!date.test(range.from) || !date.test(range.to))
    throw new ExportRangeError(`The range ${range.from} to ${range.to} is not two dates`)
  if (range.from > range.to)
    throw new ExportRangeError(`The range ends (${range.to}) before it starts (${range.from})`)
}

/**
 * The range's bills by location, business date and id, `size` at a time. The next page is read
 * while the caller works on this one.
 */
export async function* billPages(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
  size: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<CachedBill[]> {
  for (const location of locations) {
    const pages = locationBillPages(db, location, range, size)
    checkSignal(signal)
    let next = pages.next()
    for (;;) {
      const page = await next
      if (page.done) break
      checkSignal(signal)
      next = pages.next()
      // Should the caller stop here, the read ahead must not fail unhandled.
      next.catch(() => undefined)
      if (page.value.length > 0) yield page.value
    }
  }
}

export interface ExportProgress {
  done: number
  total: number
}

/** Counts records read against a total that may be set once it is known. */
export class ProgressCounter {
  done = 0
  total = 0

  constructor(private readonly report: ((progress: ExportProgress) => void) | undefined) {}

  start(total: number): void {
    this.total = total
    this.report?.({ done: this.done, total })
  }

  add(n: number): void {
    this.done += n
    this.report?.({ done: this.done, total: this.total })
  }
}
