import type { TillDatabase } from '../../database/database'
import type { ExportRange } from '../tables/export-rows'
import { nextDate, startOfMerchantDay } from '../../../src-shared/domain/business-date'
import type { CachedBill, CachedExpense, RegisterSession } from '../../database/cached-records'
import { loadReconciliation } from '../../day-close/tables/reconciliation-record'
import { DestinationError, currentGranularity, readDestination } from '../tables/destinations'
import type { Destination, StoredBatch } from '../tables/export-rows'
import { loadLocationNames } from '../../settings/tables/location-names'
import { SessionLabels } from './session-labels'
import { AccountResolver, type DefaultedAccount } from '../rules/accounts'
import {
  entryRevision,
  planExport,
  postedView,
  type EntryRevision,
  type ExportPlan,
  type PostedState,
} from '../rules/export-log'
import {
  defaultTarget,
  withLocationNames,
  withXeroTaxRates,
  writeJournal,
  type JournalFormat,
  type JournalTarget,
} from '../rules/formats/journal-formats'
import type { OutputChunk } from '../rules/formats/output'
import {
  billEntries,
  expenseEntries,
  postingKeys,
  separatePaymentEntries,
  varianceEntries,
  type JournalBill,
  type JournalContext,
  type JournalProblem,
  type SessionDay,
} from '../rules/journal'
import type { JournalEntry } from '../rules/journal-entry'
import { sessionSummaryEntries } from '../rules/session-summary'
import { cashMovementEntries, cashMovementKeys } from '../rules/cash-movement-entries'
import { movementsOfSession } from '../../day-close/tables/cash-movement-store'
import { determinedVariance, openingCashOf } from '../../day-close/rules/day-close'
import { depositEntry, depositKey } from '../rules/deposit-entries'
import { depositPostings } from '../../deposits/jobs/deposit-postings'
import { depositSettingsOf } from '../../deposits/jobs/deposit-matching'
import { bankAccountFor, type DepositSettings } from '../../deposits/rules/deposit-settings'
import type { RunExportOptions } from './export-options'
import { ExportLogWriter } from '../tables/export-log-writer'
import { nextBatchNumber } from '../tables/export-batches'
import { ProgressCounter, billPages, checkSignal, recordDatesOf } from './run-export-pages'
import { countBills, expensesIn, sessionsIn } from '../tables/export-range-reads'
import { sessionBillsAndPayments } from '../../sessions/tables/load-session'
import {
  billIdsPaidInFromElsewhere,
  billsReversedBetween,
} from '../../sessions/tables/payment-index-reads'
import { paymentsTakenIn } from '../../sessions/tables/bill-payments'
import { sessionsTrading } from '../../sessions/tables/session-status'
import { readBills } from '../../sessions/tables/bill-reads'
import { SessionModes } from './session-modes'
import { SessionDays, billSessionIds } from './session-days'
import { readSubAccountCodes, rememberSubAccountCodes } from '../tables/account-store'
import { withEarlierOpens } from './opened-accounts'
import { numberSubAccountsInRange } from './account-mapping'

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
  /** Sessions of the range held back because they can still be trading. */
  heldBack: number
  /** Entries dated the first open day because their own day is in the destination's lock. */
  movedOutOfLock: number
  /**
   * Counted sessions whose cash variance waits for their opening cash: posted by an export of
   * their day once it is known.
   */
  variancesHeld: number
}

export function noRevisions(): Record<EntryRevision, number> {
  return { original: 0, reversal: 0, adjustment: 0 }
}

/**
 * A journal export against the destination's log: its entries planned page by page as the
 * writer asks for them, then the batch committed, or, should anything fail, nothing kept.
 */
export async function* journalExport(
  options: RunExportOptions,
  what: JournalFormat,
  locations: string[],
  size: number,
  progress: ProgressCounter,
): AsyncGenerator<OutputChunk, ExportResult> {
  const { db } = options
  const destination = await readDestination(db, options.destinationId ?? what)
  if (destination.format !== what)
    throw new DestinationError(`${destination.name} takes ${destination.format}, not ${what}`)
  await numberSubAccountsInRange(db, options.range, locations)
  const run = new JournalRun(options, destination, await accountsOf(db, options))
  await run.log.begin()
  let committed = false
  try {
    const target = await withEarlierOpens(
      db,
      destination.id,
      withXeroTaxRates(
        withLocationNames(defaultTarget(what), await loadLocationNames(db)),
        options.mapping.xeroTaxRates,
      ),
    )
    yield* writeJournal(target, run.entries(locations, size, progress), {
      unmatchedXeroTax: (entry, taxes) =>
        run.problems.push({
          kind: 'xero-tax-exempt',
          entryId: entry.id,
          description: entry.description,
          taxes,
        }),
      accountOpened: (name) => run.accountsOpened.push(name),
    })
    checkSignal(options.signal)
    const result = await run.finish(what, target, progress.done)
    committed = result.batch !== null
    return result
  } finally {
    // Should this fail too, the next export clears what is left (see ExportLogWriter.begin).
    if (!committed) await run.log.discard().catch(() => undefined)
  }
}

/**
 * A tax or category keeps the sub-account code it was first given (kept in the cache), whatever
 * mapping the caller passed: two exports never post one tax to two accounts.
 */
async function accountsOf(db: TillDatabase, options: RunExportOptions): Promise<AccountResolver> {
  return new AccountResolver({
    ...options.mapping,
    subAccountCodes: { ...options.mapping.subAccountCodes, ...(await readSubAccountCodes(db)) },
  })
}

type Variance = Parameters<typeof varianceEntries>[0][number]

function* chunked<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/** One journal export's state: its log, what it has planned so far, and the steps that plan. */
class JournalRun {
  readonly problems: JournalProblem[] = []
  readonly accountsOpened: string[] = []
  readonly log: ExportLogWriter
  private readonly db: TillDatabase
  private readonly modes: SessionModes
  private readonly createdAt: string
  private readonly batchId: string
  private readonly revisions = noRevisions()
  // The latest date the batch posts: of its entries, and of the sessions they belong to.
  private postedThrough = ''
  private readonly postedSessions = new Set<string>()
  /** The roles of the entries dated in the range: those the export reports as defaulted. */
  private readonly rolesInRange = new Set<string>()
  private readonly labels: SessionLabels
  /** Entries dated the first open day since their own day is in the destination's lock. */
  private movedOutOfLock = 0
  /** Sessions of the range that can still be trading, whose entries wait for their close. */
  private readonly heldBack = new Set<string>()
  /** Counted sessions whose variance is not determined: their opening cash is not known. */
  private readonly variancesHeld = new Set<string>()
  private readonly sessionDays: SessionDays
  /** The bank accounts expenses are paid from: read once, for the run's first expense. */
  private depositSettings: Promise<DepositSettings> | undefined

  constructor(
    private readonly options: RunExportOptions,
    private readonly destination: Destination,
    private readonly accounts: AccountResolver,
  ) {
    this.db = options.db
    this.modes = new SessionModes(options.db, destination)
    this.createdAt = (options.now?.() ?? new Date()).toISOString()
    this.batchId =
      options.batchId ?? `export-${this.createdAt}-${Math.random().toString(36).slice(2, 8)}`
    this.log = new ExportLogWriter(options.db, destination.id, this.batchId, this.createdAt)
    this.labels = new SessionLabels(options.db, options.timeZone, Date.parse(this.createdAt))
    this.sessionDays = new SessionDays(options.db)
  }

  /**
   * The entries of the range, a page at a time: bills, session summaries, expenses, cash
   * movements, variances, deposits.
   */
  async *entries(
    locations: string[],
    size: number,
    progress: ProgressCounter,
  ): AsyncGenerator<JournalEntry[]> {
    const { db, options, modes } = this
    const { range, signal } = options
    const recordDates = recordDatesOf(range)
    const inRange = await sessionsIn(db, range, locations)
    if (!options.includeOpen) {
      const now = (options.now?.() ?? new Date()).getTime()
      for (const { session, open } of await sessionsTrading(db, range, locations, now))
        if (open) this.heldBack.add(session.id)
    }
    const sessions = inRange.filter((s) => !this.heldBack.has(s.id))
    const summarised = sessions.filter((s) => modes.of(s) === 'session')
    const reconciled = sessions.filter((s) => s.status === 'reconciled')
    const expenses = await expensesIn(db, recordDates, locations)
    progress.start(
      summarised.length +
        (await countBills(db, recordDates, locations)) +
        expenses.length +
        reconciled.length,
    )
    for await (const page of billPages(db, recordDates, locations, size, signal)) {
      progress.add(page.length)
      yield await this.perBill(page, this.log.startedEmpty)
    }
    const perBillSessions = sessions.filter((s) => modes.of(s) === 'bill')
    for await (const bills of this.otherDaysBills(perBillSessions, recordDates, locations, size)) {
      yield await this.perBill(bills)
      yield await this.apartFromSummaries(bills)
    }
    for (const session of summarised) {
      checkSignal(signal)
      yield await this.summaryOf(session)
      progress.add(1)
    }
    if (modes.mixed)
      for (const session of sessions)
        if (modes.of(session) === 'bill') yield await this.summarisedBillsPayments(session)
    for (const slice of chunked(expenses, size)) {
      checkSignal(signal)
      progress.add(slice.length)
      yield await this.expensesOf(slice)
    }
    for (const session of sessions) {
      checkSignal(signal)
      yield await this.movementsOf(session)
    }
    const variances = await this.variancesOf(reconciled, progress)
    checkSignal(signal)
    if (variances.length > 0) yield await this.planVariances(variances)
    checkSignal(signal)
    yield await this.deposits()
  }

  /** Commits the batch, unless nothing was written or this is a dry run; the result. */
  async finish(what: JournalFormat, target: JournalTarget, records: number): Promise<ExportResult> {
    const { log, accounts, problems, revisions } = this
    // Records read for a neighbouring day resolve accounts too; only the range's entries count.
    const defaulted = accounts.defaulted.filter((d) => this.rolesInRange.has(d.roleKey))
    const done = {
      records,
      defaulted,
      problems,
      revisions,
      heldBack: this.heldBack.size,
      movedOutOfLock: this.movedOutOfLock,
      variancesHeld: this.variancesHeld.size,
    }
    if (log.written === 0 || this.options.dryRun)
      return { batch: null, entryCount: log.written, ...done }
    await rememberSubAccountCodes(this.db, accounts.subAccountCodes)
    const batch: StoredBatch = {
      id: this.batchId,
      destinationId: this.destination.id,
      createdAt: this.createdAt,
      granularity: currentGranularity(this.destination),
      target,
      what,
      range: this.options.range,
      entryCount: log.written,
      ...(target.format === 'beancount' ? { accountsOpened: this.accountsOpened } : {}),
      ...(this.heldBack.size > 0 ? { heldBack: [...this.heldBack] } : {}),
      ...(this.options.file && {
        number: this.options.file.number,
        fileName: this.options.file.name,
      }),
    }
    for (const date of await this.modes.businessDates(this.postedSessions))
      if (date > this.postedThrough) this.postedThrough = date
    if (this.options.sharedCommit) {
      await log.settled()
      batch.number ??= await nextBatchNumber(this.db, this.destination.id)
      await this.options.sharedCommit.commit(batch)
    }
    await log.commit(batch, this.destination, this.postedThrough)
    return { batch, entryCount: log.written, ...done }
  }

  private context(
    states: ReadonlyMap<string, PostedState>,
    sessions?: ReadonlyMap<string, SessionDay>,
  ): JournalContext {
    return {
      accounts: this.accounts,
      timeZone: this.options.timeZone,
      posted: postedView(states),
      sessions,
    }
  }

  /** Plans a page against the log and logs it as it is handed on to the writer. */
  private plan(entries: JournalEntry[], states: ReadonlyMap<string, PostedState>): JournalEntry[] {
    const dated = this.dated(entries)
    for (const entry of dated) for (const line of entry.lines) this.rolesInRange.add(line.role)
    const plan = planExport(dated, states)
    // The days posted are the entries' own: a day after the lock that a correction moved to is
    // not exported by it.
    for (const { entry } of plan.write)
      if (entry.date > this.postedThrough) this.postedThrough = entry.date
    const planned = this.outsideLock(plan)
    this.log.record(planned)
    for (const { key, entry } of planned.write) {
      if (entry.registerSessionId !== null) this.postedSessions.add(entry.registerSessionId)
      this.revisions[entryRevision({ entryId: entry.id, key, entry })] += 1
    }
    return planned.write.map((p) => p.entry)
  }

  /**
   * Nothing is dated inside the destination's locked period: an entry that would be (a change's
   * reversal and new entry, a record synced late) is dated the first open day. The log keeps the
   * state as planned, so the next export finds nothing changed and posts it no second time.
   */
  private outsideLock(plan: ExportPlan): ExportPlan {
    const locked = this.destination.lockedThrough
    if (locked === undefined) return plan
    const open = nextDate(locked)
    const write = plan.write.map((p) => {
      if (p.entry.date > locked) return p
      this.movedOutOfLock += 1
      return { ...p, entry: { ...p.entry, date: open } }
    })
    return { ...plan, write }
  }

  /**
   * Of a build's entries, those this export posts. Every entry is selected by the date it carries
   * (docs/ledger.md#entry-dates): its session's business date, or the day a late reversal or a
   * sessionless record happened on. The records are read wider than the range (a day further for
   * sessions past midnight, bills of earlier days for payments and reversals in it), and this
   * keeps what dates into the range. One exception: a payment of no session taken after the
   * range goes with its bill's entry (or its session's summary) when that is in the range, since
   * no index finds it by its own date and the export of that date would miss it. An entry of a
   * session held back (still trading) waits for an export after the session closes.
   */
  private dated(entries: readonly JournalEntry[]): JournalEntry[] {
    const { from, to } = this.options.range
    const inRange = (entry: JournalEntry) => entry.date >= from && entry.date <= to
    const anchors = entries.filter((e) => (e.kind === 'bill' || e.kind === 'session') && inRange(e))
    const summarised = anchors.some((e) => e.kind === 'session')
    const billed = new Set(anchors.map((e) => e.billId))
    return entries.filter(
      (entry) =>
        !(entry.registerSessionId !== null && this.heldBack.has(entry.registerSessionId)) &&
        (inRange(entry) ||
          (entry.kind === 'payment' &&
            entry.registerSessionId === null &&
            entry.date > to &&
            (summarised || billed.has(entry.billId)))),
    )
  }

  /**
   * Bills of days the pages did not read whose payments may post inside the range: those paid
   * in the range's sessions posted per bill (a late payment on an earlier day's bill; a summary
   * carries the payments taken in its session) and those with a payment reversed during the
   * range's days. Both come from sparse indexes of the bills (payment-index-reads.ts), which list
   * just the few bills paid in a session not their own and the few with a payment reversed.
   */
  private async *otherDaysBills(
    sessions: readonly RegisterSession[],
    read: ExportRange,
    locations: readonly string[],
    size: number,
  ): AsyncGenerator<JournalBill[]> {
    const { db, options } = this
    const { range, timeZone } = options
    const seen = new Set<string>()
    const outside = async function* (ids: readonly string[]) {
      const wanted = [...new Set(ids)].filter((id) => !seen.has(id)).sort()
      for (const id of wanted) seen.add(id)
      for (const slice of chunked(wanted, size)) {
        checkSignal(options.signal)
        const bills = (await readBills(db, slice)).filter(
          (b): b is CachedBill =>
            b !== undefined && (b.businessDate < read.from || b.businessDate > read.to),
        )
        if (bills.length > 0) yield bills
      }
    }
    yield* outside(
      await billIdsPaidInFromElsewhere(
        db,
        sessions.map((s) => s.id),
      ),
    )
    const reversed = await billsReversedBetween(
      db,
      startOfMerchantDay(range.from, timeZone),
      startOfMerchantDay(nextDate(range.to), timeZone),
    )
    yield* outside(reversed.filter((b) => locations.includes(b.locationId)).map((b) => b.id))
  }

  /**
   * A page's bills posted per bill. `unposted` when none of their keys can be in the log: on a
   * destination's first export the walk of the range meets each bill (and so each of its keys)
   * once, so there is nothing to read.
   */
  private async perBill(page: JournalBill[], unposted = false): Promise<JournalEntry[]> {
    const sessions = await this.sessionDays.of(billSessionIds(page))
    const posted = await this.modes.perBillOnly(page)
    if (posted.length === 0) return []
    const states = unposted
      ? new Map<string, PostedState>()
      : await this.log.states(postingKeys(posted))
    const made = billEntries(posted, this.context(states, sessions))
    this.problems.push(...made.problems)
    // One page's log write under way at a time (`states` waits for it too), so pages waiting to
    // be written never pile up in memory.
    if (unposted) await this.log.settled()
    return this.plan(made.entries, states)
  }

  /**
   * The payments on sales of summarised sessions that post apart from the summaries (of no
   * session, or taken in a session posted per bill): a late one or a reversal dated into the
   * range. One the range's summaries or sessions already planned comes out the same and is
   * not written twice.
   */
  private async apartFromSummaries(bills: readonly JournalBill[]): Promise<JournalEntry[]> {
    const apart = await this.modes.apartFromSummaries(bills)
    if (apart.length === 0) return []
    const [states, sessions] = await Promise.all([
      this.log.states(postingKeys(apart)),
      this.sessionDays.of(billSessionIds(apart)),
    ])
    return this.plan(
      apart.flatMap((bill) => separatePaymentEntries(bill, [], this.context(states, sessions))),
      states,
    )
  }

  private async summaryOf(session: RegisterSession): Promise<JournalEntry[]> {
    const { db } = this
    const [{ bills: sessionBills, payments }, name] = await Promise.all([
      sessionBillsAndPayments(db, session.id),
      this.labels.of(session),
    ])
    const states = await this.log.states([`session:${session.id}`, ...postingKeys(sessionBills)])
    const made = sessionSummaryEntries(
      {
        session,
        name,
        currency: sessionBills[0]?.currency ?? this.options.currency,
        bills: sessionBills,
        payments,
      },
      this.context(states),
    )
    this.problems.push(...made.problems)
    return this.plan(made.entries, states)
  }

  /**
   * A session posted per bill takes in payments for sales of sessions posted as summaries
   * (whose summaries carry only the payments taken in them): each posts on its own.
   */
  private async summarisedBillsPayments(session: RegisterSession): Promise<JournalEntry[]> {
    const { db } = this
    const { bills, paidFromElsewhere } = await sessionBillsAndPayments(db, session.id)
    // A sale paid more than once in the session is taken once: its payments post together.
    const sales = [...bills, ...paidFromElsewhere].filter(
      (bill) => bill.type === 'sale' && paymentsTakenIn(session.id, [bill]).length > 0,
    )
    const outside = await this.modes.summarisedOnly(sales)
    if (outside.length === 0) return []
    const taken = outside.map((bill) => ({
      ...bill,
      payments: bill.payments.filter((p) => p.registerSessionId === session.id),
    }))
    const [states, sessions] = await Promise.all([
      this.log.states(postingKeys(taken)),
      this.sessionDays.of(billSessionIds(taken)),
    ])
    return this.plan(
      taken.flatMap((bill) => separatePaymentEntries(bill, [], this.context(states, sessions))),
      states,
    )
  }

  private async expensesOf(slice: CachedExpense[]): Promise<JournalEntry[]> {
    this.depositSettings ??= depositSettingsOf(this.db, this.options.currency)
    const [states, sessions, settings] = await Promise.all([
      this.log.states(slice.map((e) => `expense:${e.id}`)),
      this.sessionDays.of(slice.map((e) => e.registerSessionId)),
      this.depositSettings,
    ])
    const paidFrom = (method: string, locationId: string) =>
      bankAccountFor(settings, method, locationId)
    return this.plan(expenseEntries(slice, this.context(new Map(), sessions), paidFrom), states)
  }

  private async movementsOf(session: RegisterSession): Promise<JournalEntry[]> {
    const movements = await movementsOfSession(this.db, session.id)
    if (movements.length === 0) return []
    const [states, name] = await Promise.all([
      this.log.states(cashMovementKeys(movements)),
      this.labels.of(session),
    ])
    return this.plan(
      cashMovementEntries({ ...session, name }, movements, this.context(new Map())),
      states,
    )
  }

  /**
   * The deposits' entries (`deposit:<bank line id>`): each standing match's, and for a match a
   * person unmatched, its posted entry emptied, which the log posts as the reversal alone (as a
   * cancelled cash movement). Each is dated the day its bank line was booked.
   */
  private async deposits(): Promise<JournalEntry[]> {
    const { standing, withdrawn } = await depositPostings(this.db, this.options.currency)
    const keys = [...new Set([...standing.map((p) => depositKey(p.match)), ...withdrawn])]
    if (keys.length === 0) return []
    const states = await this.log.states(keys)
    const context = this.context(new Map())
    const entries = standing.map((posting) => depositEntry(posting, context))
    const current = new Set(entries.map((e) => e.id))
    for (const key of withdrawn) {
      const posted = states.get(key)?.entry
      if (!current.has(key) && posted && posted.lines.length > 0)
        entries.push({ ...posted, id: key, lines: [] })
    }
    const location = this.options.range.locationId
    return this.plan(
      location === '' ? entries : entries.filter((e) => e.locationId === location),
      states,
    )
  }

  /**
   * The counted cash variances of the reconciled sessions whose count reads back whole. A count
   * whose opening cash is not known yet has no variance (docs/ledger.md#variance-entries): it is
   * held back, and posted by an export of its day once the close event or a float gives the
   * opening; until then a variance the books hold from before that rule is taken back.
   */
  private async variancesOf(
    reconciled: readonly RegisterSession[],
    progress: ProgressCounter,
  ): Promise<Variance[]> {
    const variances: Variance[] = []
    for (const session of reconciled) {
      const [stored, movements] = await Promise.all([
        loadReconciliation(this.db, session.id),
        movementsOfSession(this.db, session.id),
      ])
      progress.add(1)
      if (stored.state !== 'ok') continue
      const { record } = stored
      const openingNow = openingCashOf(session.openingCash, movements)
      const cashVariance = determinedVariance(record.countedCash, record.figures, openingNow)
      if (cashVariance === null) this.variancesHeld.add(session.id)
      variances.push({
        registerSessionId: session.id,
        session: await this.labels.of(session),
        locationId: session.locationId,
        businessDate: session.businessDate,
        currency: record.currency ?? this.options.currency,
        cashVariance: cashVariance ?? 0,
        countedBy: record.reconciledBy,
        note: record.varianceNote,
      })
    }
    return variances
  }

  /**
   * A held variance posts nothing, save the reversal of one the books hold from before the
   * rule (its entry without lines, as a recount that removes a variance).
   */
  private async planVariances(variances: Variance[]): Promise<JournalEntry[]> {
    const key = (v: Variance) => `session:${v.registerSessionId}:variance`
    const states = await this.log.states(variances.map(key))
    const posting = variances.filter(
      (v) =>
        !this.variancesHeld.has(v.registerSessionId) ||
        (states.get(key(v))?.entry.lines.length ?? 0) > 0,
    )
    return this.plan(varianceEntries(posting, this.context(new Map())), states)
  }
}
