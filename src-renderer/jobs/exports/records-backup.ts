import type { IndexableType, Table } from 'dexie'
import type { TillDatabase } from '../../cache/database'
import type { OutputChunk } from '../../domain/journal/formats/output'
import { acquireExportLock } from './run-export-log'

/**
 * Till's own records, which the service does not hold and this PC's cache alone keeps: the
 * destinations and their export logs, reconciliations and the account mapping. A new PC would
 * post everything again without them; a backup made here and restored there before its first
 * export carries them over. No key is in them (keys live in the system keychain, in main).
 *
 * The file is JSON lines: a header naming the store, then one `{ "table", "row" }` per row.
 */

/** The tables a backup holds; a table added later (location names) joins by its name here. */
export const BACKUP_TABLES = [
  'destinations',
  'exportBatches',
  'loggedEntries',
  'postedStates',
  'reconciliations',
  'accountMapping',
  'accountRoles',
  'locationNames',
] as const

type BackupTable = (typeof BACKUP_TABLES)[number]

const KIND = 'till-records-backup'
const VERSION = 1
const PAGE = 1_000

interface BackupHeader {
  kind: typeof KIND
  version: number
  storeId: string
  createdAt: string
  tables: string[]
}

export class BackupError extends Error {
  override name = 'BackupError'
}

function table(db: TillDatabase, name: BackupTable): Table<unknown, IndexableType> {
  return db.table(name)
}

/** Writes the backup of `storeId`'s records, a page of rows at a time, holding exports off. */
export async function* backupRecords(
  db: TillDatabase,
  storeId: string,
  now: Date = new Date(),
): AsyncGenerator<OutputChunk> {
  const release = await acquireExportLock(db.name)
  try {
    const header: BackupHeader = {
      kind: KIND,
      version: VERSION,
      storeId,
      createdAt: now.toISOString(),
      tables: [...BACKUP_TABLES],
    }
    yield { part: 1, text: `${JSON.stringify(header)}\n` }
    for (const name of BACKUP_TABLES) {
      let after: IndexableType | null = null
      for (;;) {
        const keys: IndexableType[] = await (
          after === null
            ? table(db, name).orderBy(':id')
            : table(db, name).where(':id').above(after)
        )
          .limit(PAGE)
          .primaryKeys()
        if (keys.length === 0) break
        const rows = await table(db, name).bulkGet(keys)
        yield {
          part: 1,
          text: rows.map((row) => `${JSON.stringify({ table: name, row })}\n`).join(''),
        }
        after = keys[keys.length - 1]!
      }
    }
  } finally {
    release()
  }
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line)
  } catch {
    throw new BackupError(`Line ${number} of the backup is not JSON: the file is damaged`)
  }
}

function readHeader(line: string | undefined): BackupHeader {
  const header = line === undefined ? null : parseLine(line, 1)
  if (
    typeof header !== 'object' ||
    header === null ||
    (header as BackupHeader).kind !== KIND ||
    typeof (header as BackupHeader).storeId !== 'string'
  )
    throw new BackupError('This file is not a backup of Till’s records')
  if ((header as BackupHeader).version !== VERSION)
    throw new BackupError(
      `This backup has version ${String((header as BackupHeader).version)}; this Till reads version ${VERSION}`,
    )
  return header as BackupHeader
}

export interface RestoreResult {
  storeId: string
  createdAt: string
  rows: number
}

/**
 * Restores a backup of the same store into a cache that has exported nothing yet (so its log
 * holds nothing to reconcile with the backup's). All rows or none: a damaged file, another
 * store's backup or a PC that has exported already is refused and changes nothing.
 */
export async function restoreRecords(
  db: TillDatabase,
  text: string,
  storeId: string,
): Promise<RestoreResult> {
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const header = readHeader(lines[0])
  if (header.storeId !== storeId)
    throw new BackupError(
      `This backup is of store ${header.storeId}, not of this connection’s store ${storeId}`,
    )
  const rows = new Map<BackupTable, unknown[]>(BACKUP_TABLES.map((name) => [name, []]))
  lines.slice(1).forEach((line, i) => {
    const parsed = parseLine(line, i + 2) as { table?: unknown; row?: unknown }
    const into = rows.get(parsed.table as BackupTable)
    if (!into || typeof parsed.row !== 'object' || parsed.row === null)
      throw new BackupError(`Line ${i + 2} of the backup is not a row of Till’s records`)
    into.push(parsed.row)
  })
  const release = await acquireExportLock(db.name)
  try {
    const tables = [...BACKUP_TABLES.map((name) => table(db, name)), db.exportRuns]
    await db.transaction('rw', tables, async () => {
      if ((await db.exportBatches.count()) > 0 || (await db.exportRuns.count()) > 0)
        throw new BackupError(
          'This PC has exported already: a backup is restored before the first export, so that one log is kept',
        )
      for (const [name, tableRows] of rows) await table(db, name).bulkPut(tableRows)
    })
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(
      `The backup could not be restored, and nothing changed: ${error instanceof Error ? error.message : String(error)}`,
    )
  } finally {
    release()
  }
  return {
    storeId,
    createdAt: header.createdAt,
    rows: [...rows.values()].reduce((sum, r) => sum + r.length, 0),
  }
}
