import type { TillDatabase } from '../../database/database'
import type { ExportRange, StoredBatch } from '../tables/export-rows'
import type { AccountMapping } from '../rules/accounts'
import type { JournalFormat } from '../rules/formats/journal-formats'
import type { ExportProgress } from './run-export-pages'

/** What an export can write, and what a run of one is given (./run-export.ts drives it). */

export const CSV_TABLES = [
  'sessions',
  'session_payments',
  'bills',
  'bill_lines',
  'payments',
  'expenses',
] as const
export type CsvTable = (typeof CSV_TABLES)[number]

export const JOURNAL_FORMATS: readonly JournalFormat[] = [
  'journal-csv',
  'xero',
  'quickbooks',
  'beancount',
  'ledger',
]

export type ExportWhat = CsvTable | JournalFormat

export function isJournal(what: ExportWhat): what is JournalFormat {
  return (JOURNAL_FORMATS as readonly string[]).includes(what)
}

/** Where a batch commits first when the shop's records are shared: it throws to refuse it. */
export interface SharedExportCommit {
  commit(batch: StoredBatch): Promise<void>
}

export interface RunExportOptions {
  db: TillDatabase
  what: ExportWhat
  range: ExportRange
  /** The destination a journal goes to; the format's own destination when left out. */
  destinationId?: string
  mapping: AccountMapping
  timeZone: string
  /** The shop's currency, for sessions without bills. */
  currency: string
  signal?: AbortSignal
  /**
   * Post the sessions that can still be trading too (the bookkeeper was warned). Left out, they
   * are held back, with their bills, payments and expenses, until an export after they close.
   */
  includeOpen?: boolean
  /** Plan the export and count what it would write, then change nothing (a preview). */
  dryRun?: boolean
  onProgress?: (progress: ExportProgress) => void
  /**
   * The batch's number and file name, chosen before its file was opened (./export-file.ts); the
   * log refuses them should another export have taken them meanwhile. Left out, the batch takes
   * the next number when it commits.
   */
  file?: { number: number; name: string }
  /** Records per page read from the cache. */
  sliceSize?: number
  /**
   * Commits the batch to shared books before it counts here (../../shared-books/jobs/shared-export.ts);
   * left out without shared books.
   */
  sharedCommit?: SharedExportCommit
  /** For tests: the batch's time and id. */
  now?: () => Date
  batchId?: string
}
