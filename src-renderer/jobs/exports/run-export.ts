import type { TillDatabase } from '../../cache/database'
import type { RegisterSession } from '../../cache/cached-records'
import { billsOfSession } from '../../cache/bill-session'
import { readReconciliation } from '../../cache/reconciliation-record'
import { AccountResolver, type DefaultedAccount } from '../../domain/journal/accounts'
import {
  entryRevision,
  planExport,
  postedView,
  type EntryRevision,
  type PostedState,
} from '../../domain/journal/export-log'
import {
  billEntries,
  expenseEntries,
  postingKeys,
  separatePaymentEntries,
  varianceEntries,
  type JournalBill,
  type JournalContext,
  type SessionDay,
  type JournalProblem,
} from '../../domain/journal/journal'
import type { JournalEntry } from '../../domain/journal/journal-entry'
import { sessionSummaryEntries } from '../../domain/journal/session-summary'
import { SessionModes } from './session-modes'
import { DestinationError, currentGranularity, readDestination } from '../../cache/destinations'
import { loadLocationNames } from '../../cache/location-names'
import {
  defaultTarget,
  withLocationNames,
  withXeroTaxRates,
  writeJournal,
  type JournalFormat,
} from '../../domain/journal/formats/journal-formats'
import type { OutputChunk } from '../../domain/journal/formats/output'
import { csvExport } from './run-export-csv'
import { billSessionIds, sessionDays } from './session-days'
import { readSubAccountCodes, rememberSubAccountCodes } from './sub-account-codes'
import { checkXeroMapping } from '../../domain/journal/xero-accounts'
import { ExportLogWriter, acquireExportLock } from './run-export-log'
import { batchPages } from '../../cache/log-pages'
import {
  ProgressCounter,
  billPages,
  checkRange,
  checkSignal,
  countBills,
  expensesIn,
  rangeLocations,
  recordDatesOf,
  sessionsIn,
} from './run-export-pages'
import type { ExportRange, StoredBatch } from '../../cache/export-rows'

export { ExportCancelledError, rangeLocations, type ExportProgress } from './run-export-pages'
import { isJournal, type ExportWhat, type RunExportOptions } from './export-options'

export {
  CSV_TABLES,
  JOURNAL_FORMATS,
  type CsvTable,
  type ExportWhat,
  type RunExportOptions,
} from './export-options'

/**
 * Drives an export from the cache (DESIGN §4, §5): records are read a page at a time through
 * the indexes for the range, journal entries are planned against the export log of the chosen
 * destination (./destinations.ts: its own log, and its granularity per session), and the
 * writer's chunks are handed on as they come, so memory holds one page whatever the range. The
 * log is written as the export goes but counts only once the writer has finished and the run
 * commits (./run-export-log): a cancelled or failed export changes nothing. CSV tables of
 * records are not journals and leave the log alone.
 *
 * Drive it with `for await` (or `next()` for the result) and hand each chunk to a sink; the
 * next chunk is read only once the sink has taken the last, so a slow disk slows the reads
 * instead of filling memory. `writeToSink` (./file-sinks.ts) does that and finishes or aborts the
 * sink.
 */

export interface ExportResult {
  /** The batch committed to the log; null for CSV tables and when nothing was new. */
  batch: StoredBatch | null
  /** Journal entries written (0 for CSV tables). */
  entryCount: number
  /** Of those, by what each does to the destination's books. */
  revisions: Record<EntryRevision, number>
  /** Records read. */
  records: number
  defaulted: DefaultedAccount[]
  problems: JournalProblem[]
}

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

async function* journalExport(
  options: RunExportOptions,
  what: JournalFormat,
  locations: string[],
  size: number,
  progress: ProgressCounter,
): AsyncGenerator<OutputChunk, ExportResult> {
  const { db, range, signal } = options
  const destination = await readDestination(db, options.destinationId ?? what)
  if (destination.format !== what)
    throw new DestinationError(`${destination.name} takes ${destination.format}, not ${what}`)
  const modes = new SessionModes(db, destination)
  // A tax or category keeps the sub-account code it was first given (kept in the cache), whatever
  // mapping the caller passed: two exports never post one tax to two accounts.
  const accounts = new AccountResolver({
    ...options.mapping,
    subAccountCodes: { ...options.mapping.subAccountCodes, ...(await readSubAccountCodes(db)) },
  })
  const problems: JournalProblem[] = []
  const createdAt = (options.now?.() ?? new Date()).toISOString()
  const batchId = options.batchId ?? `export-${createdAt}-${Math.random().toString(36).slice(2, 8)}`
  const log = new ExportLogWriter(db, destination.id, batchId, createdAt)
  await log.begin()
  let committed = false
  // The latest date the batch posts: of its entries, and of the sessions they belong to.
  let postedThrough = ''
  const postedSessions = new Set<string>()
  const revisions = noRevisions()
  try {
    const context = (
      states: ReadonlyMap<string, PostedState>,
      sessions?: ReadonlyMap<string, SessionDay>,
    ): JournalContext => ({
      accounts,
      timeZone: options.timeZone,
      posted: postedView(states),
      sessions,
    })
    // Logs the page as it is handed on: the log is written while the writer formats it.
    const plan = (
      entries: JournalEntry[],
      states: ReadonlyMap<string, PostedState>,
    ): JournalEntry[] => {
      const planned = planExport(entries, states)
      log.record(planned)
      for (const { key, entry } of planned.write) {
        if (entry.date > postedThrough) postedThrough = entry.date
        if (entry.registerSessionId !== null) postedSessions.add(entry.registerSessionId)
        revisions[entryRevision({ entryId: entry.id, key, entry })] += 1
      }
      return planned.write.map((p) => p.entry)
    }
    // Entries are dated by their session's business date (DESIGN §4), so the range holds the
    // records of its dates' sessions: read a day further, for sessions that run past midnight,
    // and keep what dates into the range.
    const recordDates = recordDatesOf(range)
    const dated = (
      sessions: ReadonlyMap<string, SessionDay>,
      record: { registerSessionId: string | null },
      own: string,
    ): boolean => {
      const date =
        (record.registerSessionId === null
          ? undefined
          : sessions.get(record.registerSessionId)?.businessDate) ?? own
      return date >= range.from && date <= range.to
    }
    const perBill = async (page: JournalBill[]): Promise<JournalEntry[]> => {
      const sessions = await sessionDays(db, billSessionIds(page))
      const posted = (await modes.perBillOnly(page)).filter((b) =>
        dated(sessions, b, b.businessDate),
      )
      if (posted.length === 0) return []
      const states = await log.states(postingKeys(posted))
      const made = billEntries(posted, context(states, sessions))
      problems.push(...made.problems)
      return plan(made.entries, states)
    }

    const sessions = await sessionsIn(db, range, locations)
    const summarised = sessions.filter((s) => modes.of(s) === 'session')
    const reconciled = sessions.filter((s) => s.status === 'reconciled')
    const expenses = await expensesIn(db, recordDates, locations)
    progress.start(
      summarised.length +
        (await countBills(db, recordDates, locations)) +
        expenses.length +
        reconciled.length,
    )

    async function* entries(): AsyncGenerator<JournalEntry[]> {
      for await (const page of billPages(db, recordDates, locations, size, signal)) {
        progress.add(page.length)
        yield await perBill(page)
      }
      for (const session of summarised) {
        checkSignal(signal)
        yield await summaryOf(session)
        progress.add(1)
      }
      if (modes.mixed)
        for (const session of sessions)
          if (modes.of(session) === 'bill') yield await summarisedBillsPayments(session)
      for (const slice of chunked(expenses, size)) {
        checkSignal(signal)
        progress.add(slice.length)
        const states = await log.states(slice.map((e) => `expense:${e.id}`))
        const sessions = await sessionDays(
          db,
          slice.map((e) => e.registerSessionId),
        )
        const kept = slice.filter((e) => dated(sessions, e, e.expenseDate))
        yield plan(expenseEntries(kept, context(new Map(), sessions)), states)
      }
      const variances = []
      for (const session of reconciled) {
        const stored = readReconciliation(await db.reconciliations.get(session.id))
        progress.add(1)
        if (stored.state !== 'ok') continue
        variances.push({
          registerSessionId: session.id,
          locationId: session.locationId,
          businessDate: session.businessDate,
          currency: stored.record.currency ?? options.currency,
          cashVariance: stored.record.count.cashVariance,
        })
      }
      checkSignal(signal)
      if (variances.length > 0) {
        const states = await log.states(
          variances.map((v) => `session:${v.registerSessionId}:variance`),
        )
        yield plan(varianceEntries(variances, context(new Map())), states)
      }
    }

    async function summaryOf(session: RegisterSession): Promise<JournalEntry[]> {
      const [sessionBills, payments] = await Promise.all([
        billsOfSession(db, session.id).toArray(),
        db.payments.where('registerSessionId').equals(session.id).toArray(),
      ])
      const states = await log.states([`session:${session.id}`, ...postingKeys(sessionBills)])
      const made = sessionSummaryEntries(
        {
          session,
          currency: sessionBills[0]?.currency ?? options.currency,
          bills: sessionBills,
          payments,
        },
        context(states),
      )
      problems.push(...made.problems)
      return plan(made.entries, states)
    }

    /**
     * A session posted per bill takes in payments for sales of sessions posted as summaries
     * (whose summaries carry only the payments taken in them): each posts on its own.
     */
    async function summarisedBillsPayments(session: RegisterSession): Promise<JournalEntry[]> {
      const payments = await db.payments.where('registerSessionId').equals(session.id).toArray()
      // A sale paid more than once in the session is read once: its payments post together.
      const sales = await db.bills.bulkGet([
        ...new Set(payments.filter((p) => p.billType === 'sale').map((p) => p.billId)),
      ])
      const outside = await modes.summarisedOnly(sales)
      if (outside.length === 0) return []
      const taken = outside.map((bill) => ({
        ...bill,
        payments: bill.payments.filter((p) => p.registerSessionId === session.id),
      }))
      const [states, sessions] = await Promise.all([
        log.states(postingKeys(taken)),
        sessionDays(db, billSessionIds(taken)),
      ])
      return plan(
        taken.flatMap((bill) => separatePaymentEntries(bill, [], context(states, sessions))),
        states,
      )
    }

    const target = withXeroTaxRates(
      withLocationNames(defaultTarget(what), await loadLocationNames(db)),
      options.mapping.xeroTaxRates,
    )
    yield* writeJournal(target, entries(), (entry, taxes) =>
      problems.push({
        kind: 'xero-tax-exempt',
        entryId: entry.id,
        description: entry.description,
        taxes,
      }),
    )
    checkSignal(signal)
    const done = { records: progress.done, defaulted: accounts.defaulted, problems, revisions }
    if (log.written === 0 || options.dryRun)
      return { batch: null, entryCount: log.written, ...done }
    await rememberSubAccountCodes(db, accounts.subAccountCodes)
    const batch: StoredBatch = {
      id: batchId,
      destinationId: destination.id,
      createdAt,
      granularity: currentGranularity(destination),
      target,
      what,
      range,
      entryCount: log.written,
    }
    for (const date of await modes.businessDates(postedSessions))
      if (date > postedThrough) postedThrough = date
    await log.commit(batch, destination, postedThrough)
    committed = true
    return { batch, entryCount: log.written, ...done }
  } finally {
    // Should this fail too, the next export clears what is left (see ExportLogWriter.begin).
    if (!committed) await log.discard().catch(() => undefined)
  }
}

function noRevisions(): Record<EntryRevision, number> {
  return { original: 0, reversal: 0, adjustment: 0 }
}

function* chunked<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/** A past batch's file(s) again, byte for byte, from the entries the log kept. */
export async function* recreateBatch(
  db: TillDatabase,
  batchId: string,
): AsyncGenerator<OutputChunk> {
  const batch = await db.exportBatches.get(batchId)
  if (!batch) throw new Error(`No export batch ${batchId}`)
  yield* writeJournal(batch.target, loggedPages(db, batchId))
}

/** A batch's logged entries in the order written, a page at a time. */
async function* loggedPages(db: TillDatabase, batchId: string): AsyncGenerator<JournalEntry[]> {
  const seqs = await batchPages(db, batchId).primaryKeys()
  for (const seq of seqs) {
    const page = await db.logPages.get(seq)
    if (page) yield page.entries.map((logged) => logged.entry)
  }
}

/** The log's batches, newest first. */
export function exportBatches(db: TillDatabase): Promise<StoredBatch[]> {
  return db.exportBatches.orderBy('createdAt').reverse().toArray()
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
