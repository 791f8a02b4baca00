import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type pg from 'pg'
import {
  startBrowserShellServer,
  type BrowserShell,
} from '../../../../src-main/browser-shell/server'
import { createLogger } from '../../../../src-main/logging/logger'
import { createServices } from '../../../../src-main/services'
import {
  BridgeCallError,
  createBridgeClient,
  type TillBridge,
} from '../../../../src-renderer/bridge/bridge-client'
import { callOverHttp } from '../../../../src-renderer/bridge/http-call'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import type { StoredBatch } from '../../../../src-renderer/exports/tables/export-rows'
import { logPage, type PageEntry } from '../../../../src-renderer/exports/tables/log-pages'
import { joinSharedBooks } from '../../../../src-renderer/shared-books/jobs/join-shared-books'
import { sharedExportCommit } from '../../../../src-renderer/shared-books/jobs/shared-export'
import type { UploadProgress } from '../../../../src-renderer/shared-books/jobs/staged-upload'
import { sharedBatchOf } from '../../../../src-renderer/shared-books/tables/shared-export-log'
import { bills, closePcs, pc } from '../../../support/backup/pcs'
import { memorySecrets } from '../../../support/memory-secrets'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'

/**
 * Any size commits through both shells (docs/shared-books.md#any-size-commits): main's real
 * services in this process behind the browser shell's real HTTP server, called by the renderer's
 * real HTTP transport, or reached as the desktop shell's IPC reaches them; on a real PostgreSQL.
 * The browser shell takes 1 MiB a call; a batch of 100,000 entries is some 30 MB of JSON.
 */

const TOKEN = 'launch-token-for-staged-upload-tests'
const PROFILE = 'shop'
const ENTRIES = 100_000
const PAGE = 500

let server: TestPostgres
let shell: BrowserShell
let stopMain: () => Promise<void>
let dispatch: ReturnType<typeof createServices>['dispatch']
let pool: pg.Pool
/** The size in bytes of each bridge call's body the shell was sent. */
const bodies: number[] = []
/** Makes the next stage of part `n` fail on the way, as a dropped network would. */
let failPart: number | null = null
let database = 0

beforeAll(async () => {
  server = await startTestPostgres()
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'till-staged-')),
    secrets: memorySecrets(),
    shell: 'browser',
    version: 'test',
    openExternal: async () => undefined,
  })
  stopMain = () => services.stop()
  dispatch = services.dispatch
  shell = await startBrowserShellServer({
    port: 0,
    rendererDir: mkdtempSync(join(tmpdir(), 'till-renderer-')),
    token: TOKEN,
    dispatch: services.dispatch,
    events: services.events,
    log: createLogger('test'),
  })
  // The page's fetch: its own origin, signed in with the launch token as the page is.
  const realFetch = globalThis.fetch
  let cookie = ''
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? init.body : ''
    if (path.startsWith('/bridge/call/')) bodies.push(Buffer.byteLength(body))
    const part = /"part":(\d+)/.exec(body.slice(0, 300))
    if (path.endsWith('sharedBooks.stagePart') && part && Number(part[1]) === failPart) {
      failPart = null
      throw new TypeError('fetch failed')
    }
    if (!cookie) {
      const signedIn = await realFetch(`http://127.0.0.1:${shell.port}/bridge/session`, {
        method: 'POST',
        headers: { 'X-Till-Token': TOKEN },
      })
      cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    }
    const answer = await realFetch(`http://127.0.0.1:${shell.port}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
    })
    return answer
  })
}, 60_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  closePcs()
  await shell?.close()
  await stopMain?.()
  await server?.stop()
})

/** The renderer's bridge through the shell, joined to a fresh database of its own. */
function shellBridge(): Promise<TillBridge> {
  return bridgeOnFreshBooks(
    createBridgeClient({ call: callOverHttp, subscribe: () => () => undefined }),
  )
}

/** The channels each call of the desktop shell's bridge named, in order. */
const desktopCalls: string[] = []

/**
 * The renderer's bridge as the desktop shell has it: each call reaches main's dispatcher as its
 * IPC handler does, the input a structured clone of what the page sent, with no bound on size.
 */
function desktopBridge(): Promise<TillBridge> {
  return bridgeOnFreshBooks(
    createBridgeClient({
      call: (channel, input) => {
        desktopCalls.push(channel)
        return dispatch(channel, structuredClone(input))
      },
      subscribe: () => () => undefined,
    }),
  )
}

async function bridgeOnFreshBooks(bridge: TillBridge): Promise<TillBridge> {
  const name = `books_${++database}`
  await server.createDatabase(name)
  pool = server.pool(name)
  await bridge.call('sharedBooks.settings.save', {
    profileId: PROFILE,
    url: server.url(name),
    password: server.password,
  })
  return bridge
}

const place = (pcName: string) => ({ profileId: PROFILE, storeId: 'store-1', pcName })

/** A journal entry as an export writes it, with words in other scripts (and a pair of surrogates). */
function pageEntry(n: number): PageEntry {
  const key = `bill:B-${String(n).padStart(6, '0')}`
  return {
    entryId: key,
    key,
    hash: n.toString(16).padStart(16, '0'),
    entry: {
      id: key,
      date: '2026-11-20',
      narration: `Penjualan “Kemang” № ${n} 🧾`,
      lines: [
        { account: '1000 Kas', amount: 5000 + n, currency: 'IDR' },
        { account: '4000 Penjualan', amount: -(5000 + n), currency: 'IDR' },
      ],
    },
  } as unknown as PageEntry
}

/** Writes a committed batch of `count` entries from entry `from` on, its pages as an export does. */
async function writeBatch(
  db: TillDatabase,
  id: string,
  destinationId: string,
  from: number,
  count: number,
): Promise<StoredBatch> {
  const batch = {
    id,
    destinationId,
    createdAt: new Date(Date.UTC(2026, 10, 21, 0, 0, from / 1000)).toISOString(),
    granularity: 'bill',
    target: { format: 'xero' },
    what: 'xero',
    range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
    entryCount: count,
  } as unknown as StoredBatch
  const pages = []
  for (let first = 0; first < count; first += PAGE) {
    const entries = Array.from({ length: Math.min(PAGE, count - first) }, (_, i) =>
      pageEntry(from + first + i),
    )
    pages.push(
      logPage(
        (await db.logPages.count()) + pages.length + 1,
        destinationId,
        id,
        first,
        entries,
        [],
      ),
    )
  }
  await db.logPages.bulkAdd(pages)
  await db.exportBatches.put(batch)
  return batch
}

/** What the books hold for everyone to see: shared rows and export log entries. */
async function visible(): Promise<{ rows: number; logged: number }> {
  const rows = await pool.query('SELECT count(*)::int AS n FROM till_rows')
  const logged = await pool.query('SELECT count(*)::int AS n FROM till_export_log')
  return { rows: rows.rows[0].n, logged: logged.rows[0].n }
}

describe('a batch of 100,000 entries through the browser shell', () => {
  it('sent whole it is refused by the shell, which says the request was too large', async () => {
    const bridge = await shellBridge()
    const db = await pc(bills())
    const batch = await writeBatch(db, 'batch-whole', 'xero', 0, 10_000)
    const error = await bridge
      .call('sharedBooks.appendExport', {
        profileId: PROFILE,
        storeId: 'store-1',
        destinationId: 'xero',
        expectedSeq: 0,
        batchId: batch.id,
        by: 'Office PC',
        batch: await sharedBatchOf(db, batch),
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeCallError)
    expect((error as BridgeCallError).kind).not.toBe('network')
    expect((error as Error).message).toBe(
      `The request was too large for this shell (it takes at most ${1024 * 1024} bytes a call).`,
    )
    expect(await visible()).toEqual({ rows: 0, logged: 0 })
  }, 60_000)

  it('an export commits in parts each under 1 MiB, with progress, and reads back whole', async () => {
    const bridge = await shellBridge()
    const db = await pc(bills())
    const batch = await writeBatch(db, 'batch-large', 'xero', 0, ENTRIES)
    // As an export run has it when it commits: its pages written, the batch not yet counted here.
    await db.exportBatches.delete(batch.id)
    const progress: UploadProgress[] = []
    bodies.length = 0
    await sharedExportCommit(db, bridge, place('Office PC'), (p) => progress.push(p)).commit(batch)

    expect(progress.length).toBeGreaterThan(1)
    expect(progress.map((p) => p.sent)).toEqual(progress.map((_, i) => i + 1))
    expect(progress.every((p) => p.parts === progress.length)).toBe(true)
    // The parts, then the call that appends them; none near the shell's limit.
    expect(bodies).toHaveLength(progress.length + 1)
    expect(Math.max(...bodies)).toBeLessThan(1024 * 1024)

    const { entries } = await bridge.call('sharedBooks.exportLog', {
      profileId: PROFILE,
      storeId: 'store-1',
      destinationId: 'xero',
      afterSeq: 0,
    })
    expect(entries.map((e) => [e.seq, e.batchId, e.by])).toEqual([[1, batch.id, 'Office PC']])
    expect(entries[0]!.batch).toEqual(JSON.parse(JSON.stringify(await sharedBatchOf(db, batch))))
    expect(await visible()).toEqual({ rows: 1, logged: 1 })
    expect((await pool.query('SELECT count(*)::int AS n FROM till_staged_parts')).rows[0].n).toBe(0)
  }, 180_000)
})

describe('joining with an export log of 100,000 entries through the browser shell', () => {
  it('a part lost midway leaves the books as they were; joining again uploads the whole log in order', async () => {
    const bridge = await shellBridge()
    const db = await pc(bills())
    const quarter = ENTRIES / 4
    const logs = {
      xero: [
        await writeBatch(db, 'x-1', 'xero', 0, quarter),
        await writeBatch(db, 'x-2', 'xero', quarter, quarter),
      ],
      hledger: [
        await writeBatch(db, 'h-1', 'hledger', 2 * quarter, quarter),
        await writeBatch(db, 'h-2', 'hledger', 3 * quarter, quarter),
      ],
    }
    failPart = 40
    await expect(joinSharedBooks(db, bridge, place('Laptop'))).rejects.toThrow()
    expect(failPart).toBeNull()
    expect(await visible()).toEqual({ rows: 0, logged: 0 })

    const progress: UploadProgress[] = []
    expect(await joinSharedBooks(db, bridge, place('Laptop'), (p) => progress.push(p))).toEqual({
      started: true,
      found: 0,
    })
    expect(progress.at(-1)!.sent).toBe(progress.at(-1)!.parts)
    expect(progress.at(-1)!.parts).toBeGreaterThan(40)
    for (const [destinationId, batches] of Object.entries(logs)) {
      const { entries } = await bridge.call('sharedBooks.exportLog', {
        profileId: PROFILE,
        storeId: 'store-1',
        destinationId,
        afterSeq: 0,
      })
      expect(entries.map((e) => [e.seq, e.batchId])).toEqual(batches.map((b, i) => [i + 1, b.id]))
      expect(
        entries.reduce((sum, e) => sum + (e.batch as { batch: StoredBatch }).batch.entryCount, 0),
      ).toBe(2 * quarter)
    }
  }, 240_000)
})

describe('100,000 entries through the desktop shell', () => {
  it('an export commits in parts inside one append, with progress, and reads back whole', async () => {
    const bridge = await desktopBridge()
    const db = await pc(bills())
    const batch = await writeBatch(db, 'batch-desktop', 'xero', 0, ENTRIES)
    await db.exportBatches.delete(batch.id)
    const progress: UploadProgress[] = []
    desktopCalls.length = 0
    await sharedExportCommit(db, bridge, place('Office PC'), (p) => progress.push(p)).commit(batch)

    expect(progress.length).toBeGreaterThan(1)
    expect(progress.map((p) => p.sent)).toEqual(progress.map((_, i) => i + 1))
    expect(desktopCalls).toEqual([
      ...progress.map(() => 'sharedBooks.stagePart'),
      'sharedBooks.appendStaged',
    ])
    const { entries } = await bridge.call('sharedBooks.exportLog', {
      profileId: PROFILE,
      storeId: 'store-1',
      destinationId: 'xero',
      afterSeq: 0,
    })
    expect(entries.map((e) => [e.seq, e.batchId])).toEqual([[1, batch.id]])
    expect(entries[0]!.batch).toEqual(JSON.parse(JSON.stringify(await sharedBatchOf(db, batch))))
    expect(await visible()).toEqual({ rows: 1, logged: 1 })
  }, 180_000)

  it('joining with an export log of that size uploads it in parts, with progress, every batch in order', async () => {
    const bridge = await desktopBridge()
    const db = await pc(bills())
    const half = ENTRIES / 2
    const batches = [
      await writeBatch(db, 'd-1', 'xero', 0, half),
      await writeBatch(db, 'd-2', 'xero', half, half),
    ]
    const progress: UploadProgress[] = []
    expect(await joinSharedBooks(db, bridge, place('Laptop'), (p) => progress.push(p))).toEqual({
      started: true,
      found: 0,
    })
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.at(-1)!.sent).toBe(progress.at(-1)!.parts)
    const { entries } = await bridge.call('sharedBooks.exportLog', {
      profileId: PROFILE,
      storeId: 'store-1',
      destinationId: 'xero',
      afterSeq: 0,
    })
    expect(entries.map((e) => [e.seq, e.batchId])).toEqual(batches.map((b, i) => [i + 1, b.id]))
    expect(
      entries.reduce((sum, e) => sum + (e.batch as { batch: StoredBatch }).batch.entryCount, 0),
    ).toBe(ENTRIES)
  }, 240_000)
})
