import type { TillDatabase } from './database'
import type { ExportRange } from './export-rows'
import { knownLocations } from './locations'
import type { CachedBill, CachedExpense, RegisterSession } from './cached-records'
import { nextDate } from '../../src-shared/domain/business-date'
import { readBills } from './bill-reads'

/**
 * What an export reads from the cache, through the indexes for its range. Bills, which can run to
 * millions, come a page at a time, each page resuming after the last bill read, so nothing grows
 * with the range; sessions and expenses, a few a day, come per location.
 */

const BILLS_BY_LOCATION = '[locationId+businessDate]'

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

/** Business dates of one location whose bill ids are listed at once: a week's ids, not the range's. */
const DATES_PER_LISTING = 7

/** The ids of one location's bills in the range, by business date and id, a week at a time. */
async function* billIdsByDate(
  db: TillDatabase,
  location: string,
  range: ExportRange,
): AsyncGenerator<string[]> {
  for (let from = range.from; from <= range.to;) {
    let to = from
    for (let n = 1; n < DATES_PER_LISTING && to < range.to; n++) to = nextDate(to)
    const ids = (await db.bills
      .where(BILLS_BY_LOCATION)
      .between([location, from], [location, to], true, true)
      .primaryKeys()) as string[]
    if (ids.length > 0) yield ids
    from = nextDate(to)
  }
}

/**
 * One location's bills in the range, by business date and id, `size` at a time. The ids come
 * from the index alone and the records by key: IndexedDB answers a page's gets together, where a
 * cursor fetches one record after another.
 */
export async function* locationBillPages(
  db: TillDatabase,
  location: string,
  range: ExportRange,
  size: number,
): AsyncGenerator<CachedBill[]> {
  let ids: string[] = []
  let at = 0
  const page = async (count: number): Promise<CachedBill[]> => {
    const bills = await readBills(db, ids.slice(at, at + count))
    at += count
    return bills.filter((b): b is CachedBill => b !== undefined)
  }
  for await (const listed of billIdsByDate(db, location, range)) {
    ids = ids.slice(at).concat(listed)
    at = 0
    while (ids.length - at >= size) yield await page(size)
  }
  if (ids.length > at) yield await page(ids.length - at)
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
