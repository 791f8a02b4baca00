import type { IndexableType, Table } from 'dexie'
import type { TillDatabase } from '../../cache/database'
import type { OutputChunk } from '../../domain/journal/formats/output'
import { acquireExportLock } from './run-export-log'
import type { LogPage } from '../../cache/log-pages'
import { entryPages, sortedByTime, statePages, type RowState } from '../../cache/log-pages-upgrade'
import type { StoredBatch } from '../../cache/export-rows'
import type { LoggedEntry } from '../../domain/journal/export-log'

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
  'logPages',
  'reconciliations',
  'accountMapping',
  'accountRoles',
  'locationNames',
] as const

type BackupTable = (typeof BACKUP_TABLES)[number]

const KIND = 'till-records-backup'
/** Version 1 kept the export log as rows (cache versions 12–15): restored, they become pages. */
const VERSION = 2
const ROWS_VERSION = 1
const ROWS_TABLES = ['loggedEntries', 'postedStates'] as const
/** Rows per chunk of the file; a log page holds up to 500 entries. */
const PAGE = 1_000
const LOG_PAGES = 4

interface BackupHeader {
  kind: typeof KIND
  version: number
  storeId: string
  createdAt: string
  tables: string[]
}

class BackupError extends Error {
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
          .limit(name === 'logPages' ? LOG_PAGES : PAGE)
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
  const { version } = header as BackupHeader
  if (version !== VERSION && version !== ROWS_VERSION)
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
  const names = header.version === ROWS_VERSION ? [...BACKUP_TABLES, ...ROWS_TABLES] : BACKUP_TABLES
  const read = new Map<string, unknown[]>(names.map((name) => [name, []]))
  lines.slice(1).forEach((line, i) => {
    const parsed = parseLine(line, i + 2) as { table?: unknown; row?: unknown }
    const into = read.get(parsed.table as string)
    if (!into || typeof parsed.row !== 'object' || parsed.row === null)
      throw new BackupError(`Line ${i + 2} of the backup is not a row of Till’s records`)
    into.push(parsed.row)
  })
  const rows = new Map<BackupTable, unknown[]>(BACKUP_TABLES.map((name) => [name, read.get(name)!]))
  if (header.version === ROWS_VERSION) rows.set('logPages', pagesOfRows(read))
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
    rows: [...read.values()].reduce((sum, r) => sum + r.length, 0),
  }
}

/** A version 1 backup's log rows as pages, as the cache's upgrade to pages makes them. */
function pagesOfRows(read: ReadonlyMap<string, unknown[]>): LogPage[] {
  const entries = read.get('loggedEntries') as LoggedEntry[]
  const states = read.get('postedStates') as RowState[]
  const batches = sortedByTime(read.get('exportBatches') as StoredBatch[])
  const pages: LogPage[] = []
  for (const batch of batches) {
    const logged = entries
      .filter((e) => e.batchId === batch.id)
      .sort((a, b) => a.position - b.position)
    pages.push(...entryPages(pages.length, batch, logged))
  }
  const byKey = (s: RowState): string => `${s.destinationId}\u0000${s.key}`
  const sorted = states.toSorted((a, b) => (byKey(a) < byKey(b) ? -1 : byKey(a) > byKey(b) ? 1 : 0))
  pages.push(...statePages(pages.length, sorted))
  return pages
}
