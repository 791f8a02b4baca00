import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { businessDate, startOfMerchantDay } from '../../../../src-shared/domain/business-date'
import type { Bill } from '../../../../src-shared/domain/records'
import {
  knownPaymentMethods,
  storedBillCount,
} from '../../../../src-renderer/sessions/tables/bill-count-store'
import {
  ANY_BILL,
  type BillFilters,
} from '../../../../src-renderer/sessions/tables/bills/bill-filters'
import { BillQueries } from '../../../../src-renderer/sessions/tables/bills/bill-query'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { CachedBill, PaymentState } from '../../../../src-renderer/database/cached-records'
import { writeBills } from '../../../../src-renderer/sync/tables/writes'
import { fillPages, fillWithProgress } from '../../../support/saved-bills-progress'
import { checkProperty } from '../../../support/fuzz-settings'
import {
  DAYS,
  FIRST_DAY,
  generateBills,
  LOCATIONS,
  METHODS,
  TYPES,
} from '../../../support/bill-fixtures'

const ZONE = 'Asia/Jakarta'
const DAY_MS = 86_400_000
const POOL = generateBills(300, 11)
let opened = 0

function openDb(): TillDatabase {
  return new TillDatabase(`bill-counts-${++opened}`, { indexedDB: new IDBFactory(), IDBKeyRange })
}

function write(db: TillDatabase, bills: Bill[], timeZone = ZONE): Promise<unknown> {
  return writeBills(db, {
    bills,
    quarantined: [],
    detailPriority: 2,
    timeZone,
    now: FIRST_DAY + 30 * DAY_MS,
  })
}

/** The count by its definition: the cached bills filtered in memory. */
function counted(bills: CachedBill[], f: BillFilters): number {
  return bills.filter(
    (b) =>
      (f.createdFrom === null || b.createdAt >= f.createdFrom) &&
      (f.createdTo === null || b.createdAt < f.createdTo) &&
      (f.locationId === null || b.locationId === f.locationId) &&
      (f.type === null || b.type === f.type) &&
      (f.method === null || b.methods.includes(f.method)) &&
      (f.paymentState === null || b.paymentState === f.paymentState),
  ).length
}

/** The payment methods of the bills by their definition: each bill's methods, once. */
const methodsOf = (bills: CachedBill[]): string[] =>
  [...new Set(bills.flatMap((b) => b.methods))].sort()

/** As a cache from before the counts were kept has them: not at all, and no fill under way. */
async function forgetCounts(db: TillDatabase): Promise<void> {
  await db.billCounts.clear()
  await db.meta.bulkDelete(['bill-counts', 'saved-bills-fill', 'saved-bills-fill-tallies'])
}

/** Fills `pageSize` bills a page, stopping after `pages` pages (all unless told). */
const fill = (db: TillDatabase, pageSize: number, pages?: number): Promise<void> =>
  fillPages(db, ZONE, pageSize, pages)

const dateOf = (day: number): string => businessDate(FIRST_DAY + day * DAY_MS, ZONE)
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary, weight: 1 })
const wholeDay = fc
  .integer({ min: -1, max: DAYS + 1 })
  .map((day) => startOfMerchantDay(dateOf(day), ZONE))

const countableFilters: fc.Arbitrary<BillFilters> = fc.record({
  ...Object.fromEntries(Object.entries(ANY_BILL).map(([k, v]) => [k, fc.constant(v)])),
  createdFrom: sometimes(wholeDay),
  createdTo: sometimes(wholeDay),
  locationId: sometimes(fc.constantFrom(...LOCATIONS, 'loc-unknown')),
  type: sometimes(fc.constantFrom(...TYPES)),
  method: sometimes(fc.constantFrom(...METHODS, 'voucher')),
  paymentState: sometimes(fc.constantFrom<PaymentState>('paid', 'partly_paid', 'unpaid')),
}) as fc.Arbitrary<BillFilters>

/** A bill of the pool, perhaps changed as a later version of it would be. */
const billVersion = fc
  .record({
    index: fc.integer({ min: 0, max: POOL.length - 1 }),
    location: sometimes(fc.constantFrom(...LOCATIONS)),
    type: sometimes(fc.constantFrom(...TYPES)),
    reverseAll: fc.boolean(),
    laterDays: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ index, location, type, reverseAll, laterDays }): Bill => {
    const bill = POOL[index]!
    const createdAt = bill.createdAt + laterDays * DAY_MS
    return {
      ...bill,
      locationId: location ?? bill.locationId,
      type: type ?? bill.type,
      createdAt,
      payments: reverseAll
        ? bill.payments.map((p) => ({ ...p, reversedAt: createdAt }))
        : bill.payments,
    }
  })

describe('the Bills screen’s counts kept by the writes', () => {
  it('equal the bills counted one by one, for any writes, a cache from before them filled at any point, stopped and gone on with between writes, and any countable filter', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.array(fc.array(billVersion, { minLength: 1, maxLength: 25 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 8 }), pages: fc.nat(4) }), {
          maxLength: 3,
        }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(countableFilters, { minLength: 1, maxLength: 8 }),
        async (pages, forgetAt, stops, pageSize, filters) => {
          const db = openDb()
          try {
            for (const [i, page] of pages.entries()) {
              // Up to here, a cache from before the counts were kept: they are lost.
              if (i === forgetAt) await forgetCounts(db)
              // The fill going some pages, stopped, the writes after it coming between its pages.
              for (const stop of stops.filter((s) => s.at === i))
                await fill(db, pageSize, stop.pages)
              await write(db, page)
            }
            // A new cache keeps them from its first bill; an older one is counted once.
            if (forgetAt < pages.length) await fill(db, pageSize)
            const bills = await db.bills.toArray()
            for (const f of filters)
              expect(await storedBillCount(db, f, ZONE), JSON.stringify(f)).toBe(counted(bills, f))
            expect(await knownPaymentMethods(db)).toEqual(methodsOf(bills))
          } finally {
            db.close()
          }
        },
      ),
      80,
    )
  })

  it('are counted once for a cache from before them, going on after a stop, and the planner uses them', async () => {
    const db = openDb()
    await write(db, POOL)
    await forgetCounts(db)
    const any = { ...ANY_BILL, type: 'sale' as const }
    expect(await storedBillCount(db, any, ZONE)).toBeNull()
    // Until the counts are complete, the methods come from the methods index.
    expect(await knownPaymentMethods(db)).toEqual(methodsOf(await db.bills.toArray()))

    expect(await fillWithProgress(db, ZONE, { pageSize: 50, stopAt: 100 })).toEqual([
      [0, POOL.length],
      [50, POOL.length],
      [100, POOL.length],
    ])
    expect(await storedBillCount(db, any, ZONE)).toBeNull()
    // Sales written meanwhile, one keyed among the bills counted ('a…' before the pool's 'b-…')
    // and one after them, count once each.
    await write(db, [
      { ...POOL[0]!, id: 'a-new', type: 'sale' },
      { ...POOL[1]!, id: 'z-new', type: 'sale' },
    ])
    expect((await fillWithProgress(db, ZONE, { pageSize: 50 }))[0]).toEqual([0, POOL.length - 100])
    const bills = await db.bills.toArray()
    expect(await storedBillCount(db, any, ZONE)).toBe(counted(bills, any))

    const walked = await new BillQueries(db).count(any)
    expect(await new BillQueries(db, { timeZone: ZONE }).count(any)).toBe(walked)
    db.close()
  })

  it('leave to the index walk what they cannot answer', async () => {
    const db = openDb()
    await write(db, POOL)
    await fill(db, 100)
    const day = startOfMerchantDay(dateOf(3), ZONE)
    expect(
      await storedBillCount(db, { ...ANY_BILL, registerSessionId: 'rs-loc-a-0' }, ZONE),
    ).toBeNull()
    expect(await storedBillCount(db, { ...ANY_BILL, numberPrefix: 'a1' }, ZONE)).toBeNull()
    expect(
      await storedBillCount(db, { ...ANY_BILL, createdFrom: day + 3_600_000 }, ZONE),
    ).toBeNull()
    expect(await storedBillCount(db, { ...ANY_BILL, createdFrom: day }, 'UTC')).toBeNull()
    expect(await storedBillCount(db, { ...ANY_BILL, createdFrom: day }, ZONE)).not.toBeNull()

    // A bill dated in another zone (the shop's zone learned late): date ranges walk from now on,
    // counts without dates still come from the cells.
    await write(db, [{ ...POOL[1]!, id: 'b-elsewhere' }], 'Pacific/Kiritimati')
    expect(await storedBillCount(db, { ...ANY_BILL, createdFrom: day }, ZONE)).toBeNull()
    const bills = await db.bills.toArray()
    expect(await storedBillCount(db, ANY_BILL, ZONE)).toBe(bills.length)
    db.close()
  })
})
