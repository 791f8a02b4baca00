import { createHash } from 'node:crypto'
import { expect } from 'vitest'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { OWN_RECORD_TABLES } from '../../../src-renderer/backup/tables/own-record-rows'
import { restoreRecords } from '../../../src-renderer/backup/jobs/records-backup'

/**
 * What a forger can do with the documented format (docs/backup.md): given the lines of a backup
 * without its trailer, write the trailer that seals them (counting the rows of `tables`, those of
 * the file's version), computed here on its own.
 */

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

export function seal(
  lines: readonly string[],
  tables: readonly string[] = OWN_RECORD_TABLES,
): string {
  const body = lines.map((line) => `${line}\n`).join('')
  const rows: Record<string, number> = Object.fromEntries(tables.map((t) => [t, 0]))
  const logs: Record<string, { batches: number; pages: number; entries: number; chain: string }> =
    {}
  for (const line of lines.slice(1)) {
    const { table, row } = JSON.parse(line) as {
      table: string
      row: { destinationId: string; entries: unknown[] }
    }
    rows[table] = (rows[table] ?? 0) + 1
    if (table !== 'exportBatches' && table !== 'logPages') continue
    const log = (logs[row.destinationId] ??= { batches: 0, pages: 0, entries: 0, chain: '' })
    if (table === 'exportBatches') log.batches++
    else {
      log.pages++
      log.entries += row.entries.length
    }
    log.chain = sha256(`${log.chain}\n${line}`)
  }
  const trailer = { kind: 'till-records-backup-end', rows, logs, sha256: sha256(body) }
  return `${body}${JSON.stringify(trailer)}\n`
}

/** A backup's lines without its trailer. */
export function unsealed(backup: string): string[] {
  return backup.trimEnd().split('\n').slice(0, -1)
}

/** Every row of every table, to tell whether anything changed. */
export async function dump(db: TillDatabase): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {}
  for (const table of db.tables) all[table.name] = await table.toArray()
  return all
}

/** A backup line holding one row of a table. */
export const rowLine = (table: string, row: unknown): string => JSON.stringify({ table, row })

/**
 * Restores `text` into `db`, expecting a BackupError that changes nothing; returns the error for
 * its line and message.
 */
export async function refusedRestore(
  db: TillDatabase,
  text: string,
): Promise<Error & { line: number | null }> {
  const before = await dump(db)
  const error = (await restoreRecords(db, text, 'store-1').then(
    () => null,
    (e: unknown) => e,
  )) as Error & { line: number | null }
  expect(error?.name).toBe('BackupError')
  expect(await dump(db)).toEqual(before)
  return error
}
