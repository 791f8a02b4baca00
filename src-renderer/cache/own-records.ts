import { z } from 'zod'
import { accountMappingSchema, CONTROL } from '../domain/journal/account-mapping-schema'
import { roleFromKey } from '../domain/journal/accounts'
import { recordSchema } from './reconciliation-record'
import { BUILT_IN_NAMES } from './export-rows'
import type { LogPage } from './log-pages'

/**
 * Till's own records, which the service does not hold and this PC's cache alone keeps (the
 * destinations and their export logs, reconciliations, the account mapping, location names),
 * checked as a whole before any of them is written from outside: a backup being restored, or
 * later shared books pulled from a server. Each row must be one Till could have written itself
 * (real dates, whole minor amounts, bounded text), each key once per table, and the export log
 * must hang together: every page belongs to a batch of its destination, and a batch's pages hold
 * exactly the entries it counts. Pure code: the caller says where each row came from (`at`, a
 * line of a file), and a problem names it.
 */

/** The tables of Till's own records, in the order a backup holds them. */
export const OWN_RECORD_TABLES = [
  'destinations',
  'exportBatches',
  'logPages',
  'reconciliations',
  'accountMapping',
  'accountRoles',
  'locationNames',
] as const

export type OwnRecordTable = (typeof OWN_RECORD_TABLES)[number]

/** The primary key of each table. */
export const OWN_RECORD_KEYS = {
  destinations: 'id',
  exportBatches: 'id',
  logPages: 'seq',
  reconciliations: 'sessionId',
  accountMapping: 'id',
  accountRoles: 'key',
  locationNames: 'locationId',
} as const satisfies Record<OwnRecordTable, string>

/** A location's name, as Settings → Locations takes it. */
const MAX_LOCATION_NAME = 100
/** More locations than any shop on the service has; a list past it is not a shop's. */
const MAX_LOCATIONS = 1_000
const MAX_ID = 200
const MAX_TEXT = 2_000
/** Log pages hold up to 500 entries; a page holds no more than this. */
const MAX_PAGE_ROWS = 1_000

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

function isRealDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number)
  const date = new Date(Date.UTC(y!, m! - 1, d!))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d
}

const id = z.string().min(1).max(MAX_ID)
const text = z.string().max(MAX_TEXT)
const minor = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const businessDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a date (YYYY-MM-DD)')
  .refine(isRealDate, 'is not a date of the calendar')
const businessDateOrNone = z.union([z.literal(''), businessDate])
const instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'is not a time (ISO 8601)')
  .refine((t) => isRealDate(t.slice(0, 10)) && !Number.isNaN(Date.parse(t)), 'is not a real time')
const format = z.enum(Object.keys(BUILT_IN_NAMES) as [keyof typeof BUILT_IN_NAMES])
const granularity = z.enum(['bill', 'session'])
const labels = z
  .record(id, z.string().max(MAX_LOCATION_NAME))
  .refine((names) => Object.keys(names).length <= MAX_LOCATIONS, {
    error: `names more than ${MAX_LOCATIONS} locations`,
  })

const destinationSchema = z.object({
  id,
  name: z.string().trim().min(1).max(80),
  format,
  periods: z
    .array(z.object({ from: businessDateOrNone, granularity }))
    .min(1)
    .max(MAX_PAGE_ROWS),
  postedAs: z.record(id, granularity).optional(),
  postedThrough: businessDateOrNone,
  mapping: z.literal('own').optional(),
})

const targetSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('journal-csv') }),
  z.object({ format: z.literal('ledger') }),
  z.object({
    format: z.literal('xero'),
    options: z.object({
      dateFormat: z.enum(['DD/MM/YYYY', 'DD MMM YYYY']),
      taxRate: text,
      taxRates: z
        .record(id, z.object({ name: text, percent: z.number().min(0).max(100).optional() }))
        .optional(),
      trackingName: text,
      locationLabels: labels.optional(),
      maxLinesPerFile: z.number().int().min(1).max(1_000_000),
    }),
  }),
  z.object({
    format: z.literal('quickbooks'),
    options: z.object({
      dateFormat: z.enum(['MM/DD/YYYY', 'DD/MM/YYYY']),
      customerName: text,
      locationLabels: labels.optional(),
    }),
  }),
  z.object({
    format: z.literal('beancount'),
    options: z.object({ openAccounts: z.boolean(), openDate: businessDate }),
  }),
])

const batchSchema = z.object({
  id,
  destinationId: id,
  createdAt: instant,
  granularity,
  target: targetSchema,
  what: format,
  range: z.object({ from: businessDate, to: businessDate, locationId: z.string().max(MAX_ID) }),
  entryCount: count,
})

const roleKey = text.refine((key) => roleFromKey(key) !== null, 'is not a role Till posts to')

const entrySchema = z.object({
  id,
  kind: z.enum([
    'bill',
    'payment',
    'payment-reversal',
    'expense',
    'session',
    'variance',
    'reversal',
  ]),
  date: businessDate,
  currency: z.string().min(1).max(10),
  description: text,
  payee: text.nullable(),
  billId: id.nullable(),
  registerSessionId: id.nullable(),
  locationId: z.string().max(MAX_ID),
  paymentIds: z.array(id).max(MAX_PAGE_ROWS),
  lines: z
    .array(
      z.object({
        role: roleKey,
        account: z.object({
          code: text,
          name: text,
          kind: z.enum(['asset', 'liability', 'income', 'expense']),
        }),
        amount: minor,
        memo: text,
        taxPercent: z.number().min(0).max(1_000).optional(),
      }),
    )
    .max(MAX_PAGE_ROWS),
})

const hash = z.string().min(1).max(128)

const stateSchema = z.object({
  key: id,
  revision: count,
  liveEntryId: id,
  entry: entrySchema,
  hash,
})

const logKey = z.tuple([id, id])

const pageSchema = z.object({
  seq: count,
  destinationId: id,
  batchId: z.union([z.literal(''), id]),
  first: count,
  entries: z.array(z.object({ entryId: id, key: id, hash, entry: entrySchema })).max(MAX_PAGE_ROWS),
  states: z.array(stateSchema).max(MAX_PAGE_ROWS),
  keys: z.array(logKey).max(2 * MAX_PAGE_ROWS),
})

const mappingSchema = accountMappingSchema.extend({
  id: z.union([z.literal('mapping'), z.templateLiteral(['destination:', id])]),
  savedAt: instant,
  subAccountCodes: z.record(roleKey, text).optional(),
})

const roleSchema = z.object({ key: roleKey, code: text.optional() })

const locationNameSchema = z.object({
  locationId: id,
  name: z
    .string()
    .min(1)
    .max(MAX_LOCATION_NAME)
    .refine((name) => name === name.replace(/\s+/g, ' ').trim() && !CONTROL.test(name), {
      error: 'is not one trimmed line',
    }),
})

const ROW_SCHEMAS: Record<OwnRecordTable, z.ZodType> = {
  destinations: destinationSchema,
  exportBatches: batchSchema,
  logPages: pageSchema,
  reconciliations: recordSchema,
  accountMapping: mappingSchema,
  accountRoles: roleSchema,
  locationNames: locationNameSchema,
}

export function isOwnRecordTable(name: unknown): name is OwnRecordTable {
  return typeof name === 'string' && (OWN_RECORD_TABLES as readonly string[]).includes(name)
}

/** Why a row is not one Till writes into `table`; null when it is. */
function ownRecordProblem(table: OwnRecordTable, row: unknown): string | null {
  const parsed = ROW_SCHEMAS[table].safeParse(row)
  if (parsed.success) return table === 'logPages' ? pageKeysProblem(row as LogPage) : null
  const issue = parsed.error.issues[0]!
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''
  return `${where}${issue.message}`
}

/** A page's index keys are its entries' and states' keys; a page saying otherwise is forged. */
function pageKeysProblem(page: LogPage): string | null {
  const keys = new Set([...page.entries.map((e) => e.key), ...page.states.map((s) => s.key)])
  const listed = page.keys.map(([destinationId, key]) =>
    destinationId === page.destinationId ? key : '\u0000',
  )
  return listed.length === keys.size && listed.every((key) => keys.has(key))
    ? null
    : 'keys: the page’s keys are not those of its entries and states'
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
    const key = (row as Record<string, unknown>)[OWN_RECORD_KEYS[table]] as string | number
    const id = `${table}\u0000${key}`
    const first = this.seen.get(id)
    if (first !== undefined)
      throw new OwnRecordsError(
        at,
        `a second row of ${table} with ${OWN_RECORD_KEYS[table]} ${JSON.stringify(key)} (the first is at ${first})`,
      )
    this.seen.set(id, at)
    this.rows.push(checked)
  }

  /** The rows added, once they hang together, and each destination's log size. */
  finish(): { rows: readonly OwnRecordRow[]; logs: Map<string, LogSize> } {
    return { rows: this.rows, logs: checkLog(this.rows) }
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
  for (const { page, at } of pages) {
    const log = sizes.get(page.destinationId)
    if (page.batchId === '') {
      if (page.entries.length > 0 || !log || log.batches === 0)
        throw new OwnRecordsError(
          at,
          `log page ${page.seq} belongs to no batch, yet destination ${page.destinationId} has no batch it could stand for`,
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
