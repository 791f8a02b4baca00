/**
 * What the soak reads from the page: the cache straight from IndexedDB (no app code involved),
 * the renderer's JS heap after a forced collection (Chrome DevTools Protocol), and the origin's
 * storage estimate. Runs in the Playwright worker; the functions passed to `evaluate` run in
 * the page.
 */
import { createWriteStream } from 'node:fs'
import type { CDPSession, Page } from '@playwright/test'
import type { CacheSnapshot } from '../support/cache-vs-truth'

interface StoreQuery {
  /** Every record of these stores. */
  all: string[]
  /** How many records these stores hold. */
  counts: string[]
  /** One record by key: [store, key]. */
  gets: [string, string][]
}

interface StoreAnswer {
  all: Record<string, unknown[]>
  counts: Record<string, number>
  gets: unknown[]
}

/** One read-only transaction over the named stores, so what is read belongs to one moment. */
function queryStores(page: Page, databaseName: string, query: StoreQuery): Promise<StoreAnswer> {
  return page.evaluate(
    async ({ name, query }) => {
      const ask = <T>(request: IDBRequest<T> | IDBOpenDBRequest): Promise<T> =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result as T)
          request.onerror = () => reject(request.error)
        })
      const db = await ask<IDBDatabase>(indexedDB.open(name))
      try {
        const stores = [...new Set([...query.all, ...query.counts, ...query.gets.map(([s]) => s)])]
        const tx = db.transaction(stores, 'readonly')
        const [all, counts, gets] = await Promise.all([
          Promise.all(query.all.map((s) => ask(tx.objectStore(s).getAll()))),
          Promise.all(query.counts.map((s) => ask(tx.objectStore(s).count()))),
          Promise.all(query.gets.map(([s, key]) => ask(tx.objectStore(s).get(key)))),
        ])
        return {
          all: Object.fromEntries(query.all.map((s, i) => [s, all[i]!])),
          counts: Object.fromEntries(query.counts.map((s, i) => [s, counts[i]!])),
          gets,
        }
      } finally {
        db.close()
      }
    },
    { name: databaseName, query },
  )
}

/** The stores that must agree with the service, read straight from IndexedDB. */
export async function readCache(page: Page, databaseName: string): Promise<CacheSnapshot> {
  const { all, counts } = await queryStores(page, databaseName, {
    all: ['bills', 'billPaymentIndex', 'expenses', 'sessions'],
    counts: ['pendingDetails', 'quarantine'],
    gets: [],
  })
  return {
    ...(all as Pick<CacheSnapshot, 'bills' | 'billPaymentIndex' | 'expenses' | 'sessions'>),
    pendingDetails: counts['pendingDetails']!,
    quarantined: counts['quarantine']!,
  }
}

/** The cache's bill count and when the bills last synced in full, cheaply, during the run. */
export async function cacheProgress(
  page: Page,
  databaseName: string,
): Promise<{ bills: number; lastSuccessAt: number | null }> {
  const { counts, gets } = await queryStores(page, databaseName, {
    all: [],
    counts: ['bills'],
    gets: [['checkpoints', 'bills']],
  })
  const checkpoint = gets[0] as { lastSuccessAt?: number | null } | undefined
  return { bills: counts['bills']!, lastSuccessAt: checkpoint?.lastSuccessAt ?? null }
}

export interface RendererMemory {
  jsHeapUsed: number
  jsHeapTotal: number
  /** Blink's own garbage-collected heap (DOM and DevTools objects), beside V8's. */
  embedderHeapUsed: number
  /** navigator.storage.estimate().usage: IndexedDB and the rest of the origin's storage. */
  storageUsage: number
}

export async function openRendererProbe(page: Page): Promise<() => Promise<RendererMemory>> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  return async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN
    const { embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage')
    const storageUsage = await page.evaluate(
      async () => (await navigator.storage.estimate()).usage ?? 0,
    )
    return {
      jsHeapUsed: metric('JSHeapUsedSize'),
      jsHeapTotal: metric('JSHeapTotalSize'),
      embedderHeapUsed: embedderHeapUsedSize,
      storageUsage,
    }
  }
}

/** Takes a heap snapshot of the page (after a collection), handing its text over in chunks. */
async function takeHeapSnapshot(page: Page, onChunk: (chunk: string) => void): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => onChunk(chunk))
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    await cdp.detach()
  }
}

/**
 * Writes a heap snapshot of the page to `file` (for Chrome DevTools' Memory tab, or compared by
 * constructor between two moments of a run to find what a renderer keeps).
 */
export async function writeHeapSnapshot(page: Page, file: string): Promise<void> {
  const out = createWriteStream(file)
  try {
    await takeHeapSnapshot(page, (chunk) => out.write(chunk))
  } finally {
    await new Promise((resolve) => out.end(resolve))
  }
}

interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
}

/**
 * The bytes a heap snapshot of the page holds, by node type: V8's objects, strings, arrays and
 * closures; `code` (compiled code, which grows as the JIT warms up) and `native` (Blink's objects,
 * DevTools' record of every request the page makes among them) apart.
 */
export async function heapCensus(page: Page): Promise<Record<string, number>> {
  const chunks: string[] = []
  await takeHeapSnapshot(page, (chunk) => chunks.push(chunk))
  const { snapshot, nodes } = JSON.parse(chunks.join('')) as HeapSnapshotJson
  const fields = snapshot.meta.node_fields
  const typeAt = fields.indexOf('type')
  const sizeAt = fields.indexOf('self_size')
  const types = snapshot.meta.node_types[0]
  const bytes: Record<string, number> = {}
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]!]!
    bytes[type] = (bytes[type] ?? 0) + nodes[i + sizeAt]!
  }
  return bytes
}
