import type { IndexableType } from 'dexie'
import type { TillDatabase } from '../../database/database'
import type { OutputChunk } from '../../exports/rules/formats/output'
import { acquireExportLock } from '../../exports/jobs/run-export-log'
import { OWN_RECORD_TABLES, type OwnRecordTable } from '../tables/own-record-rows'
import { ownRecordKey } from '../tables/own-records'
import {
  AlreadyExportedError,
  ownRecordChanges,
  ownRecordRows,
  writeOwnRecords,
  type TableChange,
} from '../tables/own-record-tables'
import {
  BACKUP_KIND,
  BACKUP_VERSION,
  chainLink,
  ContentDigest,
  logDestination,
  TRAILER_KIND,
  type BackupHeader,
  type BackupTrailer,
  type LogSeal,
} from './backup-format'
import { BackupError, checkBackup } from './read-backup'
import { sortRestoredRows } from '../tables/restored-aside'

/**
 * Till's own records (backup/tables/own-records.ts) carried to another PC: a new PC would post
 * everything again without its export log, so a backup made here is restored there before its
 * first export. No key or secret is in them (those live in the system keychain, in main).
 */

/** Rows read at a time; a log page holds up to 500 entries, so pages go a few at a time. */
const PAGE = 1_000
const LOG_PAGES = 4

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
    const logs = new Map<string, LogSeal>()
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
            const log = logs.get(destination) ?? { batches: 0, pages: 0, entries: 0, chain: '' }
            logs.set(destination, log)
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
    const trailer: BackupTrailer = {
      kind: TRAILER_KIND,
      rows,
      logs: Object.fromEntries(logs),
      sha256: await digest.hex(),
    }
    yield { part: 1, text: `${JSON.stringify(trailer)}\n` }
  } finally {
    release()
  }
}

export interface RestoreResult {
  storeId: string
  createdAt: string
  till: string
  /** Rows in the backup. */
  rows: number
  /** What the restore changed, or would change (a dry run). */
  changes: TableChange[]
  /** Rows kept out for what they mean in this store, each with its reason (shown on Problems). */
  setAside: number
}

const keyOf = (table: OwnRecordTable, row: unknown): IndexableType => ownRecordKey(table, row)

/**
 * Restores a backup of the same store into a cache that has exported nothing yet (so its log
 * holds nothing to reconcile with the backup's): the whole file is checked first, then what each
 * row means in this store, as a pull checks it (../tables/restored-aside.ts): a row that fails is
 * set aside with its reason. The rest is written in one transaction, or none. A dry run checks as
 * much and says what would change.
 */
export async function restoreRecords(
  db: TillDatabase,
  text: string,
  storeId: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RestoreResult> {
  const { header, rows: read } = await checkBackup(text, storeId)
  const release = await acquireExportLock(db.name)
  try {
    const { rows, aside } = await sortRestoredRows(db, read, `the backup of ${header.createdAt}`)
    const changes = await ownRecordChanges(db, rows, keyOf)
    if (!dryRun) await writeOwnRecords(db, rows, aside)
    return {
      storeId,
      createdAt: header.createdAt,
      till: header.till,
      rows: [...read.values()].reduce((sum, r) => sum + r.length, 0),
      changes,
      setAside: aside.length,
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
