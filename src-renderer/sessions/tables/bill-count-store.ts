import Dexie from 'dexie'
import { businessDate, startOfMerchantDay } from '../../../src-shared/domain/business-date'
import { BillCountChanges, countIn, methodsIn, type CountableFilters } from '../rules/bill-counts'
import type { BillFilters } from './bills/bill-filters'
import type { TillDatabase } from '../../database/database'
import type { BillCountsState, CachedBill } from '../../database/cached-records'

/**
 * The Bills screen's counts kept by the write path (sessions/rules/bill-counts.ts), in the same
 * transaction as the bills. A cache from before them is counted once, by ./saved-bills-fill.ts.
 * Until that is done, and for filters the cells cannot answer (a session, a bill number, a date
 * range that is not whole business days), counts walk the indexes as before.
 */

const STATE_KEY = 'bill-counts'

export function billCountTables(db: TillDatabase) {
  return [db.billCounts, db.meta]
}

export async function readBillCountsState(db: TillDatabase): Promise<BillCountsState> {
  const entry = await db.meta.get(STATE_KEY)
  return entry
    ? (JSON.parse(String(entry.value)) as BillCountsState)
    : { complete: false, timeZone: null, mixedZones: false }
}

export function writeBillCountsState(db: TillDatabase, state: BillCountsState): Promise<unknown> {
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
  const [stored, state] = await Promise.all([db.billCounts.bulkGet(dates), readBillCountsState(db)])
  const days = dates.map((date, i) =>
    changes.applyTo(stored[i] ?? { businessDate: date, cells: {} }),
  )
  const empty = days.filter((d) => Object.keys(d.cells).length === 0).map((d) => d.businessDate)
  await Promise.all([
    db.billCounts.bulkPut(days.filter((d) => Object.keys(d.cells).length > 0)),
    empty.length ? db.billCounts.bulkDelete(empty) : null,
    state.timeZone === null
      ? writeBillCountsState(db, { ...state, timeZone })
      : state.timeZone !== timeZone && !state.mixedZones
        ? writeBillCountsState(db, { ...state, mixedZones: true })
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
  const state = await readBillCountsState(db)
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
  if ((await readBillCountsState(db)).complete) return methodsIn(await db.billCounts.toArray())
  return (await db.bills.orderBy('methods').uniqueKeys()).map(String)
}
