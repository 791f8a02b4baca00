import type { IndexableType } from 'dexie'
import type { TillDatabase } from '../../cache/database'
import type { OutputChunk } from '../../domain/journal/formats/output'
import { acquireExportLock } from '../exports/run-export-log'
import {
  isOwnRecordTable,
  OWN_RECORD_KEYS,
  OWN_RECORD_TABLES,
  OwnRecordsCheck,
  OwnRecordsError,
  type LogSize,
  type OwnRecordRow,
  type OwnRecordTable,
} from '../../cache/own-records'
import {
  AlreadyExportedError,
  ownRecordChanges,
  ownRecordRows,
  writeOwnRecords,
  type TableChange,
} from '../../cache/own-record-tables'
import {
  BACKUP_KIND,
  BACKUP_VERSION,
  chainLink,
  ContentDigest,
  headerSchema,
  logDestination,
  TRAILER_KIND,
  trailerSchema,
  type BackupHeader,
  type BackupTrailer,
  type LogSeal,
} from './backup-format'

/**
 * Till's own records (cache/own-records.ts) carried to another PC: a new PC would post
 * everything again without its export log, so a backup made here is restored there before its
 * first export. No key or secret is in them (those live in the system keychain, in main).
 */

/** Rows read at a time; a log page holds up to 500 entries, so pages go a few at a time. */
const PAGE = 1_000
const LOG_PAGES = 4
/** Far longer than any row Till writes (a log page of 500 entries is about 1.5 MB). */
const MAX_LINE = 16 * 1024 * 1024

class BackupError extends Error {
  override name = 'BackupError'
  /** The file's line that fails, from 1; null when no line is to blame (this PC has exported). */
  constructor(
    readonly line: number | null,
    reason: string,
  ) {
    super(line === null ? reason : `Line ${line} of the backup: ${reason}`)
  }
}

/** Writes the backup of `storeId`'s records, a page of rows at a time, holding exports off. */
export async function* backupRecords(
  db: TillDatabase,
  storeId: string,
  till: string,
  now: Date = new Date(),
): AsyncGenerator<OutputChunk> {
  const release = await acquireExportLock(db.name)
  try {
    const header: BackupHeader = {
      kind: BACKUP_KIND,
      version: BACKUP_VERSION,
      storeId,
      createdAt: now.toISOString(),
      till,
      tables: [...OWN_RECORD_TABLES],
    }
    const digest = new ContentDigest()
    const rows = Object.fromEntries(OWN_RECORD_TABLES.map((name) => [name, 0])) as Record<
      OwnRecordTable,
      number
    >
    const logs: Record<string, LogSeal> = {}
    const emit = (text: string): OutputChunk => {
      digest.add(text)
      return { part: 1, text }
    }
    yield emit(`${JSON.stringify(header)}\n`)
    for (const name of OWN_RECORD_TABLES)
      for await (const page of ownRecordRows(db, name, name === 'logPages' ? LOG_PAGES : PAGE)) {
        let text = ''
        for (const row of page) {
          const line = JSON.stringify({ table: name, row })
          const destination = logDestination(name, row)
          if (destination !== null) {
            const log = (logs[destination] ??= { batches: 0, pages: 0, entries: 0, chain: '' })
            if (name === 'exportBatches') log.batches++
            else {
              log.pages++
              log.entries += (row as { entries: unknown[] }).entries.length
            }
            log.chain = await chainLink(log.chain, line)
          }
          text += `${line}\n`
        }
        rows[name] += page.length
        yield emit(text)
      }
    const trailer: BackupTrailer = { kind: TRAILER_KIND, rows, logs, sha256: await digest.hex() }
    yield { part: 1, text: `${JSON.stringify(trailer)}\n` }
  } finally {
    release()
  }
}

function parseLine(line: string, number: number): unknown {
  if (line === '') throw new BackupError(number, 'the line is empty: the file is damaged')
  if (line.length > MAX_LINE)
    throw new BackupError(
      number,
      `the line is longer than any row Till writes (${MAX_LINE} characters)`,
    )
  try {
    return JSON.parse(line)
  } catch {
    throw new BackupError(number, 'the line is not JSON: the file is damaged')
  }
}

function readHeader(line: string, storeId: string): BackupHeader {
  const parsed = parseLine(line, 1) as Partial<BackupHeader> | null
  if (typeof parsed !== 'object' || parsed === null || parsed.kind !== BACKUP_KIND)
    throw new BackupError(1, 'this file is not a backup of Till’s records')
  if (parsed.version !== BACKUP_VERSION)
    throw new BackupError(
      1,
      typeof parsed.version === 'number' && parsed.version < BACKUP_VERSION
        ? `the backup has version ${parsed.version}, made by an earlier Till without a trailer to check it by; back it up again with this Till`
        : `the backup has version ${String(parsed.version)}; this Till reads version ${BACKUP_VERSION}`,
    )
  const header = headerSchema.safeParse(parsed)
  if (!header.success) throw new BackupError(1, 'the header is damaged')
  if (header.data.storeId !== storeId)
    throw new BackupError(
      1,
      `this backup is of store ${header.data.storeId}, not of this connection’s store ${storeId}`,
    )
  return header.data as BackupHeader
}

/** The last line, if it is a trailer at all; what it says is checked after the rows. */
function trailerLine(line: string, number: number): unknown {
  const parsed = parseLine(line, number) as { kind?: unknown } | null
  if (typeof parsed !== 'object' || parsed === null || parsed.kind !== TRAILER_KIND)
    throw new BackupError(number, 'the file ends without its trailer: it was cut short')
  return parsed
}

/** What a backup holds, checked whole. */
interface CheckedBackup {
  header: BackupHeader
  rows: Map<OwnRecordTable, unknown[]>
}

/**
 * Checks the whole file: its header and trailer, each row as Till would write it, how the
 * rows hang together, the SHA-256 and each destination's log against the trailer. Writes
 * nothing; the first line that fails is the error.
 */
async function checkBackup(text: string, storeId: string): Promise<CheckedBackup> {
  if (text === '') throw new BackupError(1, 'the file is empty')
  const lines = text.split('\n')
  if (lines.pop() !== '')
    throw new BackupError(lines.length + 1, 'the last line has no line end: the file was cut short')
  const header = readHeader(lines[0]!, storeId)
  const last = lines.length
  if (last < 2) throw new BackupError(2, 'the file ends without its trailer: it was cut short')
  const sealed = trailerLine(lines[last - 1]!, last)

  const check = new OwnRecordsCheck()
  let read: readonly OwnRecordRow[]
  let sizes: Map<string, LogSize>
  try {
    for (let i = 1; i < last - 1; i++) {
      const parsed = parseLine(lines[i]!, i + 1) as { table?: unknown; row?: unknown } | null
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        !isOwnRecordTable(parsed.table) ||
        typeof parsed.row !== 'object' ||
        parsed.row === null
      )
        throw new BackupError(i + 1, 'the line is not a row of Till’s records')
      check.add({ table: parsed.table, row: parsed.row, at: i + 1 })
    }
    ;({ rows: read, logs: sizes } = check.finish())
  } catch (error) {
    if (error instanceof OwnRecordsError) throw new BackupError(error.at, error.reason)
    throw error
  }

  const parsedTrailer = trailerSchema.safeParse(sealed)
  if (!parsedTrailer.success) throw new BackupError(last, 'the trailer is damaged')
  const trailer = parsedTrailer.data
  const content = new ContentDigest()
  content.add(text.slice(0, text.length - lines[last - 1]!.length - 1))
  if ((await content.hex()) !== trailer.sha256)
    throw new BackupError(
      last,
      'the SHA-256 of the lines before the trailer is not the trailer’s: the file was changed',
    )
  const rows = new Map<OwnRecordTable, unknown[]>(OWN_RECORD_TABLES.map((name) => [name, []]))
  for (const { table, row } of read) rows.get(table)!.push(row)
  for (const name of OWN_RECORD_TABLES)
    if (rows.get(name)!.length !== trailer.rows[name])
      throw new BackupError(
        last,
        `the trailer counts ${trailer.rows[name]} rows of ${name}, and the file holds ${rows.get(name)!.length}`,
      )
  const chains = new Map<string, string>()
  for (let i = 0; i < read.length; i++) {
    const destination = logDestination(read[i]!.table, read[i]!.row)
    if (destination !== null)
      chains.set(destination, await chainLink(chains.get(destination) ?? '', lines[i + 1]!))
  }
  const destinations = new Set([...sizes.keys(), ...Object.keys(trailer.logs)])
  for (const destination of destinations) {
    const size = sizes.get(destination)
    const sealed = Object.hasOwn(trailer.logs, destination) ? trailer.logs[destination] : undefined
    if (
      !size ||
      !sealed ||
      size.batches !== sealed.batches ||
      size.pages !== sealed.pages ||
      size.entries !== sealed.entries ||
      chains.get(destination) !== sealed.chain
    )
      throw new BackupError(
        last,
        `the export log of destination ${destination} is not the one the trailer seals`,
      )
  }
  return { header, rows }
}

export interface RestoreResult {
  storeId: string
  createdAt: string
  till: string
  /** Rows in the backup. */
  rows: number
  /** What the restore changed, or would change (a dry run). */
  changes: TableChange[]
}

const keyOf = (table: OwnRecordTable, row: unknown): IndexableType =>
  (row as Record<string, IndexableType>)[OWN_RECORD_KEYS[table]]!

/**
 * Restores a backup of the same store into a cache that has exported nothing yet (so its log
 * holds nothing to reconcile with the backup's): the whole file is checked first, then every row
 * is written in one transaction, or none. A dry run checks as much and says what would change.
 */
export async function restoreRecords(
  db: TillDatabase,
  text: string,
  storeId: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RestoreResult> {
  const { header, rows } = await checkBackup(text, storeId)
  const release = await acquireExportLock(db.name)
  try {
    const changes = await ownRecordChanges(db, rows, keyOf)
    if (!dryRun) await writeOwnRecords(db, rows)
    return {
      storeId,
      createdAt: header.createdAt,
      till: header.till,
      rows: [...rows.values()].reduce((sum, r) => sum + r.length, 0),
      changes,
    }
  } catch (error) {
    if (error instanceof AlreadyExportedError)
      throw new BackupError(
        null,
        'This PC has exported already: a backup is restored before the first export, so that one log is kept',
      )
    throw new BackupError(
      null,
      `The backup could not be restored, and nothing changed: ${error instanceof Error ? error.message : String(error)}`,
    )
  } finally {
    release()
  }
}
