import type { Transaction } from 'dexie'
import type { LoggedEntry, PlannedEntry, PostedState } from '../rules/export-log'

/**
 * The export log as pages (cache version 16): each page an export run writes holds the entries
 * it wrote, in order, and the posting states it set, in one record. IndexedDB costs about the
 * same per record whatever its size, and the log wrote two records per entry before (the entry,
 * the key's state), which was four fifths of an export's time.
 *
 * A key's state is the one in the latest page (highest `seq`) that set it: a later export's page
 * supersedes it, and a run rolled back takes its pages away, which puts the earlier states back
 * by itself. Pages are found by key through a multi-entry index of `[destinationId, index key]`
 * pairs (`indexKeys`). The store's indexes are declared by the migrations (database/migrations/v16.ts).
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
  /** The index keys of the page's entries' and states' keys (`indexKeys`): the multi-entry index. */
  keys: LogKey[]
}

/**
 * How many characters a page's index may cut off the end of its keys. A key cut short stands
 * for every key that begins the same: a bill id `B-012345` is indexed as `B-0123`, with up to a
 * hundred neighbours. The index costs IndexedDB about 20 µs a key written
 * (docs/benchmarks.md#journal-export), so a page of 500 bills with ids in sequence writes five
 * instead of 500; a look-up reads a page the cut key finds and takes the key's state only from
 * its states, so a page found for a neighbour costs a read and nothing else.
 */
const CUT = 2
/** A page's keys are indexed cut short when that makes them at most this share as many. */
const CUT_WHEN_SHARE = 1 / 8

function cutShort(key: string): string {
  return key.length > CUT ? key.slice(0, key.length - CUT) : key
}

/**
 * The index keys of a page holding `keys`: the keys cut short where most of them share their
 * beginnings (ids given in sequence), else the keys themselves (random ids, a small page). Each
 * key of the page is found by one of its `lookupKeys`.
 */
export function indexKeys(keys: ReadonlySet<string>): string[] {
  const cut = new Set([...keys].map(cutShort))
  return cut.size <= keys.size * CUT_WHEN_SHARE ? [...cut] : [...keys]
}

/** What the index is asked for a key: the key, as pages index it in full, and cut short. */
export function lookupKeys(key: string): string[] {
  const cut = cutShort(key)
  return cut === key ? [key] : [key, cut]
}

export function pageEntry({ key, entry, hash }: PlannedEntry): PageEntry {
  return { entryId: entry.id, key, hash, entry }
}

/** The posting keys a page holds: its entries' and its states'. */
export function keysOf(page: Pick<LogPage, 'entries' | 'states'>): Set<string> {
  return new Set([...page.entries.map((e) => e.key), ...page.states.map((s) => s.key)])
}

export function logPage(
  seq: number,
  destinationId: string,
  batchId: string,
  first: number,
  entries: PageEntry[],
  states: PostedState[],
): LogPage {
  const keys = keysOf({ entries, states })
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

/** The entries of a page as rows of the log, with their destination, batch and position. */
export function loggedEntriesOf(page: LogPage): LoggedEntry[] {
  return page.entries.map((entry, index) => ({
    ...entry,
    destinationId: page.destinationId,
    batchId: page.batchId,
    position: page.first + index,
  }))
}
