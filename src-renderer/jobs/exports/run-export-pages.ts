import type { TillDatabase } from '../../cache/database'
import type { ExportRange } from '../../cache/export-rows'
import { knownLocations } from '../../cache/locations'
import type { CachedBill, CachedExpense, RegisterSession } from '../../cache/cached-records'
import { nextDate } from '../../../src-shared/domain/business-date'
import { walkIndex, type IndexPosition } from '../../cache/bills/index-walk'

/**
 * What an export reads from the cache, through the indexes for its range. Bills, which can run to
 * millions, come a page at a time, each page resuming after the last bill read, so nothing grows
 * with the range; sessions and expenses, a few a day, come per location.
 */

/**
 * The record dates that can hold the records of a range's register sessions: a session's
 * records fall on its business date or later, and a session that runs past midnight ends within
 * the next day.
 */
export function recordDatesOf(range: ExportRange): ExportRange {
  return { ...range, to: nextDate(range.to) }
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

const BILLS_BY_LOCATION = '[locationId+businessDate]'

function locationDates(location: string, range: ExportRange) {
  return {
    lower: [location, range.from],
    upper: [location, range.to],
    lowerOpen: false,
    upperOpen: false,
  }
}

/** The locations of the range: the chosen one, or every one with bills, sessions or expenses. */
export async function rangeLocations(db: TillDatabase, range: ExportRange): Promise<string[]> {
  return range.locationId !== '' ? [range.locationId] : knownLocations(db)
}

export async function countBills(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
): Promise<number> {
  const counts = await Promise.all(
    locations.map((location) =>
      db.bills
        .where(BILLS_BY_LOCATION)
        .between([location, range.from], [location, range.to], true, true)
        .count(),
    ),
  )
  return counts.reduce((sum, n) => sum + n, 0)
}

/** The range's bills by location, business date and id, `size` at a time. */
export async function* billPages(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
  size: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<CachedBill[]> {
  for (const location of locations) {
    const indexRange = { index: BILLS_BY_LOCATION, bounds: locationDates(location, range) }
    let after: IndexPosition | null = null
    for (;;) {
      checkSignal(signal)
      const page: CachedBill[] = []
      let last: IndexPosition | null = null
      await walkIndex(
        db.bills,
        indexRange,
        false,
        { after, skip: 0, values: true },
        (position, bill) => {
          if (bill) page.push(bill)
          last = position
          return page.length < size
        },
      )
      if (page.length > 0) yield page
      if (page.length < size || last === null) break
      after = last
    }
  }
}

function sessionStart(session: RegisterSession): number {
  return session.openedAt ?? session.firstActivityAt ?? 0
}

export async function sessionsIn(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
): Promise<RegisterSession[]> {
  const sessions: RegisterSession[] = []
  for (const location of locations) {
    const found = await db.sessions
      .where('[locationId+businessDate]')
      .between([location, range.from], [location, range.to], true, true)
      .toArray()
    sessions.push(
      ...found.sort(
        (a, b) =>
          a.businessDate.localeCompare(b.businessDate) ||
          sessionStart(a) - sessionStart(b) ||
          a.id.localeCompare(b.id),
      ),
    )
  }
  return sessions
}

export async function expensesIn(
  db: TillDatabase,
  range: ExportRange,
  locations: readonly string[],
): Promise<CachedExpense[]> {
  const expenses: CachedExpense[] = []
  for (const location of locations)
    expenses.push(
      ...(await db.expenses
        .where('[locationId+expenseDate]')
        .between([location, range.from], [location, range.to], true, true)
        .toArray()),
    )
  return expenses
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
