import { unzipSync } from 'fflate'
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { partFileName } from '../../../../src-shared/bridge/schemas/exports'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { OutputChunk } from '../../../../src-renderer/exports/rules/formats/output'
import type { JournalBill } from '../../../../src-renderer/exports/rules/journal'
import {
  nothingNew,
  runExport,
  type ChunkSink,
  type ExportWhat,
  type RunExportOptions,
} from '../../../../src-renderer/exports/jobs/run-export'
import { logPage, pageEntry, type LogPage } from '../../../../src-renderer/exports/tables/log-pages'
import { batchPages, nextSeq } from '../../../../src-renderer/exports/tables/log-page-queries'
import { plannedHash } from '../../../support/exports/planned-hash'
import { allLogged, standingStates } from '../../../support/exports/log-pages'
import { billPages } from '../../../../src-renderer/exports/jobs/run-export-pages'
import {
  downloadSink,
  openMainFile,
  writeToSink,
} from '../../../../src-renderer/exports/jobs/file-sinks'
import type { TillBridge } from '../../../../src-renderer/bridge/bridge-client'
import { MAX_EXPORT_CHUNK_CHARS } from '../../../../src-shared/bridge/schemas/exports'
import { parseCsv } from '../../../support/exports/csv-parse'
import { payment, sale } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'

let db: TillDatabase | undefined
afterEach(() => {
  vi.restoreAllMocks()
  db?.close()
})

const LOCATIONS = ['loc2', 'loc1']
const DATES = ['2026-11-21', '2026-11-19', '2026-11-20']

/** Bills over two locations and three dates, put in an order unlike the export's. */
function manyBills(perDay: number): JournalBill[] {
  const bills: JournalBill[] = []
  for (const locationId of LOCATIONS)
    for (const businessDate of DATES)
      for (let i = perDay; i > 0; i--) {
        const id = `${locationId}-${businessDate}-${String(i).padStart(3, '0')}`
        bills.push(
          sale({
            id,
            number: id,
            locationId,
            businessDate,
            registerSessionId: null,
            payments: [payment(`p-${id}`, 'cash', 1685, { registerSessionId: null })],
          }),
        )
      }
  return bills
}

async function shop(bills: JournalBill[]): Promise<TillDatabase> {
  db = new TillDatabase(`till-stream-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  return db
}

function options(database: TillDatabase, more: Partial<RunExportOptions> = {}): RunExportOptions {
  return {
    db: database,
    what: 'journal-csv',
    range: { from: '2026-11-19', to: '2026-11-21', locationId: '' },
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    sliceSize: 4,
    ...more,
  }
}

/** A sink that keeps what it was given and what was asked of it, in order. */
function recordingSink(onFinish: () => Promise<void> = async () => undefined) {
  const calls: string[] = []
  const parts: string[] = []
  const sink: ChunkSink = {
    async write({ part, text }: OutputChunk) {
      calls.push(`write ${part}`)
      parts[part - 1] = (parts[part - 1] ?? '') + text
    },
    async finish() {
      calls.push('finish')
      await onFinish()
      return parts.map((_, i) => `part-${i + 1}`)
    },
    async abort() {
      calls.push('abort')
    },
  }
  return { sink, calls, parts }
}

async function logRows(database: TillDatabase) {
  return {
    postings: (await standingStates(database)).size,
    entries: (await allLogged(database)).length,
    batches: await database.exportBatches.count(),
    runs: await database.exportRuns.count(),
  }
}

/** The log with no run under way: what a committed or rolled back export leaves. */
const settled = (postings: number, entries: number, batches: number) => ({
  postings,
  entries,
  batches,
  runs: 0,
})

const entryIds = (csv: string): string[] => [
  ...new Set(
    parseCsv(csv.replace(/^\uFEFF/, ''))
      .slice(1)
      .filter((r) => r.length > 1)
      .map((r) => r[0]!),
  ),
]

/** The first bill's entry in `exportedOnce`'s shop. */
const FIRST = 'loc1-2026-11-19-001'

/** A shop of a bill a day, its journal exported once (batch `one`), and its first entry's state. */
async function exportedOnce() {
  const database = await shop(manyBills(1))
  await writeToSink(
    runExport(options(database, { batchId: 'one' })),
    recordingSink().sink,
    nothingNew('journal-csv'),
  )
  const stateOf = async (key: string) => (await standingStates(database)).get(`journal-csv ${key}`)
  return { database, stateOf, committed: (await stateOf(FIRST))! }
}

describe('an export streamed from the cache', () => {
  it('reads bills a page at a time, each once, by location, business date and id', async () => {
    const bills = manyBills(5)
    const database = await shop(bills)
    const pages: string[][] = []
    for await (const page of billPages(
      database,
      { from: '2026-11-19', to: '2026-11-21', locationId: '' },
      ['loc1', 'loc2'],
      4,
      undefined,
    ))
      pages.push(page.map((b) => b.id))
    expect(pages.every((p) => p.length > 0 && p.length <= 4)).toBe(true)
    const expected = bills
      .map((b) => [b.locationId, b.businessDate, b.id])
      .sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')))
      .map(([, , id]) => id)
    expect(pages.flat()).toEqual(expected)
  })

  it('writes the log as it goes and commits it before the file is finished', async () => {
    const database = await shop(manyBills(3))
    let atFinish: Awaited<ReturnType<typeof logRows>> | null = null
    const { sink, calls, parts } = recordingSink(async () => {
      atFinish = await logRows(database)
    })
    const { result, files } = await writeToSink(
      runExport(options(database)),
      sink,
      nothingNew('journal-csv'),
    )
    expect(result.entryCount).toBe(18)
    expect(files).toEqual(['part-1'])
    expect(calls.at(-1)).toBe('finish')
    expect(atFinish).toEqual(settled(18, 18, 1))
    expect(entryIds(parts[0]!)).toHaveLength(18)

    const again = recordingSink()
    const second = await writeToSink(
      runExport(options(database)),
      again.sink,
      nothingNew('journal-csv'),
    )
    expect(second.files).toEqual([])
    expect(again.calls.at(-1)).toBe('abort')
    expect(await logRows(database)).toEqual(settled(18, 18, 1))
  })

  it('a sink that fails mid-export changes nothing and is aborted', async () => {
    const database = await shop(manyBills(3))
    const { sink, calls } = recordingSink()
    let writes = 0
    const failing: ChunkSink = {
      ...sink,
      write: async (chunk) => {
        if (++writes === 3) throw new Error('disk full')
        await sink.write(chunk)
      },
    }
    await expect(
      writeToSink(runExport(options(database)), failing, nothingNew('journal-csv')),
    ).rejects.toThrow('disk full')
    expect(calls.at(-1)).toBe('abort')
    expect(calls).not.toContain('finish')
    expect(await logRows(database)).toEqual(settled(0, 0, 0))
    // The lock is free again and the whole range is still new.
    const after = recordingSink()
    const { result } = await writeToSink(
      runExport(options(database)),
      after.sink,
      nothingNew('journal-csv'),
    )
    expect(result.entryCount).toBe(18)
  })

  it('a log write that fails while the next page is made fails the export and changes nothing', async () => {
    const database = await shop(manyBills(3))
    // The store refuses the page holding the tenth entry, as a full disk would.
    const realAdd = IDBObjectStore.prototype.add
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: InstanceType<typeof IDBObjectStore>,
      value: unknown,
      key?: Parameters<typeof realAdd>[1],
    ) {
      const page = value as LogPage
      if (this.name === 'logPages' && page.first <= 9 && page.first + page.entries.length > 9)
        throw new DOMException('quota exceeded', 'QuotaExceededError')
      return realAdd.call(this, value, key)
    })
    const { sink, calls } = recordingSink()
    await expect(
      writeToSink(runExport(options(database)), sink, nothingNew('journal-csv')),
    ).rejects.toThrow('quota exceeded')
    expect(calls.at(-1)).toBe('abort')
    expect(calls).not.toContain('finish')
    expect(await logRows(database)).toEqual(settled(0, 0, 0))
  })

  it('writes entries and states as it goes; taken back, it leaves nothing', async () => {
    const database = await shop(manyBills(1))
    const left = recordingSink()
    const generator = runExport(options(database, { sliceSize: 1 }))
    for (let i = 0; i < 3; i++) await left.sink.write((await generator.next()).value as OutputChunk)
    const during = await logRows(database)
    expect(during).toMatchObject({ batches: 0, runs: 1 })
    expect(during.entries).toBeGreaterThan(0)
    expect(during.postings).toBe(during.entries)
    await generator.return(undefined as never)
    expect(await logRows(database)).toEqual(settled(0, 0, 0))
  })

  it('a cancelled re-export puts back the states it replaced, exactly', async () => {
    const { database, stateOf, committed } = await exportedOnce()
    const bill = (await database.bills.get(FIRST))!
    await database.bills.put({
      ...bill,
      payments: [payment(`p-${FIRST}`, 'card', 1685, { registerSessionId: null })],
    })

    const controller = new AbortController()
    const sink = recordingSink()
    const generator = runExport(
      options(database, { batchId: 'two', sliceSize: 1, signal: controller.signal }),
    )
    await sink.sink.write((await generator.next()).value as OutputChunk)
    await sink.sink.write((await generator.next()).value as OutputChunk)
    expect((await stateOf(FIRST))?.revision).toBe(1)
    controller.abort()
    await expect(writeToSink(generator, sink.sink, nothingNew('journal-csv'))).rejects.toThrow(
      /cancelled/,
    )

    expect(await stateOf(FIRST)).toEqual(committed)
    expect(await logRows(database)).toEqual(settled(6, 6, 1))
    const third = recordingSink()
    await writeToSink(runExport(options(database)), third.sink, nothingNew('journal-csv'))
    expect(entryIds(third.parts[0]!)).toEqual([`${FIRST}:reversal`, `${FIRST}:adj:1`])
  })

  it('rolls back what a run that never ended left, before planning', async () => {
    const { database, stateOf, committed } = await exportedOnce()
    // What a window closed mid-export leaves: its run, and a page of its entries with the
    // states they set (one replacing a committed state, one new).
    const changed = { ...committed.entry, id: `${FIRST}:adj:1` }
    const planned = (key: string, entry: typeof changed) => ({
      key,
      entry,
      hash: plannedHash(entry),
    })
    await database.exportRuns.put({ id: 'killed', startedAt: '2026-11-21T00:00:00Z' })
    await database.logPages.add(
      logPage(
        await nextSeq(database),
        'journal-csv',
        'killed',
        0,
        [planned(FIRST, changed), planned('ghost', { ...changed, id: 'ghost' })].map(pageEntry),
        [
          { ...committed, revision: 1, liveEntryId: `${FIRST}:adj:1`, hash: 'changed' },
          { ...committed, key: 'ghost', liveEntryId: 'ghost' },
        ],
      ),
    )
    expect((await stateOf(FIRST))?.revision).toBe(1)

    const next = recordingSink()
    const { result } = await writeToSink(
      runExport(options(database)),
      next.sink,
      nothingNew('journal-csv'),
    )
    expect(result.entryCount).toBe(0)
    expect(await stateOf(FIRST)).toEqual(committed)
    expect(await stateOf('ghost')).toBeUndefined()
    expect(await batchPages(database, 'killed').count()).toBe(0)
    expect(await logRows(database)).toEqual(settled(6, 6, 1))
  })

  it('two exports at once never post the same entry twice', async () => {
    const database = await shop(manyBills(2))
    const [a, b] = await Promise.all(
      ['a', 'b'].map((batchId) =>
        writeToSink(
          runExport(options(database, { batchId })),
          recordingSink().sink,
          nothingNew('journal-csv'),
        ),
      ),
    )
    expect([a!.result.entryCount, b!.result.entryCount].sort()).toEqual([0, 12])
    expect(await allLogged(database)).toHaveLength(12)
  })

  it('refuses a range that ends before it starts, before reading anything', async () => {
    const database = await shop(manyBills(1))
    const { sink, calls } = recordingSink()
    await expect(
      writeToSink(
        runExport(
          options(database, {
            what: 'bills',
            range: { from: '2026-11-21', to: '2026-11-19', locationId: '' },
          }),
        ),
        sink,
        nothingNew('bills' satisfies ExportWhat),
      ),
    ).rejects.toThrow(/ends .* before it starts/)
    expect(calls).toEqual(['abort'])
  })
})

describe('sinks', () => {
  it('cuts text for main into capped pieces, never inside a surrogate pair', async () => {
    const writes: string[] = []
    const bridge = {
      call: async (channel: string, input?: { text?: string }) => {
        if (channel === 'exports.open') return { handle: 'h1' }
        if (channel === 'exports.write') writes.push(input!.text!)
        if (channel === 'exports.finish') return { files: ['x.csv'] }
        return undefined
      },
    } as unknown as TillBridge
    const sink = (await openMainFile(bridge, { kind: 'dialog', suggestedName: 'x.csv' }))!
    const max = MAX_EXPORT_CHUNK_CHARS
    // The first pair stands across the cap, so the piece before it ends one short.
    const text = `${'a'.repeat(max - 1)}😀${'b'.repeat(max - 2)}😀${'c'.repeat(max)}`
    await sink.write({ part: 1, text })
    await sink.write({ part: 1, text: '' })
    expect(writes.join('')).toBe(text)
    expect(writes.at(-1)).toBe('')
    for (const piece of writes) {
      expect(piece.length).toBeLessThanOrEqual(max)
      expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/)
    }
    expect(writes.length).toBe(5)
  })

  it('a download of several parts saves one zip of the numbered parts, only when finished', async () => {
    const saved: { name: string; blob: Blob; type: string }[] = []
    const sink = downloadSink('till-xero-2026-11-20.csv', 'text/csv', (blob, name) => {
      saved.push({ name, blob, type: blob.type })
    })
    const chunks1 = async function* (): AsyncGenerator<OutputChunk> {
      yield { part: 1, text: 'h\r\na\r\n' }
    }
    const chunks = async function* (): AsyncGenerator<OutputChunk> {
      yield { part: 1, text: 'h\r\na\r\n' }
      yield { part: 2, text: 'h\r\n' }
      yield { part: 2, text: 'b\r\n' }
    }
    const { files: names } = await writeToSink(chunks(), sink)
    expect(names).toEqual(['till-xero-2026-11-20.zip'])
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: 'till-xero-2026-11-20.zip', type: 'application/zip' })
    const files = unzipSync(new Uint8Array(await saved[0]!.blob.arrayBuffer()))
    const decoder = new TextDecoder()
    expect(Object.keys(files)).toEqual(
      [1, 2].map((n) => partFileName('till-xero-2026-11-20.csv', n, 2)),
    )
    expect(Object.values(files).map((bytes) => decoder.decode(bytes))).toEqual([
      'h\r\na\r\n',
      'h\r\nb\r\n',
    ])

    const one: { name: string; blob: Blob }[] = []
    const single = downloadSink('till-xero-2026-11-21.csv', 'text/csv', (blob, name) => {
      one.push({ name, blob })
    })
    expect((await writeToSink(chunks1(), single)).files).toEqual(['till-xero-2026-11-21.csv'])
    expect(one.map((s) => s.name)).toEqual(['till-xero-2026-11-21.csv'])
    expect(await one[0]!.blob.text()).toBe('h\r\na\r\n')
  })

  it('a failed download saves nothing', async () => {
    let saves = 0
    const sink = downloadSink('x.csv', 'text/csv', () => void saves++)
    const chunks = async function* (): AsyncGenerator<OutputChunk> {
      yield { part: 1, text: 'a' }
      throw new Error('cancelled')
    }
    await expect(writeToSink(chunks(), sink)).rejects.toThrow('cancelled')
    expect(saves).toBe(0)
  })
})
