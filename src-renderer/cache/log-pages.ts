import type { Transaction } from 'dexie'
import type { TillDatabase } from './database'
import type { LoggedEntry, PlannedEntry, PostedState } from '../domain/journal/export-log'

/**
 * The export log as pages (cache version 16): each page an export run writes holds the entries
 * it wrote, in order, and the posting states it set, in one record. IndexedDB costs about the
 * same per record whatever its size, and the log wrote two records per entry before (the entry,
 * the key's state), which was four fifths of an export's time.
 *
 * A key's state is the one in the latest page (highest `seq`) that set it: a later export's page
 * supersedes it, and a run rolled back takes its pages away, which puts the earlier states back
 * by itself. Pages are found by key through a multi-entry index of `[destinationId, key]` pairs.
 */

/** One logged entry in its page; its position in the batch is the page's `first` plus its index. */
export type PageEntry = Pick<LoggedEntry, 'entryId' | 'key' | 'hash' | 'entry'>

/** A destination's posting key as the pages index it. */
export type LogKey = [destinationId: string, key: string]

export interface LogPage {
  /** The order pages were written in, over every run; the primary key. */
  seq: number
  destinationId: string
  /** The batch (export run) that wrote the page; '' for states carried over from before pages. */
  batchId: string
  /** The batch position of the page's first entry. */
  first: number
  entries: PageEntry[]
  states: PostedState[]
  /** The keys of the page's entries and states: the multi-entry index. */
  keys: LogKey[]
}

export function pageEntry({ key, entry, hash }: PlannedEntry): PageEntry {
  return { entryId: entry.id, key, hash, entry }
}

export const LOG_PAGES_SCHEMA = 'seq, [batchId+seq], *keys'

export function logPage(
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
    keys: [...keys].map((key) => [destinationId, key]),
  }
}

/**
 * Stores a page straight through IndexedDB, past Dexie's live-query bookkeeping: Dexie notes
 * each index key a write touches in every open live query that has not run again since, a page
 * carries a key per entry, and with the app's screens open that cost five times the write and
 * kept every key of the export in memory. Nothing needs to watch pages live: the commit that
 * makes a batch count writes its destination through Dexie, which is what a bill's exports watch.
 */
export function addLogPage(db: TillDatabase, page: LogPage): Promise<void> {
  const tx = db.backendDB().transaction('logPages', 'readwrite')
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error(`Log page ${page.seq} was not written`))
  })
  return addPages(tx, [page]).then(() => committed)
}

/** Adds pages in a transaction holding the store (an upgrade's too), as `addLogPage` does. */
export function addPages(tx: Transaction['idbtrans'], pages: readonly LogPage[]): Promise<void> {
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

/** The seq the next page takes. */
export async function nextSeq(db: TillDatabase): Promise<number> {
  const last = await db.logPages.orderBy(':id').lastKey()
  return typeof last === 'number' ? last + 1 : 0
}

/**
 * The states of `keys` in one destination. Most keys of an export's page have none (a first
 * export has none at all): the index says which pages hold each key, and only the latest page
 * of each is read, most often one page for many keys.
 */
export async function latestStates(
  db: TillDatabase,
  destinationId: string,
  keys: readonly string[],
): Promise<Map<string, PostedState>> {
  const states = new Map<string, PostedState>()
  if (keys.length === 0) return states
  const holders = new Map<string, number[]>()
  await db.logPages
    .where('keys')
    .anyOf(keys.map((key) => [destinationId, key]))
    .eachPrimaryKey((seq, cursor) => {
      const key = (cursor.key as LogKey)[1]
      const seqs = holders.get(key)
      if (seqs) seqs.push(seq as number)
      else holders.set(key, [seq as number])
    })
  for (const seqs of holders.values()) seqs.sort((a, b) => b - a)
  // A key's latest page may hold only its entries (a log carried over from before pages keeps
  // the states apart): then the next page down is read.
  for (let depth = 0; holders.size > 0; depth++) {
    const wanted = [...new Set([...holders.values()].flatMap((seqs) => seqs[depth] ?? []))]
    const pages = new Map<number, Map<string, PostedState>>()
    for (const page of await db.logPages.bulkGet(wanted))
      if (page) pages.set(page.seq, new Map(page.states.map((s) => [s.key, s])))
    for (const [key, seqs] of holders) {
      const seq = seqs[depth]
      const state = seq === undefined ? undefined : pages.get(seq)?.get(key)
      if (state) states.set(key, state)
      if (state || seq === undefined) holders.delete(key)
    }
  }
  return states
}

/** A batch's pages in the order written. */
export function batchPages(db: TillDatabase, batchId: string) {
  return db.logPages.where('[batchId+seq]').between([batchId, -Infinity], [batchId, Infinity])
}

/**
 * The entries of a page as rows of the log, with their destination, batch and position.
 */
function loggedEntriesOf(page: LogPage): LoggedEntry[] {
  return page.entries.map((entry, index) => ({
    ...entry,
    destinationId: page.destinationId,
    batchId: page.batchId,
    position: page.first + index,
  }))
}

/** Every entry logged under one of `keys`, in any batch, committed or not. */
export async function loggedUnder(
  db: TillDatabase,
  keys: readonly LogKey[],
): Promise<LoggedEntry[]> {
  const wanted = new Set(keys.map(([destinationId, key]) => `${destinationId}\u0000${key}`))
  const pages = await db.logPages.where('keys').anyOf(keys).distinct().toArray()
  return pages.flatMap((page) =>
    loggedEntriesOf(page).filter((e) => wanted.has(`${e.destinationId}\u0000${e.key}`)),
  )
}
