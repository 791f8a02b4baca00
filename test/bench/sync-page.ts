/**
 * What the sync benchmark runs inside Chromium: bundled by `sync-figures.ts` (esbuild, IIFE) and
 * evaluated in the page, where it leaves `globalThis.tillSyncBench`.
 */

import type { Bill } from '../../src-shared/domain/records'
import { databaseName, TillDatabase } from '../../src-renderer/cache/database'
import { cachedBill, writeBills } from '../../src-renderer/cache/writes'

export interface CacheCounts {
  bills: number
  detailed: number
  payments: number
  pendingDetails: number
  quarantined: number
}

export interface CacheWriteRun {
  records: number
  pathSeconds: number
  bulkPutSeconds: number
}

export interface SyncBenchPage {
  countCache(profileId: string): Promise<CacheCounts>
  cacheWrite(bills: Bill[], options: { pageSize: number; timeZone: string }): Promise<CacheWriteRun>
}

async function countCache(profileId: string): Promise<CacheCounts> {
  const db = new TillDatabase(databaseName(profileId))
  try {
    let detailed = 0
    await db.bills.each((bill) => {
      if (bill.hasDetail) detailed++
    })
    return {
      bills: await db.bills.count(),
      detailed,
      payments: await db.payments.count(),
      pendingDetails: await db.pendingDetails.count(),
      quarantined: await db.quarantine.count(),
    }
  } finally {
    db.close()
  }
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

/**
 * The sync's write of detail pages (records, payments, facets, sessions, queue and checkpoint in
 * one transaction a page) against Dexie's `bulkPut` of the same cache records, page for page,
 * each into an empty database of the same schema.
 */
async function cacheWrite(
  bills: Bill[],
  { pageSize, timeZone }: { pageSize: number; timeZone: string },
): Promise<CacheWriteRun> {
  const pages = pagesOf(bills, pageSize)
  // The records bulkPut stores are exactly what the write path stores, computed beforehand.
  const cachedPages = pages.map((page) => page.map((bill) => cachedBill(bill, timeZone)))

  const path = await freshDatabase('till-bench-write-path')
  let started = performance.now()
  for (const [i, page] of pages.entries()) {
    await writeBills(path, {
      bills: page,
      quarantined: [],
      checkpoint: {
        key: 'bills',
        backfillPage: i + 2,
        backfillDone: false,
        cursor: null,
        cursorPage: 1,
        lastSuccessAt: null,
      },
      detailPriority: 1,
      timeZone,
      now: Date.now(),
    })
  }
  const pathSeconds = (performance.now() - started) / 1000
  path.close()

  const raw = await freshDatabase('till-bench-bulk-put')
  started = performance.now()
  for (const page of cachedPages) await raw.bills.bulkPut(page)
  const bulkPutSeconds = (performance.now() - started) / 1000
  raw.close()

  await Promise.all([
    TillDatabase.delete('till-bench-write-path'),
    TillDatabase.delete('till-bench-bulk-put'),
  ])
  return { records: bills.length, pathSeconds, bulkPutSeconds }
}

const bench: SyncBenchPage = { countCache, cacheWrite }
;(globalThis as { tillSyncBench?: SyncBenchPage }).tillSyncBench = bench
