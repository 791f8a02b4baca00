import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  addLogPage,
  latestStates,
  loggedUnder,
} from '../../../../src-renderer/exports/tables/log-page-queries'
import {
  indexKeys,
  logPage,
  type LogKey,
  type LogPage,
  type PageEntry,
} from '../../../../src-renderer/exports/tables/log-pages'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'
import type { PostedState } from '../../../../src-renderer/exports/rules/export-log'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'
import { checkProperty, PROPERTY_TIMEOUT_MS } from '../../../support/fuzz-settings'

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function cache(): Promise<TillDatabase> {
  db = new TillDatabase(`till-log-pages-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await db.open()
  return db
}

const ids = (prefix: string, from: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${from + i}`)

function entryOf(id: string): JournalEntry {
  return {
    id,
    kind: 'bill',
    date: '2026-11-20',
    currency: 'USD',
    description: `Sale ${id}`,
    payee: null,
    billId: id,
    registerSessionId: null,
    locationId: 'loc1',
    paymentIds: [],
    lines: [],
  }
}

/** A page of `destinationId` writing `written` and setting the states of `set`, hashed by seq. */
function page(
  seq: number,
  destinationId: string,
  written: readonly string[],
  set: readonly string[],
): LogPage {
  const entries: PageEntry[] = written.map((key) => ({
    entryId: key,
    key,
    hash: `${seq}`,
    entry: entryOf(key),
  }))
  const states: PostedState[] = set.map((key) => ({
    key,
    revision: seq,
    liveEntryId: key,
    hash: `${seq}`,
    entry: entryOf(key),
  }))
  return logPage(seq, destinationId, `batch-${seq}`, 0, entries, states)
}

describe("the export log's index keys", () => {
  it('stand for a page of ids in sequence cut short, and for random ids or a small page in full', () => {
    expect(indexKeys(new Set(ids('B-0', 1200, 500)))).toEqual([
      'B-012',
      'B-013',
      'B-014',
      'B-015',
      'B-016',
    ])
    const random = Array.from(
      { length: 500 },
      (_, i) => `${(i * 2_654_435_761) % 4_294_967_291}-x${i}`,
    )
    expect(indexKeys(new Set(random))).toEqual(random)
    const few = ids('B-0', 1200, 4)
    expect(indexKeys(new Set(few))).toEqual(few)
  })

  it("find a key's latest state and every entry logged under it, and no neighbour's", async () => {
    const db = await cache()
    await addLogPage(db, page(0, 'xero', ids('B-', 1000, 200), ids('B-', 1000, 200)))
    await addLogPage(db, page(1, 'xero', ids('B-', 1150, 100), ids('B-', 1200, 50)))
    await addLogPage(db, page(2, 'journal-csv', ids('B-', 1000, 200), ids('B-', 1000, 200)))
    const states = await latestStates(db, 'xero', ['B-1010', 'B-1160', 'B-1220', 'B-1299'])
    expect([...states].map(([key, state]) => [key, state.hash]).sort()).toEqual([
      ['B-1010', '0'],
      // Page 1 logged an entry of B-1160 without setting its state: page 0's stands.
      ['B-1160', '0'],
      ['B-1220', '1'],
    ])
    const logged = await loggedUnder(db, [['xero', 'B-1160']])
    expect(logged.map((e) => [e.destinationId, e.key, e.batchId])).toEqual([
      ['xero', 'B-1160', 'batch-0'],
      ['xero', 'B-1160', 'batch-1'],
    ])
  })

  it('are those of its keys in a page from outside, or the keys themselves from an earlier Till', () => {
    const cut = page(0, 'xero', ids('B-', 1000, 100), ids('B-', 1000, 100))
    expect(cut.keys).toHaveLength(1)
    expect(ownRecordProblem('logPages', cut)).toBeNull()
    const inFull = { ...cut, keys: cut.entries.map((e): LogKey => ['xero', e.key]) }
    expect(ownRecordProblem('logPages', inFull)).toBeNull()
    // A page whose index leaves a key out would hide its entries from every export.
    expect(ownRecordProblem('logPages', { ...inFull, keys: inFull.keys.slice(1) })).toMatch(
      /^keys: /,
    )
    expect(ownRecordProblem('logPages', { ...cut, keys: [['xero', 'B-11']] })).toMatch(/^keys: /)
    // A key listed twice, in place of one left out.
    const twice = [inFull.keys[0]!, ...inFull.keys.slice(0, -1)]
    expect(ownRecordProblem('logPages', { ...inFull, keys: twice })).toMatch(/^keys: /)
  })

  it(
    'find what a key-by-key index would, whatever the ids are like (property)',
    async () => {
      // Keys of several shapes: in sequence (cut short), random, short enough to stay whole, and
      // payments of a bill, which share its beginning.
      const key = fc.oneof(
        fc.integer({ min: 0, max: 399 }).map((n) => `B-${1000 + n}`),
        fc.stringMatching(/^[a-z0-9]{1,12}$/),
        fc.integer({ min: 0, max: 40 }).map((n) => `payment:B-${1000 + n}-P${n % 3}`),
      )
      const pageSpec = fc.record({
        destinationId: fc.constantFrom('xero', 'journal-csv'),
        // A run of bills in sequence, as a page of one day's bills holds, and keys of any shape.
        written: fc
          .tuple(
            fc.integer({ min: 0, max: 300 }),
            fc.integer({ min: 0, max: 100 }),
            fc.uniqueArray(key, { maxLength: 12 }),
          )
          .map(([from, count, more]) => [...new Set([...ids('B-', 1000 + from, count), ...more])]),
        setShare: fc.double({ min: 0, max: 1, noNaN: true }),
        // A page an earlier Till wrote, indexed key by key.
        inFull: fc.boolean(),
      })
      await checkProperty(
        fc.asyncProperty(
          fc.array(pageSpec, { minLength: 1, maxLength: 8 }),
          fc.uniqueArray(key, { maxLength: 30 }),
          async (specs, asked) => {
            const db = await cache()
            try {
              const pages = specs.map((spec, seq) => {
                const set = spec.written.slice(0, Math.round(spec.written.length * spec.setShare))
                const made = page(seq, spec.destinationId, spec.written, set)
                return spec.inFull
                  ? { ...made, keys: spec.written.map((k): LogKey => [spec.destinationId, k]) }
                  : made
              })
              for (const p of pages) await addLogPage(db, p)
              for (const destinationId of ['xero', 'journal-csv']) {
                const expected = new Map<string, string>()
                for (const p of pages)
                  if (p.destinationId === destinationId)
                    for (const s of p.states) if (asked.includes(s.key)) expected.set(s.key, s.hash)
                const found = await latestStates(db, destinationId, asked)
                expect(new Map([...found].map(([k, s]) => [k, s.hash]))).toEqual(expected)

                const keys = asked.map((k): LogKey => [destinationId, k])
                const logged = await loggedUnder(db, keys)
                const expectedLogged = pages
                  .filter((p) => p.destinationId === destinationId)
                  .flatMap((p) =>
                    p.entries.filter((e) => asked.includes(e.key)).map((e) => `${p.seq} ${e.key}`),
                  )
                expect(logged.map((e) => `${e.batchId.slice(6)} ${e.key}`).sort()).toEqual(
                  expectedLogged.sort(),
                )
              }
            } finally {
              db.close()
            }
          },
        ),
        60,
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})
