import type { Transaction } from 'dexie'

/**
 * Cache version 16: the export log kept as rows (an entry per row, a state per destination and
 * key per row, cache versions 12–15) becomes pages (../../exports/tables/log-pages.ts). A run that never committed
 * is rolled back first, as the next export would have done. Each committed batch's entries make
 * its pages, oldest batch first; the states then make pages of their own after them, so each
 * key's current state is in the latest page that holds a state for it.
 *
 * Frozen with the row shapes it reads and writes: the page's schema, its making (`logPage`, with
 * `keysOf`, `indexKeys` and `cutShort`) and `addPages` copied on 2026-12-07 from
 * exports/tables/log-pages.ts, so the live pages may change (with a version of their own to carry them
 * over) without changing the pages this upgrade makes.
 */

/** The log pages' store as version 16 declares it. */
export const LOG_PAGES_SCHEMA = 'seq, [batchId+seq], *keys'

/** A posting key's state, carried whole into its page. */
interface PostedState {
  key: string
}

/** A logged entry as the rows kept it. */
interface LoggedEntry {
  destinationId: string
  entryId: string
  key: string
  batchId: string
  position: number
  hash: string
  entry: unknown
}

type PageEntry = Pick<LoggedEntry, 'entryId' | 'key' | 'hash' | 'entry'>

/** What the upgrade reads of an export batch. */
interface StoredBatch {
  id: string
  destinationId: string
  createdAt?: string
}

interface LogPage {
  seq: number
  destinationId: string
  batchId: string
  first: number
  entries: PageEntry[]
  states: PostedState[]
  keys: [destinationId: string, key: string][]
}

/** How many characters a page's index may cut off the end of its keys. */
const CUT = 2
/** A page's keys are indexed cut short when that makes them at most this share as many. */
const CUT_WHEN_SHARE = 1 / 8

function cutShort(key: string): string {
  return key.length > CUT ? key.slice(0, key.length - CUT) : key
}

/** The keys cut short where most of them share their beginnings, else the keys themselves. */
function indexKeys(keys: ReadonlySet<string>): string[] {
  const cut = new Set([...keys].map(cutShort))
  return cut.size <= keys.size * CUT_WHEN_SHARE ? [...cut] : [...keys]
}

function logPage(
  seq: number,
  destinationId: string,
  batchId: string,
  first: number,
  entries: PageEntry[],
  states: PostedState[],
): LogPage {
  const keys = new Set([...entries.map((e) => e.key), ...states.map((s) => s.key)])
  return {
    seq,
    destinationId,
    batchId,
    first,
    entries,
    states,
    keys: indexKeys(keys).map((key) => [destinationId, key]),
  }
}

function addPages(tx: Transaction['idbtrans'], pages: readonly LogPage[]): Promise<void> {
  const store = tx.objectStore('logPages')
  return Promise.all(
    pages.map(
      (page) =>
        new Promise<void>((resolve, reject) => {
          const request = store.add(page)
          request.onsuccess = () => resolve()
          request.onerror = () => reject(request.error)
        }),
    ),
  ).then(() => undefined)
}

/** A posting state as the rows kept it. */
type RowState = PostedState & { destinationId: string }

interface ReplacedRow {
  batchId: string
  key: string
  state: RowState
}

const PAGE = 500

/** The pages of one batch's entries, given in the order written, from `seq` on. */
function entryPages(seq: number, batch: StoredBatch, rows: readonly LoggedEntry[]): LogPage[] {
  const pages: LogPage[] = []
  for (let i = 0; i < rows.length; i += PAGE) {
    const slice = rows.slice(i, i + PAGE)
    pages.push(
      logPage(
        seq + pages.length,
        batch.destinationId,
        batch.id,
        slice[0]!.position,
        slice.map(({ entryId, key, hash, entry }) => ({ entryId, key, hash, entry })),
        [],
      ),
    )
  }
  return pages
}

/** Pages of states, each of one destination, from `seq` on; `rows` in destination order. */
function statePages(seq: number, rows: readonly RowState[]): LogPage[] {
  const pages: LogPage[] = []
  let start = 0
  for (let i = 1; i <= rows.length; i++) {
    const destinationId = rows[start]!.destinationId
    if (i < rows.length && rows[i]!.destinationId === destinationId && i - start < PAGE) continue
    const states = rows.slice(start, i).map(({ destinationId: _, ...state }) => state)
    pages.push(logPage(seq + pages.length, destinationId, '', 0, [], states))
    start = i
  }
  return pages
}

/** Batches oldest first, ties and batches without a time in the order given. */
function sortedByTime(batches: readonly StoredBatch[]): StoredBatch[] {
  return batches.toSorted((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
}

/** Rows carried over so far, of all there are; called as the upgrade goes. */
type RowsCarried = (done: number, total: number) => void

export async function upgradeToLogPages(
  tx: Transaction,
  onProgress: RowsCarried = () => undefined,
): Promise<void> {
  const logged = tx.table<LoggedEntry>('loggedEntries')
  const states = tx.table<RowState, [string, string]>('postedStates')
  const replaced = tx.table<ReplacedRow, [string, string]>('replacedPostings')
  const runs = tx.table<{ id: string }, string>('exportRuns')
  const batchLog = (batchId: string, after = -1) =>
    logged.where('[batchId+position]').between([batchId, after], [batchId, Infinity], false, true)

  for (const run of await runs.toArray()) {
    let after = -1
    for (;;) {
      const rows = await batchLog(run.id, after).limit(PAGE).toArray()
      if (rows.length === 0) break
      const keys = [...new Map(rows.map((r) => [`${r.destinationId}\u0000${r.key}`, r])).values()]
      const kept = await replaced.bulkGet(keys.map((r) => [run.id, r.key]))
      await states.bulkDelete(
        keys.filter((_, i) => kept[i] === undefined).map((r) => [r.destinationId, r.key]),
      )
      await states.bulkPut(kept.flatMap((r) => (r ? [r.state] : [])))
      after = rows[rows.length - 1]!.position
    }
    await batchLog(run.id).delete()
    await runs.delete(run.id)
  }

  const total = (await logged.count()) + (await states.count())
  let done = 0
  const carried = (rows: number): void => {
    done += rows
    onProgress(done, total)
  }
  onProgress(0, total)
  let seq = 0
  // In memory, as there are few: a batch of an early version may lack its time, and an index
  // leaves such rows out.
  const batches = sortedByTime(await tx.table<StoredBatch, string>('exportBatches').toArray())
  for (const batch of batches) {
    let after = -1
    for (;;) {
      const rows = await batchLog(batch.id, after).limit(PAGE).toArray()
      if (rows.length === 0) break
      const made = entryPages(seq, batch, rows)
      await addPages(tx.idbtrans, made)
      seq += made.length
      carried(rows.length)
      after = rows[rows.length - 1]!.position
    }
  }

  let after: [string, string] | null = null
  for (;;) {
    const rows: RowState[] = await (
      after === null ? states.orderBy(':id') : states.where(':id').above(after)
    )
      .limit(PAGE)
      .toArray()
    if (rows.length === 0) break
    const made = statePages(seq, rows)
    await addPages(tx.idbtrans, made)
    seq += made.length
    carried(rows.length)
    const last = rows[rows.length - 1]!
    after = [last.destinationId, last.key]
  }
}
