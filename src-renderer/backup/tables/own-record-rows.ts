import { z } from 'zod'
import { accountMappingSchema, CONTROL } from '../../exports/rules/account-mapping-schema'
import { roleFromKey } from '../../exports/rules/accounts'
import { recordSchema } from '../../day-close/tables/reconciliation-schema'
import { BUILT_IN_NAMES } from '../../exports/tables/export-rows'
import { indexKeys, keysOf, type LogPage } from '../../exports/tables/log-pages'
import { MOVEMENT_KINDS, type CashMovement } from '../../day-close/rules/cash-movements'
import { depositSettingsSchema } from '../../deposits/rules/deposit-settings'
import { DIFFERENCE_REASONS } from '../../deposits/rules/difference-reasons'
import { matchId } from '../../deposits/rules/matching'
import type { CsvMapping } from '../../deposits/rules/statements/csv-statement'
import { CSV_DATE_FORMATS, type CsvDateFormat } from '../../deposits/rules/statements/csv-dates'
import { MAX_LINE_ID, MAX_LINE_TEXT } from '../../deposits/rules/statements/line-bounds'
import type {
  DepositSettingsRow,
  StatementBatch,
  StoredMatch,
  StoredStatementLine,
} from '../../deposits/tables/deposit-rows'

/**
 * Each row of Till's own records (./own-records.ts) as Till writes it: real dates, whole minor
 * amounts within the safe range, text and lists within bounds, names Till knows.
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
  'cashMovements',
  'statementLines',
  'depositMatches',
  'depositSettings',
] as const

export type OwnRecordTable = (typeof OWN_RECORD_TABLES)[number]

export function isOwnRecordTable(name: unknown): name is OwnRecordTable {
  return typeof name === 'string' && (OWN_RECORD_TABLES as readonly string[]).includes(name)
}

/** A location's name, as Settings → Locations takes it. */
const MAX_LOCATION_NAME = 100
/** More locations than any shop on the service has; a list past it is not a shop's. */
export const MAX_LOCATIONS = 1_000
const MAX_ID = 200
const MAX_TEXT = 2_000
/** Log pages hold up to 500 entries; a page holds no more than this. */
const MAX_PAGE_ROWS = 1_000

function isRealDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number)
  const date = new Date(Date.UTC(y!, m! - 1, d!))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d
}

/** An id; never `__proto__`, which a plain object would take for its prototype. */
const id = z
  .string()
  .min(1)
  .max(MAX_ID)
  .refine((value) => value !== '__proto__', 'is not an id')
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
  lockedThrough: businessDate.optional(),
  mapping: z.literal('own').optional(),
})

const namesOnly = z.object({ locationLabels: labels.optional() })

const targetSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('journal-csv'), options: namesOnly.optional() }),
  z.object({ format: z.literal('ledger'), options: namesOnly.optional() }),
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
    options: z.object({
      openAccounts: z.boolean(),
      openDate: businessDate,
      opened: z.array(text).optional(),
      locationLabels: labels.optional(),
    }),
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
  accountsOpened: z.array(text).optional(),
  heldBack: z.array(id).optional(),
  number: count.min(1).optional(),
  fileName: z
    .string()
    .regex(/^[\w.-]{1,200}$/, 'is not a file name')
    .optional(),
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
    'cash-movement',
    'deposit',
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
          kind: z.enum(['asset', 'liability', 'equity', 'income', 'expense']),
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

const cashMovementSchema = z
  .object({
    id,
    sessionId: id,
    kind: z.enum(MOVEMENT_KINDS),
    amount: minor.min(0),
    currency: z.string().regex(/^[A-Z]{3}$/, 'is not a currency code'),
    category: z.string().min(1).max(MAX_ID).nullable(),
    at: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    by: z.string().trim().min(1).max(MAX_TEXT),
    note: text,
    replaces: id.nullable(),
  })
  .refine((m) => (m.kind === 'cancel') === (m.amount === 0), {
    error: 'a cancellation moves no cash, any other movement some',
  }) satisfies z.ZodType<CashMovement>

const currency = z.string().regex(/^[A-Z]{3}$/, 'is not a currency code')
const time = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** More bank lines than one deposit is ever split over. */
const MAX_MATCH_LINES = 50

/** A bank line's id and text, bound as the statement readers bind them. */
const lineId = z
  .string()
  .min(1)
  .max(MAX_LINE_ID)
  .refine((value) => value !== '__proto__', 'is not an id')

const statementLineSchema = z.object({
  bankAccountId: id,
  id: lineId,
  date: businessDate,
  valueDate: businessDate.optional(),
  amount: minor,
  currency,
  text: z.string().max(MAX_LINE_TEXT),
  balance: minor.optional(),
  bankKind: id.optional(),
  bankReference: id.optional(),
  importedAt: time,
  batchId: id.optional(),
}) satisfies z.ZodType<StoredStatementLine>

const statementBatchSchema = z.strictObject({
  id,
  bankAccountId: id,
  fileName: z.string().max(MAX_TEXT),
  format: z.enum(['csv', 'ofx', 'camt053', 'mt940']),
  importedAt: time,
  lines: count,
  added: count,
  already: count,
  undoneAt: time.optional(),
  undoneBy: z.string().trim().min(1).max(MAX_ID).optional(),
}) satisfies z.ZodType<StatementBatch>

const depositMatchSchema = z
  .object({
    id: z.string().min(1).max(MAX_TEXT),
    bankAccountId: id,
    bankLineIds: z.array(lineId).min(1).max(MAX_MATCH_LINES),
    expectedIds: z.array(z.string().min(1).max(MAX_ID)).min(1).max(MAX_PAGE_ROWS),
    kind: z.enum(['exact', 'within-fee', 'several-days', 'split', 'by-hand']),
    fee: minor,
    shortfall: minor,
    explained: z.enum(DIFFERENCE_REASONS).optional(),
    confirmedAt: time.optional(),
    state: z.enum(['confirmed', 'unmatched']),
    madeBy: z.string().trim().min(1).max(MAX_ID),
    madeAt: time,
    unmatchedBy: z.string().trim().min(1).max(MAX_ID).optional(),
    unmatchedAt: time.optional(),
    postingKey: z.templateLiteral(['deposit:', lineId]).optional(),
  })
  .refine((m) => m.id === matchId(m.bankAccountId, m.bankLineIds), {
    error: 'a match’s id names its bank account and its lines',
  })
  .refine((m) => (m.state === 'unmatched') === (m.unmatchedAt !== undefined), {
    error: 'an unmatched match says when, a standing one does not',
  }) satisfies z.ZodType<StoredMatch>

const column = z.string().min(1).max(MAX_ID)
const csvMappingSchema = z.strictObject({
  delimiter: z.enum([',', ';', '\t', '|']),
  skipRows: z.number().int().min(0).max(1_000),
  footerRows: z.number().int().min(0).max(1_000),
  date: column,
  dateFormat: z.enum(CSV_DATE_FORMATS as [CsvDateFormat, ...CsvDateFormat[]]),
  valueDate: column.optional(),
  amount: z.union([
    z.strictObject({ signed: column }),
    z.strictObject({ credit: column, debit: column }),
  ]),
  text: z.array(column).max(20),
  balance: column.optional(),
  id: column.optional(),
  currency: column.optional(),
  decimalMark: z.enum(['.', ',']),
}) satisfies z.ZodType<CsvMapping>

const depositSettingsRowSchema = z.union([
  z.strictObject({ key: z.literal('settings'), settings: depositSettingsSchema }),
  z.strictObject({ key: z.templateLiteral(['csv:', id]), columns: csvMappingSchema }),
  z.strictObject({ key: z.templateLiteral(['import:', id]), batch: statementBatchSchema }),
]) satisfies z.ZodType<DepositSettingsRow>

const ROW_SCHEMAS: Record<OwnRecordTable, z.ZodType> = {
  destinations: destinationSchema,
  exportBatches: batchSchema,
  logPages: pageSchema,
  reconciliations: recordSchema,
  accountMapping: mappingSchema,
  accountRoles: roleSchema,
  locationNames: locationNameSchema,
  cashMovements: cashMovementSchema,
  statementLines: statementLineSchema,
  depositMatches: depositMatchSchema,
  depositSettings: depositSettingsRowSchema,
}

/** The key of each table's rows as Till writes them: the key field's schema, or both fields'. */
const KEY_SCHEMAS: Record<OwnRecordTable, z.ZodType> = {
  destinations: destinationSchema.shape.id,
  exportBatches: batchSchema.shape.id,
  logPages: count,
  reconciliations: id,
  accountMapping: mappingSchema.shape.id,
  accountRoles: roleSchema.shape.key,
  locationNames: locationNameSchema.shape.locationId,
  cashMovements: cashMovementSchema.shape.id,
  statementLines: z.tuple([statementLineSchema.shape.bankAccountId, statementLineSchema.shape.id]),
  depositMatches: depositMatchSchema.shape.id,
  depositSettings: z.union(depositSettingsRowSchema.options.map((row) => row.shape.key)),
}

/**
 * Whether `key` (a field's value, or the fields of a compound key in order) is one a row of
 * `table` can have: what a deletion from outside, which carries no row, is checked by.
 */
export function isOwnRecordKey(table: OwnRecordTable, key: unknown): boolean {
  return KEY_SCHEMAS[table].safeParse(key).success
}

/** Why a row is not one Till writes into `table`; null when it is. */
export function ownRecordProblem(table: OwnRecordTable, row: unknown): string | null {
  const parsed = ROW_SCHEMAS[table].safeParse(row)
  if (parsed.success) return table === 'logPages' ? pageProblem(row as LogPage) : null
  const issue = parsed.error.issues[0]!
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''
  return `${where}${issue.message}`
}

function pageProblem(page: LogPage): string | null {
  return pageStatesProblem(page) ?? pageKeysProblem(page)
}

/**
 * Each state a page of a batch sets is of an entry the page holds: an export run logs the
 * entries of a slice in one page with the states they set (../../exports/rules/export-log.ts
 * `planExport` sets a key's state only with an entry written under its live id). A state with no
 * entry claims the books hold what no export wrote, and the next export would skip its key for
 * good. A page of no batch (states carried over from before pages) holds no entries; whether its
 * keys have entries earlier in the log is the whole log's check (./own-records.ts `checkLog`).
 */
function pageStatesProblem(page: LogPage): string | null {
  if (page.batchId === '')
    return page.entries.length === 0 ? null : 'entries: a page of no batch holds no entries'
  const written = new Set(page.entries.map((e) => `${e.key}\u0000${e.entryId}`))
  const index = page.states.findIndex((s) => !written.has(`${s.key}\u0000${s.liveEntryId}`))
  return index === -1
    ? null
    : `states.${index}: key ${page.states[index]!.key} stands at ${page.states[index]!.liveEntryId}, an entry the page does not hold`
}

/**
 * A page's index keys are those of its entries' and states' keys (../../exports/tables/log-pages.ts `indexKeys`), or,
 * from a Till before index keys were cut short, the keys themselves; a page saying otherwise is
 * forged, and would hide its entries from the exports.
 */
function pageKeysProblem(page: LogPage): string | null {
  const problem = 'keys: the page’s keys are not those of its entries and states'
  const listed = new Set(
    page.keys.map(([destinationId, key]) =>
      destinationId === page.destinationId ? key : '\u0000',
    ),
  )
  // A key listed twice could stand in the count for one left out of the index.
  if (listed.size !== page.keys.length) return problem
  const keys = keysOf(page)
  const sameAs = (expected: ReadonlySet<string>) =>
    listed.size === expected.size && [...listed].every((key) => expected.has(key))
  return sameAs(keys) || sameAs(new Set(indexKeys(keys))) ? null : problem
}
