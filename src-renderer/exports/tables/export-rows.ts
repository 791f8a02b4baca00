import type { AccountMapping, RoleKey } from '../rules/accounts'
import type { ExportBatch, Granularity } from '../rules/export-log'
import type { JournalFormat } from '../rules/formats/journal-formats'

/**
 * The rows the exports keep in the cache: destinations (see ./destinations.ts), their log's
 * batches and runs, and the account mappings.
 */

export interface ExportRange {
  /** Business dates, YYYY-MM-DD, both included. */
  from: string
  to: string
  /** Empty for every location. */
  locationId: string
}

/** An export batch as the log keeps it: the batch and what the screen lists about it. */
export interface StoredBatch extends ExportBatch {
  what: JournalFormat
  range: ExportRange
  entryCount: number
  /**
   * The accounts a beancount batch's file opened (exports/rules/formats/beancount.ts); absent before Till kept
   * them, and for other formats.
   */
  accountsOpened?: string[]
  /** The range's sessions it held back because they could still be trading; absent for none. */
  heldBack?: string[]
  /**
   * Its place among the destination's batches, from 1; absent on batches from before Till
   * numbered them (they count all the same: the next number is past them).
   */
  number?: number
  /** The name its file was given (./export-batches.ts); absent where it was made without one. */
  fileName?: string
}

export interface ExportRun {
  id: string
  startedAt: string
}

/**
 * A stored mapping, replaced whole on each save: the shared one, and one for each destination
 * that has its own (./destinations.ts `mappingIdOf`).
 */
export interface SavedAccountMapping extends AccountMapping {
  id: MappingId
  savedAt: string
}

/**
 * A role met in the cache or in an export's range, so Settings lists it for mapping; a tax or
 * category with the sub-account code the default chart gave it, never changed once given.
 */
export interface SeenAccountRole {
  key: RoleKey
  code?: string
}

export interface GranularityPeriod {
  /** The first business date (YYYY-MM-DD) this granularity applies to; '' for the first period. */
  from: string
  granularity: Granularity
}

export interface Destination {
  id: string
  name: string
  format: JournalFormat
  /** In order of `from`; the first from ''. */
  periods: GranularityPeriod[]
  /**
   * Sessions a log from before destinations (cache version 12) posted the other way than the
   * periods say, by id: they stay as they were posted.
   */
  postedAs?: Record<string, Granularity>
  /**
   * The latest business date this destination's books hold an entry of, or an entry for a
   * session of; '' when nothing was posted.
   */
  postedThrough: string
  /**
   * The destination's lock date (Xero's and QuickBooks' period lock): its books take no entry
   * dated on or before it. Absent while not locked.
   */
  lockedThrough?: string
  /**
   * 'own' when the destination posts with a mapping of its own (a second Xero organisation has
   * its own chart); absent, as on every destination before, it uses the connection's shared one.
   */
  mapping?: 'own'
}

export const BUILT_IN_NAMES: Record<JournalFormat, string> = {
  'journal-csv': 'Generic CSV journal',
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
  beancount: 'beancount',
  ledger: 'hledger/ledger',
}

export function builtInDestination(format: JournalFormat): Destination {
  return {
    id: format,
    name: BUILT_IN_NAMES[format],
    format,
    periods: [{ from: '', granularity: 'bill' }],
    postedThrough: '',
  }
}

/** The key of the shared account mapping in the cache's accountMapping table. */
export const SHARED_MAPPING = 'mapping'
export type MappingId = typeof SHARED_MAPPING | `destination:${string}`
