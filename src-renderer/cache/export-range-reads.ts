import type { TillDatabase } from './database'
import type { ExportRange } from './export-rows'
import { knownLocations } from './locations'
import type { CachedBill, CachedExpense, CachedPayment, RegisterSession } from './cached-records'
import { walkIndex, type IndexPosition } from './bills/index-walk'

/**
 * What an export reads from the cache, through the indexes for its range. Bills, which can run to
 * millions, come a page at a time, each page resuming after the last bill read, so nothing grows
 * with the range; sessions and expenses, a few a day, come per location.
 */

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

/**
 * Up to `size` bills of one location in the range, by business date and id, after `after` (from
 * the start when null), with the index position of the last one read.
 */
export async function billPageAt(
  db: TillDatabase,
  location: string,
  range: ExportRange,
  after: IndexPosition | null,
  size: number,
): Promise<{ bills: CachedBill[]; last: IndexPosition | null }> {
  const indexRange = { index: BILLS_BY_LOCATION, bounds: locationDates(location, range) }
  const bills: CachedBill[] = []
  let last: IndexPosition | null = null
  await walkIndex(
    db.bills,
    indexRange,
    false,
    { after, skip: 0, values: true },
    (position, bill) => {
      if (bill) bills.push(bill)
      last = position
      return bills.length < size
    },
  )
  return { bills, last }
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

/** Payments reversed from `from` up to, not including, `to` (epoch ms), by the reversal index. */
export function paymentsReversedBetween(
  db: TillDatabase,
  from: number,
  to: number,
): Promise<CachedPayment[]> {
  return db.payments.where('reversedAt').between(from, to, true, false).toArray()
}
