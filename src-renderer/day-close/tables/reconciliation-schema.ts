import { z } from 'zod'
import type { Reconciliation } from '../../database/cached-records'
import type { CountResult, DayCloseFigures } from '../rules/day-close'
import { MAX_OF_A_KIND, MAX_PIECES, type CountedDenomination } from '../rules/denominations'

/**
 * A reconciliation as Till stores it: the cache's `Reconciliation` with the frozen figures typed,
 * the count's variances, and a log of every confirm and reopen. The record outlives a reopen (the
 * log is the audit trail); whether a session is reconciled now is its `status`.
 */

const minor = z.number().int()

const figuresSchema = z.object({
  saleCount: z.number().int(),
  refundCount: z.number().int(),
  voidCount: z.number().int(),
  grossSales: minor,
  discounts: minor,
  fees: minor,
  refunds: minor,
  voids: minor,
  netSales: minor,
  tax: minor,
  taxByRate: z.array(z.object({ name: z.string(), rate: z.number().nullable(), amount: minor })),
  methods: z.array(z.object({ method: z.string(), collected: minor, returned: minor, net: minor })),
  totalCollected: minor,
  receivableChange: minor,
  expenses: minor,
  cashExpenses: minor,
  openingCash: minor.nullable(),
  // Counts frozen before cash movements were recorded had none.
  payIns: minor.default(0),
  payOuts: minor.default(0),
  drops: minor.default(0),
  expectedCash: minor,
  billsAwaitingDetail: z.number().int(),
}) satisfies z.ZodType<DayCloseFigures>

const countSchema = z.object({
  countedCash: minor,
  // Null while the opening cash was not known; a count saved before that rule holds a number,
  // which determinedVariance reads past.
  cashVariance: minor.nullable(),
  methods: z.array(
    z.object({ method: z.string(), counted: minor, expected: minor, variance: minor }),
  ),
}) satisfies z.ZodType<CountResult>

const logEntrySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('reconciled'),
    at: z.number(),
    by: z.string(),
    countedCash: minor,
    cashVariance: minor.nullable(),
    note: z.string().default(''),
    midShift: z.boolean().default(false),
  }),
  z.object({
    action: z.literal('reopened'),
    at: z.number(),
    by: z.string(),
    /** Why the count was reopened; empty in a record saved before a reopen asked for one. */
    reason: z.string().default(''),
  }),
])
const breakdownSchema = z
  .array(
    z.object({
      value: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      kind: z.enum(['note', 'coin']),
      pieces: z.number().int().positive().max(MAX_PIECES),
    }),
  )
  .max(2 * MAX_OF_A_KIND) satisfies z.ZodType<CountedDenomination[]>

export type ReconciliationLogEntry = z.infer<typeof logEntrySchema>
type CountEntry = Extract<ReconciliationLogEntry, { action: 'reconciled' }>
type ReopenEntry = Extract<ReconciliationLogEntry, { action: 'reopened' }>

/** An earlier count that a reopen set aside, and that reopen. */
export interface ReplacedCount {
  count: CountEntry
  reopen: ReopenEntry
}

/**
 * The count the standing one replaced: the last count before the last reopen, when the log ends
 * with a count after that reopen. Null for a first count, and while a reopen stands.
 */
export function replacedCount(log: readonly ReconciliationLogEntry[]): ReplacedCount | null {
  const last = log.at(-1)
  if (last?.action !== 'reconciled') return null
  const reopenAt = log.findLastIndex((e) => e.action === 'reopened')
  if (reopenAt === -1) return null
  const reopen = log[reopenAt] as ReopenEntry
  const count = log.slice(0, reopenAt).findLast((e): e is CountEntry => e.action === 'reconciled')
  return count ? { count, reopen } : null
}

export const recordSchema = z.object({
  sessionId: z.string(),
  countedCash: minor,
  countedByMethod: z.record(z.string(), minor),
  figures: figuresSchema,
  reconciledAt: z.number(),
  reconciledBy: z.string(),
  changedAfterAt: z.number().nullable(),
  currency: z.string().nullable(),
  count: countSchema,
  /** The status a reopen gives back. */
  statusBefore: z.enum(['open', 'closed']),
  /** Set by a reopen, cleared by the next confirm. */
  reopenedAt: z.number().nullable(),
  /** The opening float recorded while the session's opening cash was unknown (no close event). */
  openingFloat: minor.nullable().default(null),
  /** Why the count differs from what was expected; empty when nothing differs. */
  varianceNote: z.string().default(''),
  /** Counted while the session could still be trading (the manager chose "Count mid-shift"). */
  midShift: z.boolean().default(false),
  /** The notes and coins counted, those with pieces only; null for a count typed as an amount. */
  breakdown: breakdownSchema.nullable().default(null),
  log: z.array(logEntrySchema),
}) satisfies z.ZodType<Reconciliation>

export type SessionReconciliation = z.infer<typeof recordSchema>

export type StoredRecord =
  | { state: 'none' }
  | { state: 'ok'; record: SessionReconciliation }
  | { state: 'unreadable'; reason: string }

/**
 * Whether a stored record's count stands (its log ends with a count, not a reopen). A session it
 * names is reconciled, also one this PC syncs in only after the count was pulled from shared books.
 */
export function countStands(stored: Reconciliation | undefined): boolean {
  const read = readReconciliation(stored)
  return read.state === 'ok' && read.record.log.at(-1)?.action === 'reconciled'
}

/** The stored record of a session, checked: a record Till cannot read is said so, not guessed. */
export function readReconciliation(stored: Reconciliation | undefined): StoredRecord {
  if (!stored) return { state: 'none' }
  const parsed = recordSchema.safeParse(stored)
  return parsed.success
    ? { state: 'ok', record: parsed.data }
    : { state: 'unreadable', reason: z.prettifyError(parsed.error) }
}
