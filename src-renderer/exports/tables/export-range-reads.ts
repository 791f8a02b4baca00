import type { TillDatabase } from '../../database/database'
import type { ExportRange } from './export-rows'
import { knownLocations } from '../../database/locations'
import type { CachedBill, CachedExpense, RegisterSession } from '../../database/cached-records'
import { nextDate } from '../../../src-shared/domain/business-date'
import { readBills } from '../../sessions/tables/bill-reads'

/**
 * What an export reads from the cache, through the indexes for its range. Bills, which can run to
 * millions, come a business day at a time and are handed on a page at a time, so nothing grows
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

/**
 * The most bills of one location's business day read in one request. IndexedDB hands a range's
 * records back from one `getAll` in under half the time it takes to answer a get for each
 * (docs/benchmarks.md#journal-export); a day past this is read by key, a page at a time, so
 * memory stays bounded however busy a day was.
 */
const DAY_READ_AT_ONCE = 10_000

/**
 * One business day of one location: its bills, or, for a day too busy to hold at once, their ids.
 */
type DayRead = { day: string } & ({ bills: CachedBill[] } | { ids: string[] })

/** The first day of `from` to `to` with bills at the location, read; null for none. */
function readNextDay(
  db: TillDatabase,
  location: string,
  { from, to }: Pick<ExportRange, 'from' | 'to'>,
  atOnce: number,
): Promise<DayRead | null> {
  return db.transaction('r', db.bills, async () => {
    const [first] = (await db.bills
      .where(BILLS_BY_LOCATION)
      .between([location, from], [location, to], true, true)
      .limit(1)
      .keys()) as unknown as [string, string][]
    if (first === undefined) return null
    const [, day] = first
    const bills = db.bills.where(BILLS_BY_LOCATION).equals([location, day])
    if ((await bills.count()) <= atOnce) return { day, bills: await bills.toArray() }
    return { day, ids: (await bills.primaryKeys()) as string[] }
  })
}

/**
 * One location's bills in the range, by business date and id: its first `size` on their own, so
 * the caller starts on them while the first day is read whole, then a day at a time (a busy day
 * `size` at a time); days without bills cost nothing. The next day is read while the caller
 * works on this one.
 */
async function* billsByDate(
  db: TillDatabase,
  location: string,
  range: ExportRange,
  size: number,
  atOnce: number,
): AsyncGenerator<CachedBill[]> {
  const firstPage = db.bills
    .where(BILLS_BY_LOCATION)
    .between([location, range.from], [location, range.to], true, true)
    .limit(size)
    .toArray()
  let next = readNextDay(db, location, range, atOnce)
  // Should the caller stop here, the read ahead must not fail unhandled.
  next.catch(() => undefined)
  const first = await firstPage
  if (first.length > 0) yield first
  if (first.length < size) return
  const { businessDate: lastDay, id: lastId } = first.at(-1)!
  // The days the first page reached are read whole again: the bills it held are left out, so
  // each comes once.
  const unread = (day: string, id: string) => day > lastDay || (day === lastDay && id > lastId)
  for (;;) {
    const read = await next
    if (read === null) return
    next =
      read.day < range.to
        ? readNextDay(db, location, { from: nextDate(read.day), to: range.to }, atOnce)
        : Promise.resolve(null)
    next.catch(() => undefined)
    const whole = read.day > lastDay
    if ('bills' in read) {
      yield whole ? read.bills : read.bills.filter((b) => unread(read.day, b.id))
      continue
    }
    const ids = whole ? read.ids : read.ids.filter((id) => unread(read.day, id))
    for (let at = 0; at < ids.length; at += size) {
      const bills = await readBills(db, ids.slice(at, at + size))
      yield bills.filter((b): b is CachedBill => b !== undefined)
    }
  }
}

/**
 * One location's bills in the range, by business date and id, in pages of `size`; a day of more
 * than `dayAtOnce` bills is read by key.
 */
export async function* locationBillPages(
  db: TillDatabase,
  location: string,
  range: ExportRange,
  size: number,
  dayAtOnce = DAY_READ_AT_ONCE,
): AsyncGenerator<CachedBill[]> {
  let held: CachedBill[] = []
  let at = 0
  for await (const read of billsByDate(db, location, range, size, dayAtOnce)) {
    held = held.slice(at).concat(read)
    at = 0
    for (; held.length - at >= size; at += size) yield held.slice(at, at + size)
  }
  if (held.length > at) yield held.slice(at)
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
