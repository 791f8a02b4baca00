import type {
  Bill,
  BillType,
  Expense,
  Payment,
  QuarantinedRecord,
} from '../../src-shared/domain/records'

/** What the cache holds, beyond the records as main delivers them. */

export type PaymentState = 'paid' | 'partly_paid' | 'unpaid'

export interface CachedBill extends Bill {
  /** Merchant-local date of `createdAt`. */
  businessDate: string
  /** From what was paid against the total: filters and the Bills screen. */
  paymentState: PaymentState
  /** Distinct methods of the payments not reversed. */
  methods: string[]
  /** The bill number in lower case, for prefix search. */
  numberKey: string
  /** Present (1) only when the bill breaks a bill identity: a sparse index lists just those. */
  brokenIdentity?: 1
}

/**
 * What finds a bill's payments beyond its own session (cache version 23), kept only for a bill with
 * its detail that has some: the sessions other than its own its payments were taken in (present
 * when there is one) and when they were reversed (present when one was).
 */
export interface BillPaymentIndex {
  billId: string
  paidInSessions?: string[]
  reversedAts?: number[]
}

/** A payment with its bill's id, type and location: a session's takings, from its bills. */
export interface CachedPayment extends Payment {
  billId: string
  billType: BillType
  locationId: string
}

export type CachedExpense = Expense

type SessionStatus = 'open' | 'closed' | 'reconciled'

export interface RegisterSession {
  id: string
  locationId: string
  /** Merchant-local date of the opening, or of its first activity while the opening is unknown. */
  businessDate: string
  openedAt: number | null
  closedAt: number | null
  /** Minor units; null while unknown (the close event carries it). */
  openingCash: number | null
  /** The earliest bill or payment seen in it. */
  firstActivityAt: number | null
  status: SessionStatus
}

/**
 * A stretch of history by `created_at` (`from` inclusive, `to` exclusive, null unbounded), read
 * newest first page by page beside the other stretches.
 */
export interface HistoryRange {
  from: string | null
  to: string | null
  /** The next page to read. */
  page: number
  done: boolean
}

export interface Checkpoint {
  key: string
  /** Backfill: the next page to read, newest first. */
  backfillPage: number | null
  /** Backfill read in stretches side by side, each with its next page; absent: one stretch. */
  backfillRanges?: HistoryRange[]
  backfillDone: boolean
  /** Incremental: the last `updated_at` text seen, and the page within that instant. */
  cursor: string | null
  cursorPage: number
  lastSuccessAt: number | null
  /**
   * Tonight first: where a first sync's read of recent changes starts (the first instant of the
   * business day before yesterday), before any history; absent: no such read (a cache synced before).
   */
  recentFrom?: number
  /**
   * Every record of the collection changed at or after this time is in: the recent read has
   * reached its end (the updates go on from its cursor). Absent until then.
   */
  coveredFrom?: number
}

export interface PendingDetail {
  id: string
  /** Lower runs first: live events before sweeps and backfill. */
  priority: number
}

export interface QuarantineEntry extends QuarantinedRecord {
  key: string
  seenAt: number
}

export interface ProcessedWebhook {
  id: string
  processedAt: number
}

/**
 * Small facts about the cache itself: the demo shop's epoch, the sweep schedule and its last deep
 * sweep, the Exports form's choices.
 */
export interface MetaEntry {
  key:
    | 'demo-epoch'
    | 'deep-sweep-at'
    | 'sweep-minutes'
    | 'deep-sweep-days'
    | 'bill-counts'
    /** How far the fill of a cache from before tallies and counts is (../sessions/tables/saved-bills-fill.ts). */
    | 'saved-bills-fill'
    | 'saved-bills-fill-tallies'
    | 'records-written'
    /** The shop's own notes and coins, by currency (day-close/tables/denomination-settings.ts). */
    | 'denominations'
    /** How many files of a CSV table the Exports screen has made (../exports/tables/table-exports.ts). */
    | `table-exports:${string}`
    /** The Exports form's last choices (../exports/tables/export-choices.ts). */
    | 'export-form'
    | `export-choices:${string}`
    /** Where Day close opens on this PC (../day-close/tables/day-close-choice.ts). */
    | 'day-close-choice'
    /** The days this PC's shop closed on paper, before Till (../sessions/tables/paper-closed.ts). */
    | 'paper-closed-through'
    /** The shared books this cache joined, and the last change applied (../shared-books/tables/shared-outbox.ts). */
    | 'shared-books'
    | 'shared-books-change'
    /** When the demo shop's own location names were given (../settings/tables/location-names.ts). */
    | 'demo-location-names'
    /** When the demo bank's terms were given (../deposits/tables/deposit-settings-store.ts). */
    | 'demo-bank-terms'
  value: string | number
}

/** A session the manager counted and confirmed: the figures at that moment, frozen. */
export interface Reconciliation {
  sessionId: string
  /** Minor units counted in the drawer. */
  countedCash: number
  /** Counted totals of non-cash methods, when the manager entered them. */
  countedByMethod: Record<string, number>
  /** The day-close figures as they were when confirmed (see src-renderer/day-close/rules). */
  figures: unknown
  reconciledAt: number
  reconciledBy: string
  /** Set when a bill of the session changed after it was reconciled. */
  changedAfterAt: number | null
}

/**
 * A drawer count being typed and not yet confirmed or discarded (day-close/tables/count-drafts.ts), its
 * fields as typed.
 */
export interface CountDraft {
  sessionId: string
  /** Epoch ms of the last change. */
  savedAt: number
  fields: CountDraftFields
}

export interface CountDraftFields {
  countedCash: string
  /** By payment method. */
  countedByMethod: Record<string, string>
  countedBy: string
  note: string
  /** Pieces as typed, by denomination key (day-close/rules/denominations' `denominationKey`). */
  pieces: Record<string, string>
}

/** A location's name as Settings → Locations keeps it (see format/location-label). */
export interface LocationName {
  locationId: string
  name: string
}

/** How far the Bills screen's kept counts go (sessions/tables/bill-count-store.ts); kept in meta as JSON. */
export interface BillCountsState {
  /** Every bill written before the counts were kept has been counted. */
  complete: boolean
  /** The zone the bills' business dates are in; null until the first write or fill says. */
  timeZone: string | null
  /** Some bill's business date is of another zone: date ranges cannot be answered from cells. */
  mixedZones: boolean
}

/**
 * How far the one pass over the bills of a cache from before tallies and counts has gone
 * (sessions/tables/saved-bills-fill.ts); kept in meta as JSON, the sessions' running sums so far beside it.
 */
export interface SavedBillsFillState {
  /** The last bill read, in key order; null before the first page. */
  through: string | null
  /** Bills read so far, and how many the cache held when the fill began. */
  done: number
  total: number
  /** The counts were not complete when the fill began: it counts the bills too. */
  counting: boolean
  /** Some bill read has a business date of another zone than the fill's. */
  mixedZones: boolean
}

/** A cache made with the counts kept from its first bill. */
export const COUNTS_KEPT_FROM_THE_START: BillCountsState = {
  complete: true,
  timeZone: null,
  mixedZones: false,
}
