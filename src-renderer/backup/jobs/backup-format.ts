import { z } from 'zod'
import { OWN_RECORD_TABLES, type OwnRecordTable } from '../tables/own-record-rows'
import type { LogSize } from '../tables/own-records'

/**
 * A backup of Till's own records as a file (docs/backup.md): JSON lines, a header, a line per
 * row, and a trailer that lets a restore prove the file whole: the rows per table, each
 * destination's export log size and a hash chain over its batches and pages, and the SHA-256 of
 * every byte before the trailer.
 */

export const BACKUP_KIND = 'till-records-backup'
export const TRAILER_KIND = 'till-records-backup-end'
/** 1 and 2 had no trailer (2 kept the log in pages, 1 as rows); a cut file could not be told. */
export const BACKUP_VERSION = 6
/** The first version whose deposit matches name their bank account (5 is 6 with matches kept by
 *  line ids alone, carried over on restore as the cache's version 24 carries them). */
export const ACCOUNT_MATCHES_VERSION = 6
/** The earliest version a restore reads: 3 is 4 without the cash movements. */
export const EARLIEST_VERSION = 3

/** Tables a version's file does not hold yet: 4 is 5 without the deposits. */
const LATER_TABLES: Record<number, readonly OwnRecordTable[]> = {
  3: ['cashMovements', 'statementLines', 'depositMatches', 'depositSettings'],
  4: ['statementLines', 'depositMatches', 'depositSettings'],
}

/** The tables of a version's file, in their order. */
function tablesOfVersion(version: number): readonly OwnRecordTable[] {
  const later = LATER_TABLES[version] ?? []
  return OWN_RECORD_TABLES.filter((t) => !later.includes(t))
}

export interface BackupHeader {
  kind: typeof BACKUP_KIND
  version: number
  storeId: string
  createdAt: string
  /** The version of Till that made the backup. */
  till: string
  tables: OwnRecordTable[]
}

/** A destination's log in the trailer: its size, and the hash chain over its lines. */
export interface LogSeal extends LogSize {
  chain: string
}

export interface BackupTrailer {
  kind: typeof TRAILER_KIND
  rows: Record<OwnRecordTable, number>
  logs: Record<string, LogSeal>
  sha256: string
}

const hex = z.string().regex(/^[0-9a-f]{64}$/)
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/** The header of a file of `version`, naming exactly that version's tables. */
export function headerSchema(version: number) {
  return z.object({
    kind: z.literal(BACKUP_KIND),
    version: z.literal(version),
    storeId: z.string().min(1).max(200),
    createdAt: z.iso.datetime(),
    till: z.string().min(1).max(100),
    tables: z.tuple(tablesOfVersion(version).map((name) => z.literal(name)) as never),
  })
}

/** The trailer of a file with `tables`, counting the rows of each of them. */
export const trailerSchema = (tables: readonly OwnRecordTable[]) =>
  z.strictObject({
    kind: z.literal(TRAILER_KIND),
    rows: z.strictObject(
      Object.fromEntries(tables.map((name) => [name, count])) as Record<
        OwnRecordTable,
        typeof count
      >,
    ),
    logs: z.record(
      z.string().max(200),
      z.strictObject({ batches: count, pages: count, entries: count, chain: hex }),
    ),
    sha256: hex,
  })

const encoder = new TextEncoder()

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The next link of a destination's chain: SHA-256 of the last link, a line end, the line. */
export function chainLink(chain: string, line: string): Promise<string> {
  return sha256(encoder.encode(`${chain}\n${line}`))
}

/** Whether a table's row belongs to a destination's log, and to which destination. */
export function logDestination(table: OwnRecordTable, row: unknown): string | null {
  return table === 'exportBatches' || table === 'logPages'
    ? (row as { destinationId: string }).destinationId
    : null
}

/** The SHA-256 of a file's bytes so far, fed a line at a time. */
export class ContentDigest {
  private readonly parts: Uint8Array[] = []
  private size = 0

  add(text: string): void {
    const bytes = encoder.encode(text)
    this.parts.push(bytes)
    this.size += bytes.length
  }

  /** Web Crypto digests one buffer; the parts are joined once, at the end. */
  async hex(): Promise<string> {
    const all = new Uint8Array(this.size)
    let offset = 0
    for (const part of this.parts.splice(0)) {
      all.set(part, offset)
      offset += part.length
    }
    return sha256(all)
  }
}
