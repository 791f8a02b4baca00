import type { TillDatabase } from '../../database/database'
import type { ExportRange, StoredBatch } from '../tables/export-rows'
import { batchJournalPages } from '../tables/log-page-queries'
import { readBatch } from '../tables/export-batches'
import { writeJournal } from '../rules/formats/journal-formats'
import type { OutputChunk } from '../rules/formats/output'
import { checkXeroMapping } from '../rules/xero-accounts'
import { isJournal, type ExportWhat, type RunExportOptions } from './export-options'
import { journalExport, noRevisions, type ExportResult } from './journal-export'
import { csvExport } from './run-export-csv'
import { acquireExportLock } from './run-export-log'
import { ProgressCounter, checkRange, checkSignal } from './run-export-pages'
import { rangeLocations } from '../tables/export-range-reads'

export { ExportCancelledError, type ExportProgress } from './run-export-pages'

export {
  CSV_TABLES,
  JOURNAL_FORMATS,
  type CsvTable,
  type ExportWhat,
  type RunExportOptions,
} from './export-options'

/**
 * Drives an export from the cache (docs/export-log.md): records are read a page at a time through
 * the indexes for the range, journal entries are planned against the export log of the chosen
 * destination (exports/tables/destinations.ts: its own log, and its granularity per session), and the
 * writer's chunks are handed on as they come, so memory holds one page whatever the range. The
 * log is written as the export goes but counts only once the writer has finished and the run
 * commits (../tables/export-log-writer.ts): a cancelled or failed export changes nothing. CSV tables of
 * records are not journals and leave the log alone.
 *
 * Drive it with `for await` (or `next()` for the result) and hand each chunk to a sink; the
 * next chunk is read only once the sink has taken the last, so a slow disk slows the reads
 * instead of filling memory. `writeToSink` (./file-sinks.ts) does that and finishes or aborts the
 * sink.
 */

export type { ExportResult }

/** Where an export's chunks go: a file written by main, a download, or nowhere (a benchmark). */
export interface ChunkSink {
  write(chunk: OutputChunk): Promise<void>
  /** Every chunk is written and the log committed: make the file(s) whole; their names. */
  finish(): Promise<string[]>
  /** Cancelled, failed, or nothing new: leave no file. */
  abort(): Promise<void>
}

/** A journal with nothing new makes no file; a CSV table of no records is still a file. */
export function nothingNew(what: ExportWhat): (result: ExportResult) => boolean {
  return (result) => isJournal(what) && result.entryCount === 0
}

/** What a journal export would write now, by kind of entry; nothing is written or logged. */
export async function previewExport(options: RunExportOptions): Promise<ExportResult> {
  const exports = runExport({ ...options, dryRun: true })
  for (;;) {
    const next = await exports.next()
    if (next.done) return next.value
  }
}

/** Runs an export: chunks as they are written; the result once the whole file is made. */
export async function* runExport(
  options: RunExportOptions,
): AsyncGenerator<OutputChunk, ExportResult> {
  const { db, range, signal } = options
  checkRange(range)
  checkSignal(signal)
  const size = options.sliceSize ?? 500
  const progress = new ProgressCounter(options.onProgress)
  const locations = await rangeLocations(db, range)
  const what = options.what
  if (!isJournal(what)) {
    yield* csvExport(options, what, locations, size, progress)
    checkSignal(signal)
    return {
      batch: null,
      entryCount: 0,
      revisions: noRevisions(),
      records: progress.done,
      defaulted: [],
      problems: [],
      heldBack: 0,
      movedOutOfLock: 0,
      variancesHeld: 0,
    }
  }
  if (what === 'xero') checkXeroMapping(options.mapping)
  const release = await acquireExportLock(db.name)
  try {
    return yield* journalExport(options, what, locations, size, progress)
  } finally {
    release()
  }
}

/** A past batch's file(s) again, byte for byte, from the entries the log kept. */
export async function* recreateBatch(
  db: TillDatabase,
  batchId: string,
): AsyncGenerator<OutputChunk> {
  const batch = await readBatch(db, batchId)
  if (!batch) throw new Error(`No export batch ${batchId}`)
  yield* writeJournal(batch.target, batchJournalPages(db, batchId))
}

/** The destination's batches whose range overlaps `range` (same location, or all), newest first. */
export function batchesHolding(
  batches: readonly StoredBatch[],
  destinationId: string,
  range: ExportRange,
): StoredBatch[] {
  return batches.filter(
    (b) =>
      b.destinationId === destinationId &&
      b.range.from <= range.to &&
      b.range.to >= range.from &&
      (b.range.locationId === '' ||
        range.locationId === '' ||
        b.range.locationId === range.locationId),
  )
}
