/**
 * What the sync benchmark runs inside Chromium: bundled by `sync-figures.ts` (esbuild, IIFE) and
 * evaluated in the page, where it leaves `globalThis.tillSyncBench`.
 */

import { channels } from '../../src-shared/bridge/contract'
import type { Bill } from '../../src-shared/domain/records'
import { databaseName, TillDatabase } from '../../src-renderer/database/database'
import type { CachedBill, Checkpoint } from '../../src-renderer/database/cached-records'
import { writeBills } from '../../src-renderer/sync/tables/writes'
import { loadRecordsSynced, stillSyncing } from '../../src-renderer/sync/tables/still-syncing'
import Dexie from 'dexie'

export interface CacheCounts {
  bills: number
  detailed: number
  /** On the bills with their detail. */
  payments: number
  pendingDetails: number
  quarantined: number
}

/** The cache write figure's two ways of writing the same records. */
export type CacheWriteWay = 'path' | 'bulkPut'

/** When a first sync made tonight countable, as the page saw it. */
export interface TonightCovered {
  /** Wall-clock ms (the page's time origin plus its clock): the first look that found it. */
  at: number
  /** Sessions then whole (countable), and sessions then still arriving. */
  countable: number
  arriving: number
}

/** The requests a first sync made, as bridge calls: the store floor makes them again. */
export interface SyncRequests {
  profileId: string
  currency: string
  /** List calls in the order made: bills or expenses, with the query as sent to the service. */
  lists: { expenses: boolean; query: Record<string, string | number> }[]
  /** Bills fetched by id, in the order asked for. */
  detailIds: string[]
}

export interface SyncBenchPage {
  countCache(profileId: string): Promise<CacheCounts>
  /**
   * Looks at the cache every `everyMs` until the sessions the first sync reads first are whole
   * (both areas covered, still-syncing.ts), then says when and how many sessions were countable.
   */
  tonightCovered(profileId: string, everyMs: number): Promise<TonightCovered>
  /**
   * The store floor: the sync's requests made again from the page through the same bridge (the
   * lists one after another, the details `batch` ids a call with `workers` calls in flight), each
   * answer's records `bulkPut` as it arrives into one table with no index but the key. Seconds.
   */
  storeFloor(requests: SyncRequests, options: { batch: number; workers: number }): Promise<number>
  /** Seconds the renderer takes to check detail answers of these bills against the contract. */
  checkAnswers(bills: Bill[], options: { pageSize: number; rounds: number }): Promise<number>
  /** Readies `records` records for `cacheWrite`; how many it readied. */
  prepareCacheWrite(
    bills: Bill[],
    options: { pageSize: number; timeZone: string; records: number },
  ): Promise<number>
  /** Seconds one way takes to write the readied records into an empty database. */
  cacheWrite(way: CacheWriteWay): Promise<number>
}

async function countCache(profileId: string): Promise<CacheCounts> {
  const db = new TillDatabase(databaseName(profileId))
  try {
    let detailed = 0
    let payments = 0
    await db.bills.each((bill) => {
      if (!bill.hasDetail) return
      detailed++
      payments += bill.payments.length
    })
    return {
      bills: await db.bills.count(),
      detailed,
      payments,
      pendingDetails: await db.pendingDetails.count(),
      quarantined: await db.quarantine.count(),
    }
  } finally {
    db.close()
  }
}

async function tonightCovered(profileId: string, everyMs: number): Promise<TonightCovered> {
  const db = new TillDatabase(databaseName(profileId))
  try {
    for (;;) {
      const synced = await loadRecordsSynced(db)
      if (synced.coveredFrom !== null || synced.firstSyncDone) {
        const at = performance.timeOrigin + performance.now()
        const sessions = await db.sessions.toArray()
        // A session's bills awaiting detail are left out: the recent read writes its bills whole.
        const countable = sessions.filter((s) => !stillSyncing(0, synced, s)).length
        return { at, countable, arriving: sessions.length - countable }
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  } finally {
    db.close()
  }
}

async function storeFloor(
  requests: SyncRequests,
  options: { batch: number; workers: number },
): Promise<number> {
  const name = 'till-bench-store-floor'
  await Dexie.delete(name)
  const db = new Dexie(name)
  db.version(1).stores({ records: 'id' })
  const records = db.table<{ id: string }, string>('records')
  await db.open()
  // The bridge as the app's transport calls it (signed in already: the page's session cookie is
  // the app's), each answer checked against the contract as the app's client does.
  const bridge = {
    call: async <C extends 'service.bills.list' | 'service.expenses.list' | 'service.bills.get'>(
      channel: C,
      input: unknown,
    ): Promise<ReturnType<(typeof channels)[C]['output']['parse']>> => {
      const response = await fetch(`/bridge/call/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ input }),
      })
      const result = (await response.json()) as { ok: boolean; value?: unknown }
      if (!result.ok) throw new Error(`store floor: ${channel} failed: ${JSON.stringify(result)}`)
      return channels[channel].output.parse(result.value) as ReturnType<
        (typeof channels)[C]['output']['parse']
      >
    },
  }
  const { profileId, currency } = requests
  const puts: Promise<unknown>[] = []
  const started = performance.now()
  const lists = async (): Promise<void> => {
    for (const { expenses, query } of requests.lists) {
      const q = query as { page: number; limit: number; order_by: string }
      if (expenses)
        puts.push(
          records.bulkPut(
            (await bridge.call('service.expenses.list', { profileId, currency, query: q }))
              .expenses,
          ),
        )
      else
        puts.push(
          records.bulkPut(
            (await bridge.call('service.bills.list', { profileId, currency, query: q })).bills,
          ),
        )
    }
  }
  let next = 0
  const details = async (): Promise<void> => {
    while (next < requests.detailIds.length) {
      const ids = requests.detailIds.slice(next, (next += options.batch))
      puts.push(
        records.bulkPut(
          (await bridge.call('service.bills.get', { profileId, currency, ids })).bills,
        ),
      )
    }
  }
  await Promise.all([lists(), ...Array.from({ length: options.workers }, details)])
  await Promise.all(puts)
  const seconds = (performance.now() - started) / 1000
  db.close()
  await Dexie.delete(name)
  return seconds
}

function pagesOf<T>(items: T[], size: number): T[][] {
  const pages: T[][] = []
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size))
  return pages
}

async function freshDatabase(name: string): Promise<TillDatabase> {
  await TillDatabase.delete(name)
  const db = new TillDatabase(name)
  await db.open()
  return db
}

async function storedPages(pages: Bill[][], timeZone: string): Promise<CachedBill[][]> {
  const name = 'till-bench-stored'
  const db = await freshDatabase(name)
  const stored: CachedBill[][] = []
  for (const page of pages) {
    await writeBills(db, {
      bills: page,
      quarantined: [],
      detailPriority: 1,
      timeZone,
      now: Date.now(),
    })
    stored.push((await db.bills.bulkGet(page.map((bill) => bill.id))) as CachedBill[])
  }
  db.close()
  await TillDatabase.delete(name)
  return stored
}

async function timeWrites(
  name: string,
  pages: readonly unknown[],
  write: (db: TillDatabase, page: number) => Promise<unknown>,
): Promise<number> {
  const db = await freshDatabase(name)
  const started = performance.now()
  for (let i = 0; i < pages.length; i++) await write(db, i)
  const seconds = (performance.now() - started) / 1000
  db.close()
  await TillDatabase.delete(name)
  return seconds
}

/** `count` bills from the sample, copies of it once it runs out, each copy with ids of its own. */
function billsOf(sample: Bill[], count: number): Bill[] {
  return Array.from({ length: count }, (_, i) => {
    const bill = sample[i % sample.length]!
    const copy = Math.floor(i / sample.length)
    if (copy === 0) return bill
    const own = (id: string): string => `${id}~${copy}`
    return {
      ...bill,
      id: own(bill.id),
      number: own(bill.number),
      payments: bill.payments.map((payment) => ({ ...payment, id: own(payment.id) })),
    }
  })
}

let readied: Record<CacheWriteWay, () => Promise<number>> | null = null

/**
 * The sync's write of detail pages (records, payments, facets, sessions, queue and checkpoint in
 * one transaction a page) against Dexie's `bulkPut` of the same cache records, page for page,
 * each into an empty database of the same schema. The caller alternates the two, so each round's
 * ratio compares the two under the same load, and takes the median of the rounds.
 */
async function prepareCacheWrite(
  sample: Bill[],
  { pageSize, timeZone, records }: { pageSize: number; timeZone: string; records: number },
): Promise<number> {
  const bills = billsOf(sample, records)
  const pages = pagesOf(bills, pageSize)
  const checkpoint = (page: number): Checkpoint => ({
    key: 'bills',
    backfillPage: page + 2,
    backfillDone: false,
    cursor: null,
    cursorPage: 1,
    lastSuccessAt: null,
  })
  // The records bulkPut stores are exactly what the write path stores: written once beforehand
  // and read back.
  const cachedPages = await storedPages(pages, timeZone)
  readied = {
    path: () =>
      timeWrites('till-bench-write-path', pages, (db, i) =>
        writeBills(db, {
          bills: pages[i]!,
          quarantined: [],
          checkpoint: checkpoint(i),
          detailPriority: 1,
          timeZone,
          now: Date.now(),
        }),
      ),
    bulkPut: () =>
      timeWrites('till-bench-bulk-put', cachedPages, (db, i) => db.bills.bulkPut(cachedPages[i]!)),
  }
  return bills.length
}

function cacheWrite(way: CacheWriteWay): Promise<number> {
  if (!readied) throw new Error('prepareCacheWrite first')
  return readied[way]()
}

/**
 * The bridge client's check of `service.bills.get` answers (the contract's zod schema), page for
 * page, as the page receives them over the bridge (JSON, so dates are strings again); the best of
 * a few rounds.
 */
async function checkAnswers(
  bills: Bill[],
  { pageSize, rounds }: { pageSize: number; rounds: number },
): Promise<number> {
  const schema = channels['service.bills.get'].output
  const answers = pagesOf(bills, pageSize).map((page) =>
    JSON.parse(JSON.stringify({ bills: page, missing: [], quarantined: [] })),
  )
  let best = Infinity
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    for (const answer of answers)
      if (!schema.safeParse(answer).success) throw new Error('a sample answer fails the contract')
    best = Math.min(best, (performance.now() - started) / 1000)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return best
}

const bench: SyncBenchPage = {
  countCache,
  tonightCovered,
  storeFloor,
  checkAnswers,
  prepareCacheWrite,
  cacheWrite,
}
;(globalThis as { tillSyncBench?: SyncBenchPage }).tillSyncBench = bench
