import Dexie from 'dexie'
import type { TillDatabase } from '../../database/database'
import type { PostedState, LoggedEntry } from '../rules/export-log'
import type { JournalEntry } from '../rules/journal-entry'
import { addPages, loggedEntriesOf, lookupKeys, type LogKey, type LogPage } from './log-pages'

/** The export log's pages (./log-pages.ts) read and written in a cache. */

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

/** The seq the next page takes. */
export async function nextSeq(db: TillDatabase): Promise<number> {
  const last = await db.logPages.orderBy(':id').lastKey()
  return typeof last === 'number' ? last + 1 : 0
}

/** Whether any page holds a key of the destination: none before its first export. */
export async function destinationLogged(db: TillDatabase, destinationId: string): Promise<boolean> {
  const first = await db.logPages
    .where('keys')
    .between([destinationId, Dexie.minKey], [destinationId, Dexie.maxKey], true, true)
    .limit(1)
    .primaryKeys()
  return first.length > 0
}

const logKeyId = ([destinationId, key]: LogKey): string => `${destinationId}\u0000${key}`

/**
 * The pages the index finds for each of `keys` (by `logKeyId`), latest first: those holding the
 * key, and maybe some holding only a neighbour of it (./log-pages.ts `lookupKeys`).
 */
async function pagesFinding(
  db: TillDatabase,
  keys: readonly LogKey[],
): Promise<Map<string, number[]>> {
  const asked = new Map<string, { logKey: LogKey; for: LogKey[] }>()
  for (const key of keys)
    for (const lookup of lookupKeys(key[1])) {
      const logKey: LogKey = [key[0], lookup]
      const id = logKeyId(logKey)
      const seen = asked.get(id)
      if (seen) seen.for.push(key)
      else asked.set(id, { logKey, for: [key] })
    }
  const found = new Map<string, Set<number>>()
  await db.logPages
    .where('keys')
    .anyOf([...asked.values()].map((a) => a.logKey))
    .eachPrimaryKey((seq, cursor) => {
      for (const key of asked.get(logKeyId(cursor.key as LogKey))?.for ?? []) {
        const id = logKeyId(key)
        const seqs = found.get(id)
        if (seqs) seqs.add(seq as number)
        else found.set(id, new Set([seq as number]))
      }
    })
  return new Map([...found].map(([id, seqs]) => [id, [...seqs].sort((a, b) => b - a)]))
}

/**
 * The states of `keys` in one destination. Most keys of an export's page have none (a first
 * export has none at all): the index says which pages may hold each key, and only the latest page
 * of each is read, most often one page for many keys.
 */
export async function latestStates(
  db: TillDatabase,
  destinationId: string,
  keys: readonly string[],
): Promise<Map<string, PostedState>> {
  const states = new Map<string, PostedState>()
  if (keys.length === 0) return states
  const found = await pagesFinding(
    db,
    keys.map((key): LogKey => [destinationId, key]),
  )
  const holders = new Map<string, number[]>()
  for (const key of keys) {
    const seqs = found.get(logKeyId([destinationId, key]))
    if (seqs) holders.set(key, seqs)
  }
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

/** Every entry logged under one of `keys`, in any batch, committed or not. */
export async function loggedUnder(
  db: TillDatabase,
  keys: readonly LogKey[],
): Promise<LoggedEntry[]> {
  const wanted = new Set(keys.map(logKeyId))
  const seqs = new Set([...(await pagesFinding(db, keys)).values()].flat())
  const pages = await db.logPages.bulkGet([...seqs].sort((a, b) => a - b))
  return pages.flatMap((page) =>
    page ? loggedEntriesOf(page).filter((e) => wanted.has(logKeyId([e.destinationId, e.key]))) : [],
  )
}

/** A batch's logged entries in the order written, a page at a time. */
export async function* batchJournalPages(
  db: TillDatabase,
  batchId: string,
): AsyncGenerator<JournalEntry[]> {
  const seqs = await batchPages(db, batchId).primaryKeys()
  for (const seq of seqs) {
    const page = await db.logPages.get(seq)
    if (page) yield page.entries.map((logged) => logged.entry)
  }
}
