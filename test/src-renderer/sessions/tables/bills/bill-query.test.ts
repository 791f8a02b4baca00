import type { DBCoreTable } from 'dexie'
import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeAll, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../../src-renderer/database/database'
import type { CachedBill, PaymentState } from '../../../../../src-renderer/database/cached-records'
import {
  ANY_BILL,
  type BillFilters,
  type BillSort,
  type BillSortColumn,
} from '../../../../../src-renderer/sessions/tables/bills/bill-filters'
import { BillQueries } from '../../../../../src-renderer/sessions/tables/bills/bill-query'
import {
  DAYS,
  FIRST_DAY,
  generateBills,
  LOCATIONS,
  METHODS,
  sessionIdsOf,
  TYPES,
} from '../../../../support/bill-fixtures'
import { PROPERTY_TIMEOUT_MS } from '../../../../support/fuzz-settings'

const BILL_SORT_COLUMNS: BillSortColumn[] = [
  'number',
  'time',
  'type',
  'location',
  'session',
  'total',
  'paid',
  'due',
  'state',
]

const BILLS = generateBills(2_000, 7)
const DAY_MS = 86_400_000

// ---- The reference: a plain filter and sort over the bills in memory, written from the
// ---- order's definition, sharing no code with the planner.

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

function referenceCompare(column: BillSortColumn): (a: CachedBill, b: CachedBill) => number {
  const byId = (a: CachedBill, b: CachedBill): number => text(a.id, b.id)
  switch (column) {
    case 'number':
      return (a, b) => text(a.numberKey, b.numberKey) || byId(a, b)
    case 'time':
      return (a, b) => a.createdAt - b.createdAt || byId(a, b)
    case 'type':
      return (a, b) => text(a.type, b.type) || a.createdAt - b.createdAt || byId(a, b)
    case 'location':
      return (a, b) =>
        text(a.locationId, b.locationId) || text(a.businessDate, b.businessDate) || byId(a, b)
    case 'session':
      return (a, b) =>
        text(a.registerSessionId!, b.registerSessionId!) || a.createdAt - b.createdAt || byId(a, b)
    case 'total':
      return (a, b) => a.total - b.total || byId(a, b)
    case 'paid':
      return (a, b) => a.amountPaid - b.amountPaid || byId(a, b)
    case 'due':
      return (a, b) => a.amountDue - b.amountDue || byId(a, b)
    case 'state':
      return (a, b) =>
        text(a.paymentState, b.paymentState) || a.createdAt - b.createdAt || byId(a, b)
  }
}

function reference(filters: BillFilters, sort: BillSort): string[] {
  const prefix = filters.numberPrefix.trim().toLowerCase()
  const kept = BILLS.filter(
    (b) =>
      (filters.createdFrom === null || b.createdAt >= filters.createdFrom) &&
      (filters.createdTo === null || b.createdAt < filters.createdTo) &&
      (filters.locationId === null || b.locationId === filters.locationId) &&
      (filters.registerSessionId === null || b.registerSessionId === filters.registerSessionId) &&
      (filters.type === null || b.type === filters.type) &&
      (filters.method === null || b.methods.includes(filters.method)) &&
      (filters.paymentState === null || b.paymentState === filters.paymentState) &&
      b.number.toLowerCase().startsWith(prefix),
  )
  // Sorting by session, bills without one come last either way, by id.
  const blank = sort.column === 'session' ? kept.filter((b) => b.registerSessionId === null) : []
  const sorted = kept.filter((b) => !blank.includes(b))
  const compare = referenceCompare(sort.column)
  sorted.sort((a, b) => (sort.desc ? compare(b, a) : compare(a, b)))
  blank.sort((a, b) => text(a.id, b.id))
  return [...sorted, ...blank].map((b) => b.id)
}

// ---- Arbitraries: each filter absent more often than not, values seen in the data or not.

const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary, weight: 1 })
const instant = fc.integer({ min: FIRST_DAY - DAY_MS, max: FIRST_DAY + (DAYS + 1) * DAY_MS })

const filtersArbitrary: fc.Arbitrary<BillFilters> = fc.record({
  createdFrom: sometimes(instant),
  createdTo: sometimes(instant),
  locationId: sometimes(fc.constantFrom(...LOCATIONS, 'loc-unknown')),
  registerSessionId: sometimes(fc.constantFrom(...LOCATIONS.flatMap(sessionIdsOf), 'rs-unknown')),
  type: sometimes(fc.constantFrom(...TYPES)),
  method: sometimes(fc.constantFrom(...METHODS, 'voucher')),
  paymentState: sometimes(fc.constantFrom<PaymentState>('paid', 'partly_paid', 'unpaid')),
  numberPrefix: fc.constantFrom('', '', '', 'a', 'A1', 'b2-', 'a1-4', ' B1-1 ', 'z'),
})
const sortArbitrary: fc.Arbitrary<BillSort> = fc.record({
  column: fc.constantFrom(...BILL_SORT_COLUMNS),
  desc: fc.boolean(),
})

/** The cache as the app opens it. */
function openDatabase(indexedDB: InstanceType<typeof IDBFactory>): TillDatabase {
  return new TillDatabase('bill-query', { indexedDB, IDBKeyRange })
}

async function pageThrough(queries: BillQueries, f: BillFilters, s: BillSort, size: number) {
  const ids: string[] = []
  for (let offset = 0; ; offset += size) {
    const page = await queries.page(f, s, offset, size)
    ids.push(...page.map((bill) => bill.id))
    if (page.length < size) return ids
  }
}

// A small probe limit makes most filters "broad" in this small cache, so both kinds of plan run.
describe.each([
  ['filters probed as usual', undefined, 30],
  ['filters probed as broad', 40, 30],
])('bill queries, %s', (_, probeLimit, numRuns) => {
  let db: TillDatabase
  beforeAll(async () => {
    db = openDatabase(new IDBFactory())
    await db.bills.bulkPut(BILLS)
  })

  it(
    'count, every page in turn, and a page reached directly equal a plain filter and sort',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          filtersArbitrary,
          sortArbitrary,
          fc.integer({ min: 1, max: 400 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          async (filters, sort, size, where) => {
            const expected = reference(filters, sort)
            const queries = new BillQueries(db, { probeLimit })
            expect(await queries.count(filters)).toBe(expected.length)
            expect(await pageThrough(queries, filters, sort, size)).toEqual(expected)
            const offset = Math.floor(where * expected.length)
            const direct = await new BillQueries(db, { probeLimit }).page(
              filters,
              sort,
              offset,
              size,
            )
            expect(direct.map((b) => b.id)).toEqual(expected.slice(offset, offset + size))
          },
        ),
        { numRuns },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('bill queries read only what a page shows', () => {
  let reads = { records: 0, valueCursors: 0, counts: 0 }
  let db: TillDatabase

  beforeAll(async () => {
    const indexedDB = new IDBFactory()
    const writer = openDatabase(indexedDB)
    await writer.bills.bulkPut(BILLS)
    writer.close()
    db = openDatabase(indexedDB)
    db.use({
      stack: 'dbcore',
      name: 'count-reads',
      create: (down) => ({
        ...down,
        table: (name): DBCoreTable => {
          const table = down.table(name)
          return {
            ...table,
            get: (req) => ((reads.records += 1), table.get(req)),
            count: (req) => ((reads.counts += 1), table.count(req)),
            getMany: (req) => ((reads.records += req.keys.length), table.getMany(req)),
            query: async (req) => {
              const answer = await table.query(req)
              if (req.values) reads.records += answer.result.length
              return answer
            },
            openCursor: (req) => {
              if (req.values) reads.valueCursors += 1
              return table.openCursor(req)
            },
          }
        },
      }),
    })
  })

  const inIndexOrder: Array<[string, BillFilters, BillSort]> = [
    ['every bill by time', ANY_BILL, { column: 'time', desc: true }],
    ['every bill by number', ANY_BILL, { column: 'number', desc: false }],
    [
      "one session's bills by time",
      { ...ANY_BILL, registerSessionId: 'rs-loc-a-1' },
      { column: 'time', desc: true },
    ],
    ['refunds by type', { ...ANY_BILL, type: 'refund' }, { column: 'type', desc: false }],
    ['refunds by time', { ...ANY_BILL, type: 'refund' }, { column: 'time', desc: true }],
    [
      'unpaid bills by time',
      { ...ANY_BILL, paymentState: 'unpaid' },
      { column: 'time', desc: true },
    ],
  ]
  it.each(inIndexOrder)('%s: a page reads its own bills only', async (_, filters, sort) => {
    const expected = reference(filters, sort).slice(100, 150)
    expect(expected).toHaveLength(50)
    reads = { records: 0, valueCursors: 0, counts: 0 }
    const page = await new BillQueries(db).page(filters, sort, 100, 50)
    expect(page.map((b) => b.id)).toEqual(expected)
    expect(reads).toEqual({ records: expected.length, valueCursors: 0, counts: 0 })
  })

  it("a small filter's bills are read once for another order, then each page reads its own", async () => {
    const filters = { ...ANY_BILL, registerSessionId: 'rs-loc-b-2' }
    const sort: BillSort = { column: 'total', desc: true }
    const expected = reference(filters, sort)
    expect(expected.length).toBeGreaterThan(100)
    const queries = new BillQueries(db)
    reads = { records: 0, valueCursors: 0, counts: 0 }
    await queries.page(filters, sort, 0, 50)
    expect(reads.records).toBe(expected.length + 50)
    reads = { records: 0, valueCursors: 0, counts: 0 }
    const second = await queries.page(filters, sort, 50, 50)
    expect(second.map((b) => b.id)).toEqual(expected.slice(50, 100))
    expect(reads).toEqual({ records: 50, valueCursors: 0, counts: 0 })
  })

  it('broad filters are tested on one walk of the sort index', async () => {
    const filters = { ...ANY_BILL, type: 'sale' as const, paymentState: 'unpaid' as const }
    const sort: BillSort = { column: 'number', desc: true }
    reads = { records: 0, valueCursors: 0, counts: 0 }
    const page = await new BillQueries(db, { probeLimit: 100 }).page(filters, sort, 0, 50)
    expect(page.map((b) => b.id)).toEqual(reference(filters, sort).slice(0, 50))
    expect(reads).toEqual({ records: 50, valueCursors: 1, counts: 0 })
  })

  it('filters cleared, or chosen again, are not counted again', async () => {
    const refunds = { ...ANY_BILL, type: 'refund' as const }
    const queries = new BillQueries(db)
    reads = { records: 0, valueCursors: 0, counts: 0 }
    const all = await queries.count(ANY_BILL)
    const refundCount = await queries.count(refunds)
    expect(reads.counts).toBeGreaterThan(0)
    reads = { records: 0, valueCursors: 0, counts: 0 }
    expect(await queries.count(ANY_BILL)).toBe(all)
    expect(await queries.count(refunds)).toBe(refundCount)
    expect(reads).toEqual({ records: 0, valueCursors: 0, counts: 0 })
    expect(all).toBe(BILLS.length)
    expect(refundCount).toBe(reference(refunds, { column: 'time', desc: true }).length)
  })
})
