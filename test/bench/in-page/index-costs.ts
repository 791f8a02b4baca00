import Dexie, { type EntityTable, type IndexSpec } from 'dexie'
import { TillDatabase } from '../../../src-renderer/database/database'
import { v11 } from '../../../src-renderer/database/migrations/v11'
import { v17 } from '../../../src-renderer/database/migrations/v17'
import type { CachedBill } from '../../../src-renderer/database/cached-records'
import { seedShop } from './seed'

// The bills' indexes as versions 11–16 and version 17 declare them.
const BILLS_V11 = v11.stores.bills as string
const BILLS_V17 = v17.stores.bills as string

/**
 * What each bill index costs a write and what its queries cost without it, in the page's real
 * IndexedDB. Writes: the same bills put into a store with every index of `BILLS_V11` (the bills
 * as versions 11–16 indexed them), with each index left out in turn, with those of `BILLS_V17`,
 * and with none. Queries: the
 * query that reads each index, and the best one the cache could answer it with otherwise.
 */

const SOURCE = 'index-costs-source'
const TARGET = 'index-costs-target'
const QUERIED = 'index-costs-v11'
const PAGE = 50

export interface SeedPlan {
  bills: number
}

export async function seedIndexCostShop({ bills }: SeedPlan): Promise<void> {
  await Dexie.delete(SOURCE)
  await seedShop({
    databaseName: SOURCE,
    bills,
    billsPerSession: 500,
    locations: 3,
    timeZone: 'Asia/Jakarta',
    endAt: Date.UTC(2026, 10, 20, 17),
  })
}

export interface WritePlan {
  bills: number
  /** Bills to a transaction, as the sync writes a page. */
  batch: number
  rounds: number
  /** Only every index, version 17's and none: no index left out alone. */
  setsOnly: boolean
}

export interface WriteCost {
  /** Every index of version 11, all but `without`, version 17's, or none. */
  kind: 'all' | 'without' | 'version 17' | 'none'
  without: string | null
  /** Entries the indexes hold per bill (a key may be missing, or many for `*methods`). */
  entriesPerBill: number
  /** Milliseconds to put the bills, one per round. */
  ms: number[]
}

const isKey = (value: unknown): boolean =>
  (typeof value === 'number' && !Number.isNaN(value)) ||
  typeof value === 'string' ||
  value instanceof Date ||
  (Array.isArray(value) && value.every(isKey))

function entries(index: IndexSpec, bill: CachedBill): number {
  const record = bill as unknown as Record<string, unknown>
  if (index.multi) {
    const value = record[index.keyPath as string]
    return Array.isArray(value) ? new Set(value.filter(isKey)).size : isKey(value) ? 1 : 0
  }
  const paths = Array.isArray(index.keyPath) ? index.keyPath : [index.keyPath as string]
  return paths.every((path) => isKey(record[path])) ? 1 : 0
}

async function timePuts(spec: string, bills: CachedBill[], batch: number): Promise<number> {
  await Dexie.delete(TARGET)
  const db = new Dexie(TARGET)
  db.version(1).stores({ bills: spec })
  await db.open()
  const start = performance.now()
  for (let at = 0; at < bills.length; at += batch)
    await db.transaction('rw', 'bills', () =>
      db.table('bills').bulkPut(bills.slice(at, at + batch)),
    )
  const ms = performance.now() - start
  db.close()
  await Dexie.delete(TARGET)
  return ms
}

export async function measureIndexWrites(plan: WritePlan): Promise<WriteCost[]> {
  const source = new TillDatabase(SOURCE)
  const bills = await source.bills.limit(plan.bills).toArray()
  source.close()
  const parsed = new Dexie('index-costs-parse')
  parsed.version(1).stores({ bills: BILLS_V11 })
  const { primKey, indexes } = parsed.tables[0]!.schema
  const spec = (kept: IndexSpec[]): string => [primKey, ...kept].map((i) => i.src).join(', ')
  const entriesOf = (kept: IndexSpec[]): number =>
    bills.reduce((sum, bill) => sum + kept.reduce((n, index) => n + entries(index, bill), 0), 0) /
    bills.length
  const kept17 = indexes.filter((index) => BILLS_V17.split(', ').includes(index.src))
  const variants: Array<Omit<WriteCost, 'ms'> & { spec: string }> = [
    { kind: 'all', without: null, spec: spec(indexes), entriesPerBill: entriesOf(indexes) },
    ...(plan.setsOnly ? [] : indexes).map((index) => ({
      kind: 'without' as const,
      without: index.name,
      spec: spec(indexes.filter((other) => other !== index)),
      entriesPerBill: entriesOf([index]),
    })),
    { kind: 'version 17', without: null, spec: spec(kept17), entriesPerBill: entriesOf(kept17) },
    { kind: 'none', without: null, spec: primKey.src, entriesPerBill: 0 },
  ]
  const costs = variants.map((v) => ({ ...v, ms: [] as number[] }))
  // One put of the same bills first, so the first variant timed does not pay for warming up.
  await timePuts(spec(indexes), bills, plan.batch)
  for (let round = 0; round < plan.rounds; round++) {
    // Each round in another order, so the machine's load drifting does not favour one variant.
    const order = costs.map((_, i) => (i + round * 7) % costs.length)
    for (const i of order) costs[i]!.ms.push(await timePuts(costs[i]!.spec, bills, plan.batch))
  }
  return costs.map(({ spec: _spec, ...cost }) => cost)
}

export interface QueryCost {
  index: string
  query: string
  /** Milliseconds through the index, then through the best other way, median of the runs. */
  withIndex: number
  without: number
  /** What answers it without the index. */
  otherWay: string
}

interface IndexQuery {
  index: string
  query: string
  withIndex(db: VersionElevenBills): Promise<unknown>
  otherWay: string
  without(db: VersionElevenBills): Promise<unknown>
}

/** The bills as versions 11–16 indexed them: the queries of the indexes version 17 dropped too. */
class VersionElevenBills extends Dexie {
  bills!: EntityTable<CachedBill, 'id'>
  constructor() {
    super(QUERIED)
    this.version(1).stores({ bills: BILLS_V11 })
  }
}

const sessionBills = (db: VersionElevenBills, session: string) =>
  db.bills
    .where('[registerSessionId+createdAt]')
    .between([session, Dexie.minKey], [session, Dexie.maxKey])

/** The seeded bills copied into a store with every index of version 11. */
async function copyToVersionEleven(): Promise<VersionElevenBills> {
  await Dexie.delete(QUERIED)
  const copy = new VersionElevenBills()
  const source = new TillDatabase(SOURCE)
  for (let after: string | null = null; ;) {
    const chunk: CachedBill[] = await (
      after === null ? source.bills.orderBy(':id') : source.bills.where(':id').above(after)
    )
      .limit(5_000)
      .toArray()
    if (chunk.length === 0) break
    await copy.bills.bulkPut(chunk)
    after = chunk.at(-1)!.id
  }
  source.close()
  return copy
}

const newest = (db: VersionElevenBills, test: (bill: CachedBill) => boolean) =>
  db.bills.orderBy('createdAt').reverse().filter(test).limit(PAGE).toArray()

const sortedInMemory = async (
  db: VersionElevenBills,
  by: (bill: CachedBill) => number | string,
) => {
  const all = await db.bills.toArray()
  return all.sort((a, b) => (by(a) < by(b) ? 1 : by(a) > by(b) ? -1 : 0)).slice(0, PAGE)
}

function queries(session: string, location: string, day: string, parent: string): IndexQuery[] {
  const topBy = (index: 'total' | 'amountPaid' | 'amountDue'): IndexQuery => ({
    index,
    query: `Bills screen: sort by ${index}, first page`,
    withIndex: (db) => db.bills.orderBy(index).reverse().limit(PAGE).toArray(),
    otherWay: 'read every bill, sort in memory',
    without: (db) => sortedInMemory(db, (b) => b[index]),
  })
  return [
    {
      index: 'updatedAt',
      query: 'Exports preview: newest change',
      withIndex: (db) => db.bills.orderBy('updatedAt').lastKey(),
      otherWay: 'read every bill',
      without: async (db) => Math.max(...(await db.bills.toArray()).map((b) => b.updatedAt)),
    },
    {
      index: 'registerSessionId',
      query: 'a session’s bills (day close, tallies, exports)',
      withIndex: (db) => db.bills.where('registerSessionId').equals(session).toArray(),
      otherWay: '[registerSessionId+createdAt] range',
      without: (db) => sessionBills(db, session).toArray(),
    },
    {
      index: '[registerSessionId+createdAt]',
      query: 'Session screen: newest 50 bills',
      withIndex: (db) => sessionBills(db, session).reverse().limit(PAGE).toArray(),
      otherWay: 'registerSessionId, sorted in memory',
      without: async (db) =>
        (await db.bills.where('registerSessionId').equals(session).sortBy('createdAt'))
          .reverse()
          .slice(0, PAGE),
    },
    {
      index: '[locationId+businessDate]',
      query: 'Day close: a location’s day',
      withIndex: (db) =>
        db.bills.where('[locationId+businessDate]').equals([location, day]).toArray(),
      otherWay: 'createdAt range of the day ±14 h, tested',
      without: (db) => {
        const noon = Date.parse(`${day}T12:00:00Z`)
        return db.bills
          .where('createdAt')
          .between(noon - 26 * 3_600_000, noon + 26 * 3_600_000)
          .filter((b) => b.locationId === location && b.businessDate === day)
          .toArray()
      },
    },
    {
      index: '[type+createdAt]',
      query: 'Bills screen: voids, newest first',
      withIndex: (db) =>
        db.bills
          .where('[type+createdAt]')
          .between(['void', Dexie.minKey], ['void', Dexie.maxKey])
          .reverse()
          .limit(PAGE)
          .toArray(),
      otherWay: 'createdAt walked, each bill tested',
      without: (db) => newest(db, (b) => b.type === 'void'),
    },
    {
      index: '[paymentState+createdAt]',
      query: 'Bills screen: unpaid, newest first',
      withIndex: (db) =>
        db.bills
          .where('[paymentState+createdAt]')
          .between(['unpaid', Dexie.minKey], ['unpaid', Dexie.maxKey])
          .reverse()
          .limit(PAGE)
          .toArray(),
      otherWay: 'createdAt walked, each bill tested',
      without: (db) => newest(db, (b) => b.paymentState === 'unpaid'),
    },
    {
      index: 'methods',
      query: 'Bills screen: paid by QRIS, first page',
      withIndex: (db) => db.bills.where('methods').equals('qris').limit(PAGE).toArray(),
      otherWay: 'createdAt walked, each bill tested',
      without: (db) => newest(db, (b) => b.methods.includes('qris')),
    },
    {
      index: 'createdAt',
      query: 'Bills screen: newest first (default order)',
      withIndex: (db) => db.bills.orderBy('createdAt').reverse().limit(PAGE).toArray(),
      otherWay: 'read every bill, sort in memory',
      without: (db) => sortedInMemory(db, (b) => b.createdAt),
    },
    {
      index: 'numberKey',
      query: 'Bills screen: sort by number, first page',
      withIndex: (db) => db.bills.orderBy('numberKey').reverse().limit(PAGE).toArray(),
      otherWay: 'read every bill, sort in memory',
      without: (db) => sortedInMemory(db, (b) => b.numberKey),
    },
    topBy('total'),
    topBy('amountPaid'),
    topBy('amountDue'),
    {
      index: 'parentBillId',
      query: 'Bill detail: its refunds and voids',
      withIndex: (db) => db.bills.where('parentBillId').equals(parent).toArray(),
      otherWay: 'read every bill',
      without: (db) => db.bills.filter((b) => b.parentBillId === parent).toArray(),
    },
    {
      index: 'brokenIdentity',
      query: 'Problems screen: bills breaking an identity',
      withIndex: (db) => db.bills.where('brokenIdentity').equals(1).toArray(),
      otherWay: 'read every bill',
      without: (db) => db.bills.filter((b) => b.brokenIdentity === 1).toArray(),
    },
  ]
}

async function medianMs(run: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

export async function measureIndexQueries(runs: number): Promise<QueryCost[]> {
  const db = await copyToVersionEleven()
  const newestBill = (await db.bills.orderBy('createdAt').last())!
  const refund = (await db.bills
    .where('[type+createdAt]')
    .between(['refund', 0], ['refund', Dexie.maxKey])
    .last())!
  const costs: QueryCost[] = []
  for (const q of queries(
    newestBill.registerSessionId!,
    newestBill.locationId,
    newestBill.businessDate,
    refund.parentBillId!,
  )) {
    costs.push({
      index: q.index,
      query: q.query,
      withIndex: await medianMs(() => q.withIndex(db), runs),
      without: await medianMs(() => q.without(db), runs),
      otherWay: q.otherWay,
    })
  }
  db.close()
  await Dexie.delete(QUERIED)
  return costs
}

export const indexCostsApi = { seedIndexCostShop, measureIndexWrites, measureIndexQueries }
export type IndexCostsApi = typeof indexCostsApi

Object.assign(globalThis, { tillIndexCosts: indexCostsApi })
