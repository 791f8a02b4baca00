import { BUILT_IN_NAMES } from '../../exports/tables/export-rows'
import type { LogPage } from '../../exports/tables/log-pages'
import { MAX_LOCATIONS, ownRecordProblem, type OwnRecordTable } from './own-record-rows'
import type { CashMovement } from '../../day-close/rules/cash-movements'

/**
 * Till's own records, which the service does not hold and this PC's cache alone keeps (the
 * destinations and their export logs, reconciliations, the account mapping, location names, the
 * cash movements recorded per register session), checked as a whole before any of them is
 * written from outside: a backup being restored, or later shared books pulled from a server. Each row must be one Till could have written itself
 * (real dates, whole minor amounts, bounded text), each key once per table, and the export log
 * must hang together: every page belongs to a batch of its destination, and a batch's pages hold
 * exactly the entries it counts. Pure code: the caller says where each row came from (`at`, a
 * line of a file), and a problem names it.
 */

/** The primary key of each table: a field, or the fields of a compound key. */
const OWN_RECORD_KEYS = {
  destinations: 'id',
  exportBatches: 'id',
  logPages: 'seq',
  reconciliations: 'sessionId',
  accountMapping: 'id',
  accountRoles: 'key',
  locationNames: 'locationId',
  cashMovements: 'id',
  statementLines: ['bankAccountId', 'id'],
  depositMatches: 'id',
  depositSettings: 'key',
} as const satisfies Record<OwnRecordTable, string | readonly string[]>

/** Whether the rows of `table` are keyed by two fields (a statement line: its account and id). */
export function hasCompoundKey(table: OwnRecordTable): boolean {
  return typeof OWN_RECORD_KEYS[table] !== 'string'
}

/** A row's primary key as the cache stores it. */
export function ownRecordKey(table: OwnRecordTable, row: unknown): string | number | string[] {
  const fields = OWN_RECORD_KEYS[table]
  const values = row as Record<string, string | number>
  return typeof fields === 'string' ? values[fields]! : fields.map((field) => String(values[field]))
}

function keyWords(table: OwnRecordTable): string {
  const fields = OWN_RECORD_KEYS[table]
  return typeof fields === 'string' ? fields : fields.join(' and ')
}

export class OwnRecordsError extends Error {
  override name = 'OwnRecordsError'
  /** `at`: where the row that fails came from, as the caller numbered it. */
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/** One row and where it came from. */
export interface OwnRecordRow {
  table: OwnRecordTable
  row: unknown
  at: number
}

/** What one destination's export log holds. */
export interface LogSize {
  batches: number
  pages: number
  entries: number
}

/**
 * Checks rows one by one as they are read (so a bad one stops the reading at once), then how
 * they hang together; throws an `OwnRecordsError` naming the first row that fails.
 */
export class OwnRecordsCheck {
  private readonly rows: OwnRecordRow[] = []
  private readonly seen = new Map<string, number>()
  private locations = 0

  add(checked: OwnRecordRow): void {
    const { table, row, at } = checked
    if (table === 'locationNames' && ++this.locations > MAX_LOCATIONS)
      throw new OwnRecordsError(at, `more than ${MAX_LOCATIONS} location names`)
    const problem = ownRecordProblem(table, row)
    if (problem !== null) throw new OwnRecordsError(at, `not a row of ${table}: ${problem}`)
    const key = ownRecordKey(table, row)
    const id = `${table}\u0000${JSON.stringify(key)}`
    const first = this.seen.get(id)
    if (first !== undefined)
      throw new OwnRecordsError(
        at,
        `a second row of ${table} with ${keyWords(table)} ${JSON.stringify(key)} (the first is at ${first})`,
      )
    this.seen.set(id, at)
    this.rows.push(checked)
  }

  /** The rows added, once they hang together, and each destination's log size. */
  finish(): { rows: readonly OwnRecordRow[]; logs: Map<string, LogSize> } {
    checkCorrections(this.rows)
    return { rows: this.rows, logs: checkLog(this.rows) }
  }
}

/** Each correction replaces a movement of its own session in the rows, and none is corrected twice. */
function checkCorrections(rows: readonly OwnRecordRow[]): void {
  const movements = rows.filter((r) => r.table === 'cashMovements')
  const byId = new Map(movements.map((r) => [(r.row as CashMovement).id, r.row as CashMovement]))
  const corrected = new Set<string>()
  for (const { row, at } of movements) {
    const { id, replaces, sessionId } = row as CashMovement
    if (replaces === null) continue
    if (byId.get(replaces)?.sessionId !== sessionId)
      throw new OwnRecordsError(
        at,
        `movement ${id} corrects ${replaces}, no movement of its session`,
      )
    if (corrected.has(replaces))
      throw new OwnRecordsError(at, `movement ${replaces} is corrected twice`)
    corrected.add(replaces)
  }
}

interface BatchRow {
  id: string
  destinationId: string
  entryCount: number
  at: number
  written: number
}

function checkLog(rows: readonly OwnRecordRow[]): Map<string, LogSize> {
  const destinations = new Set<string>(Object.keys(BUILT_IN_NAMES))
  const batches = new Map<string, BatchRow>()
  const sizes = new Map<string, LogSize>()
  const size = (destinationId: string): LogSize => {
    const known = sizes.get(destinationId)
    if (known) return known
    const made = { batches: 0, pages: 0, entries: 0 }
    sizes.set(destinationId, made)
    return made
  }
  for (const { table, row } of rows)
    if (table === 'destinations') destinations.add((row as { id: string }).id)
  for (const { table, row, at } of rows) {
    if (table !== 'exportBatches') continue
    const batch = row as Omit<BatchRow, 'at' | 'written'>
    if (!destinations.has(batch.destinationId))
      throw new OwnRecordsError(
        at,
        `batch ${batch.id} is of no destination (${batch.destinationId})`,
      )
    batches.set(batch.id, { ...batch, at, written: 0 })
    size(batch.destinationId).batches++
  }
  const pages = rows
    .filter((r) => r.table === 'logPages')
    .map(({ row, at }) => ({ page: row as LogPage, at }))
    .sort((a, b) => a.page.seq - b.page.seq)
  /** Per destination, the keys its log holds entries of, in the pages read so far. */
  const logged = new Map<string, Set<string>>()
  for (const { page, at } of pages) {
    const log = sizes.get(page.destinationId)
    const keys = logged.get(page.destinationId) ?? new Set<string>()
    logged.set(page.destinationId, keys)
    if (page.batchId === '') {
      if (!log || log.batches === 0)
        throw new OwnRecordsError(
          at,
          `log page ${page.seq} belongs to no batch, yet destination ${page.destinationId} has no batch it could stand for`,
        )
      // States carried over from before pages stand for entries logged before them: a state of
      // a key with none claims the books hold what no export wrote, and would hide it for good.
      const unlogged = page.states.find((state) => !keys.has(state.key))
      if (unlogged)
        throw new OwnRecordsError(
          at,
          `log page ${page.seq} says key ${unlogged.key} was exported, and no page before it holds an entry of that key`,
        )
    } else {
      const batch = batches.get(page.batchId)
      if (!batch || batch.destinationId !== page.destinationId)
        throw new OwnRecordsError(
          at,
          `log page ${page.seq} belongs to batch ${page.batchId}, which is not a batch of destination ${page.destinationId}`,
        )
      if (page.first !== batch.written)
        throw new OwnRecordsError(
          at,
          `log page ${page.seq} starts at entry ${page.first} of batch ${batch.id}, where ${batch.written} came before it`,
        )
      batch.written += page.entries.length
      for (const entry of page.entries) keys.add(entry.key)
    }
    size(page.destinationId).pages++
    size(page.destinationId).entries += page.entries.length
  }
  for (const batch of batches.values())
    if (batch.written !== batch.entryCount)
      throw new OwnRecordsError(
        batch.at,
        `batch ${batch.id} counts ${batch.entryCount} entries, and its log pages hold ${batch.written}`,
      )
  return sizes
}
