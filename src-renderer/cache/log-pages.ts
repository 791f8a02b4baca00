import type { Transaction } from 'dexie'
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
