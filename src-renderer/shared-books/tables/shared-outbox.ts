import type { Table } from 'dexie'
import type { TillDatabase } from '../../database/database'
import {
  SHARED_KINDS,
  sharedKeyOf,
  sharedRef,
  type OutboxChange,
  type SharedKind,
} from './shared-rows'

/**
 * The outbox of shared books (docs/shared-books.md): each write of a shared record, while this
 * cache has joined shared books, leaves its newest body here in the same transaction, with the
 * shared version it was made from, until a push settles it. Offline, changes simply wait.
 */

const JOINED = 'shared-books'
const LAST_CHANGE = 'shared-books-change'

/** The tables a write of a shared record adds to its transaction. */
export function outboxTables(db: TillDatabase): Table[] {
  return [db.sharedOutbox, db.sharedVersions, db.meta] as Table[]
}

/** The store this cache shares its records with; null without shared books. */
export async function joinedStore(db: TillDatabase): Promise<string | null> {
  const entry = await db.meta.get(JOINED)
  return typeof entry?.value === 'string' && entry.value !== '' ? entry.value : null
}

/** Records that this cache shares its records with `storeId` from now on. */
export async function markJoined(db: TillDatabase, storeId: string): Promise<void> {
  await db.meta.put({ key: JOINED, value: storeId })
}

/**
 * Leaves shared books: the bookkeeping of sharing goes (changes waiting, versions, conflicts,
 * rows set aside); the records themselves stay, as this PC's own.
 */
export async function markLeft(db: TillDatabase): Promise<void> {
  const tables = [...outboxTables(db), db.sharedConflicts, db.sharedSetAside]
  await db.transaction('rw', tables, async () => {
    await Promise.all([
      db.meta.bulkDelete([JOINED, LAST_CHANGE]),
      db.sharedOutbox.clear(),
      db.sharedVersions.clear(),
      db.sharedConflicts.clear(),
      db.sharedSetAside.clear(),
    ])
  })
}

/** The change number of the last row pulled and applied; 0 before the first pull. */
export async function lastAppliedChange(db: TillDatabase): Promise<number> {
  return Number((await db.meta.get(LAST_CHANGE))?.value ?? 0)
}

export async function noteAppliedChange(db: TillDatabase, change: number): Promise<void> {
  if (change > (await lastAppliedChange(db))) await db.meta.put({ key: LAST_CHANGE, value: change })
}

/** The shared version of a record this cache holds; 0 for one the books never gave it. */
async function sharedVersion(db: TillDatabase, ref: string): Promise<number> {
  return (await db.sharedVersions.get(ref))?.version ?? 0
}

/**
 * Queues a change of a shared record, inside the caller's transaction (which holds
 * `outboxTables`); nothing without shared books. A record already waiting keeps the version it
 * was first changed from and takes the newest body.
 */
export async function enqueueChange(
  db: TillDatabase,
  kind: SharedKind,
  change: { key: string; body: unknown; deleted?: boolean },
  now = Date.now(),
): Promise<void> {
  if ((await joinedStore(db)) === null) return
  const ref = sharedRef(kind, change.key)
  const waiting = await db.sharedOutbox.get(ref)
  await db.sharedOutbox.put({
    ref,
    kind,
    key: change.key,
    baseVersion: waiting?.baseVersion ?? (await sharedVersion(db, ref)),
    body: change.body,
    deleted: change.deleted ?? false,
    queuedAt: waiting?.queuedAt ?? now,
    edits: (waiting?.edits ?? 0) + 1,
  })
}

/** Queues the row as it now stands. */
export function enqueueRow(db: TillDatabase, kind: SharedKind, row: unknown): Promise<void> {
  return enqueueChange(db, kind, { key: sharedKeyOf(kind, row), body: row })
}

/** The changes waiting, oldest first, `limit` of them. */
export function waitingChanges(db: TillDatabase, limit: number): Promise<OutboxChange[]> {
  return db.sharedOutbox.orderBy('queuedAt').limit(limit).toArray()
}

/** How many changes wait to be sent. */
export function waitingCount(db: TillDatabase): Promise<number> {
  return db.sharedOutbox.count()
}

/**
 * Queues every shared record this cache holds, as new to the books: what a PC uploads when it
 * starts a store or joins one. Sub-account rows go only with a code kept (a role merely met is
 * this PC's own).
 */
export async function enqueueAllRecords(db: TillDatabase): Promise<number> {
  let queued = 0
  const kinds = Object.keys(SHARED_KINDS) as SharedKind[]
  const tables = kinds.map((kind) => db.table(SHARED_KINDS[kind]))
  await db.transaction('rw', [...tables, ...outboxTables(db)], async () => {
    for (const kind of kinds)
      for (const row of await db.table(SHARED_KINDS[kind]).toArray()) {
        if (kind === 'subAccount' && !(row as { code?: string }).code) continue
        await enqueueRow(db, kind, row)
        queued++
      }
  })
  return queued
}
