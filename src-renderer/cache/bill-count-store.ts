import Dexie, { cmp } from 'dexie'
import { businessDate, startOfMerchantDay } from '../../src-shared/domain/business-date'
import {
  BillCountChanges,
  cellsOf,
  countIn,
  locationOf,
  methodsIn,
  type CountableFilters,
} from '../domain/bills/bill-counts'
import type { BillFilters } from './bills/bill-filters'
import type { TillDatabase } from './database'
import type { BillCountsState, CachedBill } from './cached-records'

/**
 * The Bills screen's counts kept by the write path (domain/bills/bill-counts.ts), in the same
 * transaction as the bills. A cache from before them is counted once, a location's business day
 * per transaction, resumable. Until that is done, and for filters the cells cannot answer (a
 * session, a bill number, a date range that is not whole business days), counts walk the indexes
 * as before.
 */

const STATE_KEY = 'bill-counts'

export function billCountTables(db: TillDatabase) {
  return [db.billCounts, db.meta]
}

async function readState(db: TillDatabase): Promise<BillCountsState> {
  const entry = await db.meta.get(STATE_KEY)
  return entry
    ? (JSON.parse(String(entry.value)) as BillCountsState)
    : { complete: false, doneThrough: null, timeZone: null, mixedZones: false }
}

function writeState(db: TillDatabase, state: BillCountsState): Promise<unknown> {
  return db.meta.put({ key: STATE_KEY, value: JSON.stringify(state) })
}

export function noteBillCountChange(
  changes: BillCountChanges,
  before: CachedBill | undefined,
  after: CachedBill,
): void {
  if (before) changes.remove(before)
  changes.add(after)
}

/**
 * Applies the changes inside the write's transaction. Bills dated in another zone than the one
 * the counts were made in (the shop's zone learned late) leave date ranges to the index walk.
 */
export async function applyBillCountChanges(
  db: TillDatabase,
  changes: BillCountChanges,
  timeZone: string,
): Promise<void> {
  const dates = changes.businessDates
  if (dates.length === 0) return
  const [stored, state] = await Promise.all([db.billCounts.bulkGet(dates), readState(db)])
  const days = dates.map((date, i) =>
    changes.applyTo(stored[i] ?? { businessDate: date, cells: {} }),
  )
  const empty = days.filter((d) => Object.keys(d.cells).length === 0).map((d) => d.businessDate)
  await Promise.all([
    db.billCounts.bulkPut(days.filter((d) => Object.keys(d.cells).length > 0)),
    empty.length ? db.billCounts.bulkDelete(empty) : null,
    state.timeZone === null
      ? writeState(db, { ...state, timeZone })
      : state.timeZone !== timeZone && !state.mixedZones
        ? writeState(db, { ...state, mixedZones: true })
        : null,
  ])
}

/** The count the cells give for these filters, or null when they cannot give it. */
export async function storedBillCount(
  db: TillDatabase,
  filters: BillFilters,
  timeZone: string,
): Promise<number | null> {
  if (filters.registerSessionId !== null || filters.numberPrefix !== '') return null
  const wholeDay = (instant: number | null): string | null | undefined => {
    if (instant === null) return null
    const date = businessDate(instant, timeZone)
    return startOfMerchantDay(date, timeZone) === instant ? date : undefined
  }
  const fromDate = wholeDay(filters.createdFrom)
  const toDate = wholeDay(filters.createdTo)
  if (fromDate === undefined || toDate === undefined) return null
  const state = await readState(db)
  if (!state.complete) return null
  const dated = fromDate !== null || toDate !== null
  if (dated && (state.mixedZones || state.timeZone !== timeZone)) return null
  const countable: CountableFilters = {
    fromDate,
    toDate,
    locationId: filters.locationId,
    type: filters.type,
    paymentState: filters.paymentState,
    method: filters.method,
  }
  if (fromDate !== null && toDate !== null && fromDate >= toDate) return 0
  const days = await db.billCounts
    .where('businessDate')
    .between(fromDate ?? Dexie.minKey, toDate ?? Dexie.maxKey, true, false)
    .toArray()
  return countIn(days, countable)
}

/**
 * The payment methods of the cached bills, for the method filter: from the counts, a few rows a
 * business day; until they are complete, from the methods index, whose walk over a million bills
 * held the Bills screen's first rows back by seconds.
 */
export async function knownPaymentMethods(db: TillDatabase): Promise<string[]> {
  if ((await readState(db)).complete) return methodsIn(await db.billCounts.toArray())
  return (await db.bills.orderBy('methods').uniqueKeys()).map(String)
}

/**
 * Counts the bills of a cache from before the counts were kept: each location's business day in
 * a transaction of its own (its cells replaced by a count of its bills), so a write meanwhile is
 * never counted twice, and a stop goes on after the last day done.
 */
export async function fillBillCounts(
  db: TillDatabase,
  timeZone: string,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const start = await readState(db)
  if (start.complete) return
  const after = start.doneThrough
  const notYetCounted = (key: [string, string]): boolean => after === null || cmp(key, after) > 0
  // Listed with what writes left in the cells of days not counted yet cleared, in one go: a
  // write before now may have taken a bill away from a day no bill is left in, which is not
  // listed and would keep that count for ever; from now on each write keeps them right.
  const todo = await db.transaction('rw', [db.bills, db.billCounts], async () => {
    const keys = (await db.bills.orderBy('[locationId+businessDate]').uniqueKeys()) as unknown as [
      string,
      string,
    ][]
    const days = await db.billCounts.toArray()
    await db.billCounts.bulkPut(
      days.map(({ businessDate: date, cells }) => ({
        businessDate: date,
        cells: Object.fromEntries(
          Object.entries(cells).filter(([cell]) => !notYetCounted([locationOf(cell), date])),
        ),
      })),
    )
    return keys.filter(notYetCounted)
  })
  let done = 0
  let mixedZones = start.mixedZones
  onProgress(done, todo.length)
  for (const [locationId, date] of todo) {
    if (signal?.aborted) return
    await db.transaction('rw', [db.bills, ...billCountTables(db)], async () => {
      const bills = await db.bills
        .where('[locationId+businessDate]')
        .equals([locationId, date])
        .toArray()
      const day = (await db.billCounts.get(date)) ?? { businessDate: date, cells: {} }
      const cells = Object.fromEntries(
        Object.entries(day.cells).filter(([cell]) => locationOf(cell) !== locationId),
      )
      for (const bill of bills) {
        for (const cell of cellsOf(bill)) cells[cell] = (cells[cell] ?? 0) + 1
        if (businessDate(bill.createdAt, timeZone) !== bill.businessDate) mixedZones = true
      }
      await db.billCounts.put({ businessDate: date, cells })
      await writeState(db, {
        complete: false,
        doneThrough: [locationId, date],
        timeZone,
        mixedZones,
      })
    })
    onProgress(++done, todo.length)
  }
  await writeState(db, { complete: true, doneThrough: null, timeZone, mixedZones })
}
