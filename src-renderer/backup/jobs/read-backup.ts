import { isOwnRecordTable, OWN_RECORD_TABLES, type OwnRecordTable } from '../tables/own-record-rows'
import {
  OwnRecordsCheck,
  OwnRecordsError,
  type LogSize,
  type OwnRecordRow,
} from '../tables/own-records'
import {
  firstBankAccount,
  keyedByAccount,
  type HeldRow,
  type LineRow,
} from '../../database/migrations/v24-account-matches'
import {
  ACCOUNT_MATCHES_VERSION,
  BACKUP_KIND,
  BACKUP_VERSION,
  EARLIEST_VERSION,
  chainLink,
  ContentDigest,
  headerSchema,
  logDestination,
  TRAILER_KIND,
  trailerSchema,
  type BackupHeader,
  type BackupTrailer,
} from './backup-format'

/**
 * Reading a backup (docs/backup.md) and checking it whole before anything of it is written: a
 * refusal names the line that fails and why.
 */

/** Far longer than any row Till writes (a log page of 500 entries is about 1.5 MB). */
const MAX_LINE = 16 * 1024 * 1024

export class BackupError extends Error {
  override name = 'BackupError'
  /** The file's line that fails, from 1; null when no line is to blame (this PC has exported). */
  constructor(
    readonly line: number | null,
    reason: string,
  ) {
    super(line === null ? reason : `Line ${line} of the backup: ${reason}`)
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
  const { version } = parsed
  if (typeof version !== 'number' || version < EARLIEST_VERSION || version > BACKUP_VERSION)
    throw new BackupError(
      1,
      typeof version === 'number' && version < EARLIEST_VERSION
        ? `the backup has version ${version}, made by an earlier Till without a trailer to check it by; back it up again with this Till`
        : `the backup has version ${String(version)}; this Till reads versions ${EARLIEST_VERSION} to ${BACKUP_VERSION}`,
    )
  const header = headerSchema(version).safeParse(parsed)
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
export interface CheckedBackup {
  header: BackupHeader
  rows: Map<OwnRecordTable, unknown[]>
}

/**
 * Checks the whole file: its header and trailer, each row as Till would write it, how the
 * rows hang together, the SHA-256 and each destination's log against the trailer. Writes
 * nothing; the first line that fails is the error.
 */
export async function checkBackup(text: string, storeId: string): Promise<CheckedBackup> {
  if (text === '') throw new BackupError(1, 'the file is empty')
  const lines = text.split('\n')
  if (lines.pop() !== '')
    throw new BackupError(lines.length + 1, 'the last line has no line end: the file was cut short')
  const header = readHeader(lines[0]!, storeId)
  const last = lines.length
  if (last < 2) throw new BackupError(2, 'the file ends without its trailer: it was cut short')
  const trailerText = lines[last - 1]!
  const sealed = trailerLine(trailerText, last)
  const body = lines.slice(1, -1)
  const carry = header.version < ACCOUNT_MATCHES_VERSION ? olderMatches(body) : undefined
  const { rows, logs } = readRows(body, header.tables, carry)
  const trailer = trailerSchema(header.tables).safeParse(sealed)
  if (!trailer.success) throw new BackupError(last, 'the trailer is damaged')
  const content = new ContentDigest()
  content.add(text.slice(0, text.length - trailerText.length - 1))
  if ((await content.hex()) !== trailer.data.sha256)
    throw new BackupError(
      last,
      'the SHA-256 of the lines before the trailer is not the trailer’s: the file was changed',
    )
  const byTable = new Map<OwnRecordTable, unknown[]>(OWN_RECORD_TABLES.map((name) => [name, []]))
  for (const { table, row } of rows) byTable.get(table)!.push(row)
  for (const name of header.tables)
    if (byTable.get(name)!.length !== trailer.data.rows[name])
      throw new BackupError(
        last,
        `the trailer counts ${trailer.data.rows[name]} rows of ${name}, and the file holds ${byTable.get(name)!.length}`,
      )
  await checkLogs(lines, rows, logs, trailer.data, last)
  return { header, rows: byTable }
}

/**
 * For a file made before deposit matches named their bank account: what gives each match the
 * account of its lines, as the cache's upgrade does (v24-account-matches.ts), from the file's
 * statement lines and settings.
 */
function olderMatches(lines: readonly string[]): (row: HeldRow) => HeldRow {
  const statement: LineRow[] = []
  let first: string | undefined
  for (const line of lines) {
    if (!line.includes('"statementLines"') && !line.includes('"depositSettings"')) continue
    let parsed: { table?: unknown; row?: Partial<LineRow> } | null
    try {
      parsed = JSON.parse(line) as typeof parsed
    } catch {
      continue // read again, and refused, with the rows
    }
    const row = parsed?.row
    if (parsed?.table === 'depositSettings') first ??= firstBankAccount(row)
    else if (
      parsed?.table === 'statementLines' &&
      typeof row?.bankAccountId === 'string' &&
      typeof row.id === 'string' &&
      typeof row.date === 'string'
    )
      statement.push({ bankAccountId: row.bankAccountId, id: row.id, date: row.date })
  }
  const carry = keyedByAccount(statement, first)
  return (row) => carry(row, true)
}

/**
 * The rows (lines 2 to n-1), each checked as it is read (a deposit match of an older file once
 * `carry` gave it its bank account), then checked together.
 */
function readRows(
  lines: readonly string[],
  tables: readonly OwnRecordTable[],
  carry?: (row: HeldRow) => HeldRow,
): {
  rows: readonly OwnRecordRow[]
  logs: Map<string, LogSize>
} {
  const check = new OwnRecordsCheck()
  try {
    lines.forEach((line, i) => {
      const parsed = parseLine(line, i + 2) as { table?: unknown; row?: unknown } | null
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        !isOwnRecordTable(parsed.table) ||
        !tables.includes(parsed.table) ||
        typeof parsed.row !== 'object' ||
        parsed.row === null
      )
        throw new BackupError(i + 2, 'the line is not a row of Till’s records')
      const row =
        carry && parsed.table === 'depositMatches' ? carry(parsed.row as HeldRow) : parsed.row
      check.add({ table: parsed.table, row, at: i + 2 })
    })
    return check.finish()
  } catch (error) {
    if (error instanceof OwnRecordsError) throw new BackupError(error.at, error.reason)
    throw error
  }
}

/** Each destination's log is the size the trailer says, and its lines make the chain it seals. */
async function checkLogs(
  lines: readonly string[],
  rows: readonly OwnRecordRow[],
  sizes: ReadonlyMap<string, LogSize>,
  trailer: BackupTrailer,
  last: number,
): Promise<void> {
  const chains = new Map<string, string>()
  for (const { table, row, at } of rows) {
    const destination = logDestination(table, row)
    if (destination !== null)
      chains.set(destination, await chainLink(chains.get(destination) ?? '', lines[at - 1]!))
  }
  const destinations = new Set([...sizes.keys(), ...Object.keys(trailer.logs)])
  for (const destination of destinations) {
    const size = sizes.get(destination)
    const seal = Object.hasOwn(trailer.logs, destination) ? trailer.logs[destination] : undefined
    if (
      !size ||
      !seal ||
      size.batches !== seal.batches ||
      size.pages !== seal.pages ||
      size.entries !== seal.entries ||
      chains.get(destination) !== seal.chain
    )
      throw new BackupError(
        last,
        `the export log of destination ${destination} is not the one the trailer seals`,
      )
  }
}
