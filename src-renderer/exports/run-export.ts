import type { TillDatabase } from '../cache/database'
import type { CachedBill, RegisterSession } from '../cache/records'
import { currentFigures } from '../ledger/load-session'
import { readReconciliation } from '../ledger/reconciliation-record'
import { AccountResolver, type AccountMapping, type DefaultedAccount } from './accounts'
import {
  logEntries,
  planExport,
  postedView,
  batchEntries,
  type ExportBatch,
  type Granularity,
  type LoggedEntry,
  type PostedState,
} from './export-log'
import {
  billEntries,
  expenseEntries,
  postingKeys,
  varianceEntries,
  type JournalContext,
  type JournalProblem,
} from './journal'
import type { JournalEntry } from './journal-entry'
import { sessionSummaryEntries, sessionlessBillEntries } from './session-summary'
import { defaultTarget, writeJournal, type JournalFormat } from './formats/journal-formats'
import { inBatches, type OutputChunk } from './formats/output'
import {
  writeBillLinesCsv,
  writeBillsCsv,
  writeExpensesCsv,
  writePaymentsCsv,
  type PaymentRow,
} from './formats/record-tables'
import {
  writeSessionPaymentsCsv,
  writeSessionsCsv,
  type SessionPaymentRow,
  type SessionRow,
} from './formats/session-tables'

/**
 * Drives an export from the cache (DESIGN §4, §5): records are read in slices through the
 * indexes for the range, journal entries are planned against the export log, and the writer's
 * chunks are handed on as they come. The log (postings, entries, batch) is written in one
 * transaction only after the writer has finished, so a cancelled or failed export changes
 * nothing. CSV tables of records are not journals and leave the log alone.
 */

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
}

export interface ExportProgress {
  done: number
  total: number
}

export interface RunExportOptions {
  db: TillDatabase
  what: ExportWhat
  range: ExportRange
  granularity: Granularity
  mapping: AccountMapping
  timeZone: string
  /** The shop's currency, for sessions without bills. */
  currency: string
  signal?: AbortSignal
  onProgress?: (progress: ExportProgress) => void
  /** Records per slice read from the cache. */
  sliceSize?: number
  /** For tests: the batch's time and id. */
  now?: () => Date
  batchId?: string
}

export interface ExportResult {
  /** The batch committed to the log; null for CSV tables and when nothing was new. */
  batch: StoredBatch | null
  /** Journal entries written (0 for CSV tables). */
  entryCount: number
  /** Records read. */
  records: number
  defaulted: DefaultedAccount[]
  problems: JournalProblem[]
}

export class ExportCancelledError extends Error {
  override name = 'ExportCancelledError'
}

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError('The export was cancelled')
}

/** The locations of the range: the chosen one, or every one with bills, sessions or expenses. */
export async function rangeLocations(db: TillDatabase, range: ExportRange): Promise<string[]> {
  if (range.locationId !== '') return [range.locationId]
  const keys = await Promise.all([
    db.bills.orderBy('[locationId+businessDate]').uniqueKeys(),
    db.sessions.orderBy('[locationId+businessDate]').uniqueKeys(),
    db.expenses.orderBy('[locationId+expenseDate]').uniqueKeys(),
  ])
  const locations = new Set<string>()
  for (const key of keys.flat()) locations.add((key as unknown as [string, string])[0])
  return [...locations].sort()
}

/** Ids of the range's bills, by location then business date: read page by page after. */
async function billIds(db: TillDatabase, range: ExportRange, locations: string[]) {
  const ids: string[] = []
  for (const location of locations)
    ids.push(
      ...(await db.bills
        .where('[locationId+businessDate]')
        .between([location, range.from], [location, range.to], true, true)
        .primaryKeys()),
    )
  return ids
}

async function sessionsIn(
  db: TillDatabase,
  range: ExportRange,
  locations: string[],
): Promise<RegisterSession[]> {
  const sessions: RegisterSession[] = []
  for (const location of locations) {
    const found = await db.sessions
      .where('[locationId+businessDate]')
      .between([location, range.from], [location, range.to], true, true)
      .toArray()
    const start = (s: RegisterSession): number => s.openedAt ?? s.firstActivityAt ?? 0
    sessions.push(
      ...found.sort(
        (a, b) =>
          a.businessDate.localeCompare(b.businessDate) ||
          start(a) - start(b) ||
          a.id.localeCompare(b.id),
      ),
    )
  }
  return sessions
}

async function expensesIn(db: TillDatabase, range: ExportRange, locations: string[]) {
  const expenses = []
  for (const location of locations)
    expenses.push(
      ...(await db.expenses
        .where('[locationId+expenseDate]')
        .between([location, range.from], [location, range.to], true, true)
        .toArray()),
    )
  return expenses
}

async function* billSlices(
  db: TillDatabase,
  ids: string[],
  size: number,
  signal: AbortSignal | undefined,
  progress: (n: number) => void,
): AsyncGenerator<CachedBill[]> {
  for (let i = 0; i < ids.length; i += size) {
    checkSignal(signal)
    const bills = (await db.bills.bulkGet(ids.slice(i, i + size))).filter(
      (b): b is CachedBill => b !== undefined,
    )
    progress(bills.length)
    yield bills
  }
}

/** Runs an export: chunks as they are written; the result once the whole file is made. */
export async function* runExport(
  options: RunExportOptions,
): AsyncGenerator<OutputChunk, ExportResult> {
  const { db, range, signal } = options
  const size = options.sliceSize ?? 500
  checkSignal(signal)
  const locations = await rangeLocations(db, range)
  if (!isJournal(options.what)) {
    const records = yield* csvExport(options, options.what, locations, size)
    checkSignal(signal)
    return { batch: null, entryCount: 0, records, defaulted: [], problems: [] }
  }

  const accounts = new AccountResolver(options.mapping)
  const problems: JournalProblem[] = []
  /** What this run will store: nothing reaches the log before the file is whole. */
  const pending = new Map<string, PostedState>()
  const written: LoggedEntry[] = []
  const createdAt = (options.now?.() ?? new Date()).toISOString()
  const batchId = options.batchId ?? `export-${createdAt}-${Math.random().toString(36).slice(2, 8)}`
  let records = 0
  let total = 0
  const progress = (n: number): void => {
    records += n
    options.onProgress?.({ done: records, total })
  }

  const plan = async (entries: JournalEntry[], keys: string[]): Promise<JournalEntry[]> => {
    const states = await loadStates(db, keys, pending)
    const planned = planExport(entries, states)
    for (const state of planned.postings) pending.set(state.key, state)
    written.push(...logEntries(batchId, written.length, planned.write))
    return planned.write.map((p) => p.entry)
  }
  const context = (states: ReadonlyMap<string, PostedState>): JournalContext => ({
    accounts,
    timeZone: options.timeZone,
    posted: postedView(states),
  })

  const granularity = options.granularity
  const ids = await billIds(db, range, locations)
  const sessions = granularity === 'session' ? await sessionsIn(db, range, locations) : []
  const expenses = await expensesIn(db, range, locations)
  const reconciledSessions =
    granularity === 'session'
      ? sessions.filter((s) => s.status === 'reconciled')
      : (await sessionsIn(db, range, locations)).filter((s) => s.status === 'reconciled')
  total =
    (granularity === 'session' ? sessions.length : 0) +
    ids.length +
    expenses.length +
    reconciledSessions.length
  options.onProgress?.({ done: 0, total })

  async function* entries(): AsyncGenerator<JournalEntry[]> {
    if (granularity === 'bill') {
      for await (const bills of billSlices(db, ids, size, signal, progress)) {
        const keys = postingKeys(bills)
        const states = await loadStates(db, keys, pending)
        const build = billEntries(bills, context(states))
        problems.push(...build.problems)
        yield await plan(build.entries, keys)
      }
    } else {
      for (const session of sessions) {
        checkSignal(signal)
        const [bills, payments] = await Promise.all([
          db.bills.where('registerSessionId').equals(session.id).toArray(),
          db.payments.where('registerSessionId').equals(session.id).toArray(),
        ])
        const keys = [`session:${session.id}`, ...postingKeys(bills)]
        const states = await loadStates(db, keys, pending)
        const build = sessionSummaryEntries(
          {
            session,
            currency: bills[0]?.currency ?? options.currency,
            bills,
            payments,
          },
          context(states),
        )
        problems.push(...build.problems)
        progress(1)
        yield await plan(build.entries, keys)
      }
      // Bills of no session cannot be summarised: they post per bill.
      for await (const slice of billSlices(db, ids, size, signal, progress)) {
        const bills = slice.filter((b) => b.registerSessionId === null)
        if (bills.length === 0) continue
        const keys = postingKeys(bills)
        const states = await loadStates(db, keys, pending)
        const build = sessionlessBillEntries(bills, context(states))
        problems.push(...build.problems)
        yield await plan(build.entries, keys)
      }
    }
    for (let i = 0; i < expenses.length; i += size) {
      checkSignal(signal)
      const slice = expenses.slice(i, i + size)
      progress(slice.length)
      yield await plan(
        expenseEntries(slice, context(new Map())),
        slice.map((e) => `expense:${e.id}`),
      )
    }
    const variances = []
    for (const session of reconciledSessions) {
      const stored = readReconciliation(await db.reconciliations.get(session.id))
      progress(1)
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
    if (variances.length > 0)
      yield await plan(
        varianceEntries(variances, context(new Map())),
        variances.map((v) => `session:${v.registerSessionId}:variance`),
      )
  }

  const target = defaultTarget(options.what)
  yield* writeJournal(target, entries())
  checkSignal(signal)
  if (written.length === 0)
    return { batch: null, entryCount: 0, records, defaulted: accounts.defaulted, problems }
  const batch: StoredBatch = {
    id: batchId,
    createdAt,
    granularity,
    target,
    what: options.what,
    range,
    entryCount: written.length,
  }
  await db.transaction('rw', [db.postings, db.exportLog, db.exportBatches], async () => {
    await db.postings.bulkPut([...pending.values()])
    await db.exportLog.bulkPut(written)
    await db.exportBatches.put(batch)
  })
  return { batch, entryCount: written.length, records, defaulted: accounts.defaulted, problems }
}

/** The stored states of `keys`, with what this run has planned so far in front. */
async function loadStates(
  db: TillDatabase,
  keys: string[],
  pending: ReadonlyMap<string, PostedState>,
): Promise<Map<string, PostedState>> {
  const states = new Map<string, PostedState>()
  const stored = keys.length === 0 ? [] : await db.postings.bulkGet(keys)
  for (const state of stored) if (state) states.set(state.key, state)
  for (const key of keys) {
    const planned = pending.get(key)
    if (planned) states.set(key, planned)
  }
  return states
}

async function* csvExport(
  options: RunExportOptions,
  table: CsvTable,
  locations: string[],
  size: number,
): AsyncGenerator<OutputChunk, number> {
  const { db, range, signal } = options
  let records = 0
  let total = 0
  const progress = (n: number): void => {
    records += n
    options.onProgress?.({ done: records, total })
  }
  if (table === 'sessions' || table === 'session_payments') {
    const sessions = await sessionsIn(db, range, locations)
    total = sessions.length
    async function* rows(): AsyncGenerator<SessionRowWithMethods[]> {
      for (const session of sessions) {
        checkSignal(signal)
        yield [await sessionRow(db, session, options.currency)]
        progress(1)
      }
    }
    if (table === 'sessions') yield* writeSessionsCsv(rows())
    else
      yield* writeSessionPaymentsCsv(
        (async function* (): AsyncGenerator<SessionPaymentRow[]> {
          for await (const [row] of rows()) if (row) yield sessionPaymentRows(row, row.methods)
        })(),
      )
    return records
  }
  if (table === 'expenses') {
    const expenses = await expensesIn(db, range, locations)
    total = expenses.length
    yield* writeExpensesCsv(
      (async function* () {
        for await (const slice of inBatches(expenses, size)) {
          checkSignal(signal)
          progress(slice.length)
          yield slice
        }
      })(),
    )
    return records
  }
  const ids = await billIds(db, range, locations)
  total = ids.length
  const bills = billSlices(db, ids, size, signal, progress)
  if (table === 'bills') yield* writeBillsCsv(bills)
  else if (table === 'bill_lines') yield* writeBillLinesCsv(bills)
  else
    yield* writePaymentsCsv(
      (async function* (): AsyncGenerator<PaymentRow[]> {
        for await (const slice of bills)
          yield slice.flatMap((bill) =>
            bill.payments.map((p) => ({
              ...p,
              billId: bill.id,
              billType: bill.type,
              locationId: bill.locationId,
              currency: bill.currency,
            })),
          )
      })(),
    )
  return records
}

type SessionRowWithMethods = SessionRow & {
  methods: { method: string; collected: number; returned: number; net: number }[]
}

/** A session's day-close figures: frozen at reconciliation, else as the cache holds them now. */
async function sessionRow(
  db: TillDatabase,
  session: RegisterSession,
  shopCurrency: string,
): Promise<SessionRowWithMethods> {
  const stored =
    session.status === 'reconciled'
      ? readReconciliation(await db.reconciliations.get(session.id))
      : ({ state: 'none' } as const)
  const record = stored.state === 'ok' ? stored.record : null
  const figures = record?.figures ?? (await currentFigures(db, session))
  const firstBill = await db.bills.where('registerSessionId').equals(session.id).first()
  return {
    locationId: session.locationId,
    registerSessionId: session.id,
    businessDate: session.businessDate,
    openedAt: session.openedAt,
    closedAt: session.closedAt,
    currency: record?.currency ?? firstBill?.currency ?? shopCurrency,
    status: session.status,
    saleCount: figures.saleCount,
    refundCount: figures.refundCount,
    voidCount: figures.voidCount,
    grossSales: figures.grossSales,
    discounts: figures.discounts,
    fees: figures.fees,
    refunds: figures.refunds,
    voids: figures.voids,
    netSales: figures.netSales,
    tax: figures.tax,
    totalCollected: figures.totalCollected,
    receivableChange: figures.receivableChange,
    expenses: figures.expenses,
    cashExpenses: figures.cashExpenses,
    openingCash: figures.openingCash,
    expectedCash: figures.expectedCash,
    countedCash: record?.count.countedCash ?? null,
    cashVariance: record?.count.cashVariance ?? null,
    methods: figures.methods,
  }
}

function sessionPaymentRows(
  row: SessionRow,
  methods: SessionRowWithMethods['methods'],
): SessionPaymentRow[] {
  return methods.map((m) => ({
    locationId: row.locationId,
    registerSessionId: row.registerSessionId,
    currency: row.currency,
    method: m.method,
    collected: m.collected,
    returned: m.returned,
    net: m.net,
  }))
}

/** A past batch's file(s) again, byte for byte, from the entries the log kept. */
export async function* recreateBatch(
  db: TillDatabase,
  batchId: string,
): AsyncGenerator<OutputChunk> {
  const batch = await db.exportBatches.get(batchId)
  if (!batch) throw new Error(`No export batch ${batchId}`)
  const logged = await db.exportLog.where('batchId').equals(batchId).toArray()
  yield* writeJournal(batch.target, inBatches(batchEntries(logged, batchId), 500))
}

/** The log's batches, newest first. */
export function exportBatches(db: TillDatabase): Promise<StoredBatch[]> {
  return db.exportBatches.orderBy('createdAt').reverse().toArray()
}
