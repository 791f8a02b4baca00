import type { IndexableType, Table } from 'dexie'
import type { TillDatabase } from '../../database/database'
import { OWN_RECORD_TABLES, type OwnRecordTable } from './own-record-rows'
import type { RestoredAside } from './restored-aside'

/**
 * Reading and writing Till's own records (./own-records.ts) whole, for a backup and its restore.
 */

function table(db: TillDatabase, name: OwnRecordTable): Table<unknown, IndexableType> {
  return db.table(name)
}

/**
 * The rows of `name` in key order, `limit` at a time. Log pages of a run that never committed
 * (the window closed during an export; the next export rolls it back) are left out: they are no
 * part of the log.
 */
export async function* ownRecordRows(
  db: TillDatabase,
  name: OwnRecordTable,
  limit: number,
): AsyncGenerator<unknown[]> {
  const unfinished = new Set((await db.exportRuns.toArray()).map((run) => run.id))
  let after: IndexableType | null = null
  for (;;) {
    const keys: IndexableType[] = await (
      after === null ? table(db, name).orderBy(':id') : table(db, name).where(':id').above(after)
    )
      .limit(limit)
      .primaryKeys()
    if (keys.length === 0) return
    const rows = await table(db, name).bulkGet(keys)
    yield name === 'logPages'
      ? rows.filter((page) => !unfinished.has((page as { batchId: string }).batchId))
      : rows
    after = keys[keys.length - 1]!
  }
}

/** Rows of a table a restore would add, and rows it would replace (same key, stored already). */
export interface TableChange {
  table: OwnRecordTable
  added: number
  replaced: number
}

/** What `writeOwnRecords` would change, table by table (or why it would refuse); nothing is written. */
export async function ownRecordChanges(
  db: TillDatabase,
  rows: ReadonlyMap<OwnRecordTable, readonly unknown[]>,
  keyOf: (table: OwnRecordTable, row: unknown) => IndexableType,
): Promise<TableChange[]> {
  const tables = [...OWN_RECORD_TABLES.map((name) => table(db, name)), db.exportRuns]
  return db.transaction('r', tables, async () => {
    if (await hasExported(db)) throw new AlreadyExportedError()
    const changes: TableChange[] = []
    for (const name of OWN_RECORD_TABLES) {
      const tableRows = rows.get(name) ?? []
      const stored = await table(db, name).bulkGet(tableRows.map((row) => keyOf(name, row)))
      const replaced = stored.filter((row) => row !== undefined).length
      changes.push({ table: name, added: tableRows.length - replaced, replaced })
    }
    return changes
  })
}

/** Whether this cache has exported, or has an export under way or left unfinished. */
async function hasExported(db: TillDatabase): Promise<boolean> {
  return (await db.exportBatches.count()) > 0 || (await db.exportRuns.count()) > 0
}

export class AlreadyExportedError extends Error {
  override name = 'AlreadyExportedError'
}

/**
 * Writes `rows` in one transaction, into a cache that has exported nothing (so its log holds
 * nothing to reconcile with theirs): all of them, or none; the rows set aside (./restored-aside.ts)
 * go under Problems in the same transaction.
 */
export async function writeOwnRecords(
  db: TillDatabase,
  rows: ReadonlyMap<OwnRecordTable, readonly unknown[]>,
  aside: readonly RestoredAside[] = [],
): Promise<void> {
  const tables = [
    ...OWN_RECORD_TABLES.map((name) => table(db, name)),
    db.exportRuns,
    db.sharedSetAside,
  ]
  await db.transaction('rw', tables, async () => {
    if (await hasExported(db)) throw new AlreadyExportedError()
    for (const name of OWN_RECORD_TABLES) await table(db, name).bulkPut([...(rows.get(name) ?? [])])
    await db.sharedSetAside.bulkPut([...aside])
  })
}
