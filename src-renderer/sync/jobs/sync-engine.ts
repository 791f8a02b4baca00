import type { BridgeErrorKind } from '../../../src-shared/bridge/bridge-errors'
import type { TillDatabase } from '../../database/database'
import type { HistoryRange } from '../../database/cached-records'
import { writeBills } from '../tables/writes'
import { BridgeCallError } from '../../bridge/bridge-client'
import {
  advanceCursor,
  readCheckpoint,
  noteSyncSuccess,
  queuedDetails,
  noteCovered,
  startRecentRead,
  type CollectionKey,
} from '../tables/checkpoints'
import { GroupedWrites } from '../tables/grouped-writes'
import {
  billsCollection,
  expensesCollection,
  pageThrough,
  type Collection,
  type CollectionContext,
  type PageQuery,
} from './collections'
import { historyRanges, rangeQuery } from './history-ranges'
import { recentWindowStart } from '../rules/recent-window'
import { ProgressMeter, type SyncProgress } from './progress'
import type { ServiceReader } from './service-reader'
import { StageClock } from '../tables/stage-clock'

export const PAGE_SIZE = 200
/** Re-read this much before the last cursor at the start of a run: late commits on the service. */
const OVERLAP_MS = 5 * 60_000
/**
 * Bill details: ids per bridge call, and workers each with one call in flight. Main keeps a fixed
 * number of requests in flight across calls, so while one worker's batch is being written the
 * others' requests keep the service busy.
 */
const DETAIL_BATCH = 200
const DETAIL_WORKERS = 3

/** How long an idle detail worker waits at most before it reads the queue again. */
const QUEUE_RECHECK_MS = 250

export const DETAIL_PRIORITY = { live: 0, updates: 1, sweep: 2, history: 3 } as const

export type AreaState = { enabled: true } | { enabled: false; reason: string }

export type SyncOutcome =
  | { ok: true; bills: AreaState; expenses: AreaState; finishedAt: number }
  | { ok: false; kind: BridgeErrorKind | 'cancelled' | 'storage_full'; message: string }

export interface SyncOptions {
  signal: AbortSignal
  onProgress?: (progress: SyncProgress) => void
  /** `deep` also re-reads every bill created in the last `deepDays` days. */
  mode?: 'normal' | 'deep'
  deepDays?: number
  /** Areas not to sync, with the reason (a scope found missing earlier): not retried each run. */
  skip?: Partial<Record<'bills' | 'expenses', string>>
}

/** The run's listing, as the detail workers see it: over once it is done or has failed. */
interface ListingState {
  done: boolean
  failed: boolean
  over: Promise<void>
}

class SyncCancelled extends Error {
  override name = 'SyncCancelled'
}

function isQuotaError(error: unknown): boolean {
  const names = [
    (error as { name?: string })?.name,
    (error as { inner?: { name?: string } })?.inner?.name,
  ]
  return names.includes('QuotaExceededError')
}

/** The reader, with its list calls timed as the listing stage and its detail calls as details. */
function timedReader(reader: ServiceReader, stages: StageClock): ServiceReader {
  return {
    listBills: (input) => stages.time('listing', () => reader.listBills(input)),
    listExpenses: (input) => stages.time('listing', () => reader.listExpenses(input)),
    getBills: (input) => stages.time('details', () => reader.getBills(input)),
  }
}

/**
 * Brings the cache level with the service. A first sync reads tonight first: every bill and
 * expense changed since the business day before yesterday began, by `updated_at` with a keyset cursor and
 * bills with their details, so the last two business days' sessions are whole before any history
 * (still-syncing.ts). History follows newest first, up to where that read began, then updates
 * from its cursor (records changing while pages are read are neither missed nor doubled), then
 * bill details for whatever is new or changed. Every page is committed with its checkpoint, so a
 * run stopped anywhere resumes where it stopped.
 */
export class SyncEngine {
  /** This run's cache writes, grouped into as few transactions as the cache's pace allows. */
  private writes: GroupedWrites
  private readonly ctx: CollectionContext

  /** `stages` adds up the busy time of each stage over this engine's runs. */
  constructor(
    ctx: CollectionContext,
    readonly stages: StageClock = new StageClock(),
  ) {
    this.ctx = { ...ctx, reader: timedReader(ctx.reader, stages) }
    this.writes = new GroupedWrites(ctx.db, stages)
  }

  private readonly commit = (write: () => Promise<void>): Promise<void> => this.writes.add(write)

  get db(): TillDatabase {
    return this.ctx.db
  }

  async run(options: SyncOptions): Promise<SyncOutcome> {
    // A failed write refuses every later one until the next run.
    this.writes = new GroupedWrites(this.ctx.db, this.stages)
    const meter = new ProgressMeter(
      this.ctx.now(),
      this.ctx.now,
      options.onProgress ?? (() => undefined),
    )
    const check = (): void => {
      if (options.signal.aborted) throw new SyncCancelled('cancelled')
    }
    const areas: { bills: AreaState; expenses: AreaState } = {
      bills: { enabled: true },
      expenses: { enabled: true },
    }
    try {
      let endListing = (): void => undefined
      const listing: ListingState = {
        done: false,
        failed: false,
        over: new Promise((resolve) => (endListing = resolve)),
      }
      // Settled into a value at once, so a failure there is never an unhandled rejection.
      const details = this.detailWorker(meter, check, listing).then(
        () => null,
        (error: unknown) => error,
      )
      try {
        const bills = billsCollection(this.ctx)
        const expenses = expensesCollection(this.ctx)
        // Tonight first: both areas' recent changes before either's history.
        const recentFrom = recentWindowStart(this.ctx.now(), this.ctx.timeZone)
        for (const [key, collection] of [
          ['bills', bills],
          ['expenses', expenses],
        ] as const) {
          areas[key] = await this.area(options.skip?.[key], () =>
            this.recent(collection, recentFrom, meter, check),
          )
          // A refused area has nothing to read: it holds no session back.
          if (!areas[key].enabled) await this.noteCovered(key, recentFrom)
        }
        if (areas.bills.enabled)
          areas.bills = await this.area(undefined, async () => {
            await this.backfill(bills, meter, check)
            await this.incremental(bills, meter, check)
            if (options.mode === 'deep') await this.deepSweep(options.deepDays ?? 7, check)
          })
        if (areas.expenses.enabled)
          areas.expenses = await this.area(undefined, async () => {
            meter.setPhase('expenses')
            await this.backfill(expenses, meter, check)
            await this.incremental(expenses, meter, check)
          })
        listing.done = true
        endListing()
      } catch (error) {
        // Stop the detail worker before reporting, so nothing writes after the run has ended.
        listing.failed = true
        endListing()
        await details
        throw error
      }
      meter.setPhase('details')
      const detailError = await details
      if (detailError) throw detailError
      const finishedAt = this.ctx.now()
      await this.markSuccess(areas, finishedAt)
      return { ok: true, ...areas, finishedAt }
    } catch (error) {
      if (error instanceof SyncCancelled)
        return {
          ok: false,
          kind: 'cancelled',
          message: 'Sync stopped. It will carry on from here next time.',
        }
      if (isQuotaError(error)) {
        return {
          ok: false,
          kind: 'storage_full',
          message:
            'This PC’s disk is full, so Till could not save what it fetched. Free some space, then sync again; nothing was half saved.',
        }
      }
      if (error instanceof BridgeCallError)
        return { ok: false, kind: error.kind, message: error.message }
      throw error
    }
  }

  /** A missing scope disables one area with its reason; anything else stops the run. */
  private async area(
    skipReason: string | undefined,
    work: () => Promise<void>,
  ): Promise<AreaState> {
    if (skipReason !== undefined) return { enabled: false, reason: skipReason }
    try {
      await work()
      return { enabled: true }
    } catch (error) {
      if (error instanceof BridgeCallError && error.kind === 'scope')
        return { enabled: false, reason: error.message }
      throw error
    }
  }

  private async markSuccess(
    areas: { bills: AreaState; expenses: AreaState },
    at: number,
  ): Promise<void> {
    for (const key of ['bills', 'expenses'] as const) {
      if (!areas[key].enabled) continue
      await noteSyncSuccess(this.ctx.db, key, at)
    }
  }

  /**
   * A first sync's read of recent changes, from `recentFrom` (or where a stopped one began) to the
   * newest, bills with their details; the cursor it leaves is where the updates carry on. Then
   * its start is noted as covered. Not for a cache a sync has filled before, nor for one whose
   * history was begun before this read existed (that one reads on as it was).
   */
  private async recent(
    collection: Collection,
    recentFrom: number,
    meter: ProgressMeter,
    check: () => void,
  ): Promise<void> {
    const checkpoint = await readCheckpoint(this.ctx.db, collection.key)
    if (
      checkpoint.coveredFrom !== undefined ||
      checkpoint.lastSuccessAt !== null ||
      checkpoint.backfillDone ||
      checkpoint.backfillPage !== null
    )
      return
    const from = checkpoint.recentFrom ?? recentFrom
    if (checkpoint.recentFrom === undefined)
      await this.commit(() => startRecentRead(this.ctx.db, collection.key, from))
    meter.setPhase('recent')
    await this.incremental(
      {
        ...collection,
        read: (query) => collection.read(query, { withDetails: true }),
      },
      meter,
      check,
    )
    await this.noteCovered(collection.key, from)
  }

  /** Notes that every record of the area changed from `from` on is in (or none can be read). */
  private noteCovered(key: CollectionKey, from: number): Promise<void> {
    return this.commit(() => noteCovered(this.ctx.db, key, from))
  }

  /**
   * History, newest first, by page; new records arriving meanwhile only push pages down. A long
   * history of bills is read in stretches of `created_at` side by side (history-ranges.ts), each
   * page written with every stretch's progress, so a resumed run carries on with each.
   */
  private async backfill(
    collection: Collection,
    meter: ProgressMeter,
    check: () => void,
  ): Promise<void> {
    let checkpoint = await readCheckpoint(this.ctx.db, collection.key)
    if (checkpoint.backfillDone) return
    if (checkpoint.backfillPage === null) {
      // Where updates will start once history is in: the newest change the service has now, or
      // where the recent read left off if that is earlier. (A read that found nothing left its
      // start, this PC's time: a service whose clock is behind may still change records before it.)
      const newest = await collection.read({ page: 1, limit: 1, order_by: 'updated_at:desc' })
      const { total } = newest.page.page
      const newestText = newest.page.lastUpdatedAtText
      const keepCursor =
        checkpoint.coveredFrom !== undefined &&
        checkpoint.cursor !== null &&
        newestText !== null &&
        Date.parse(checkpoint.cursor) <= Date.parse(newestText)
      const start = {
        ...checkpoint,
        backfillPage: 1,
        ...(keepCursor ? {} : { cursor: newestText, cursorPage: 1 }),
        backfillRanges: await this.rangesOf(collection, total, checkpoint.coveredFrom),
      }
      await this.commit(() => newest.write(start, DETAIL_PRIORITY.history))
      // A bill is written twice, listed then with its detail; an expense once.
      if (total !== null) meter.expect(total * (collection.key === 'bills' ? 2 : 1))
      checkpoint = await readCheckpoint(this.ctx.db, collection.key)
    }
    meter.setPhase(
      collection.key === 'bills'
        ? checkpoint.backfillPage === 1
          ? 'recent'
          : 'history'
        : 'expenses',
    )
    const base = checkpoint
    // Each stretch's progress as queued for writing: writes commit in the order queued, so each
    // page's checkpoint holds no stretch further on than what is committed with or before it.
    const ranges = base.backfillRanges ?? [
      { from: null, to: null, page: base.backfillPage ?? 1, done: false },
    ]
    const failures: unknown[] = []
    const stopIfFailed = (): void => {
      check()
      if (failures.length > 0) throw failures[0]
    }
    /** The newest pages show at once, as listed; older history is written once, complete. */
    const isNewest = (index: number, query: PageQuery): boolean => index === 0 && query.page <= 2
    const listing = (index: number): Promise<void> =>
      pageThrough(
        {
          ...collection,
          read: (query) => collection.read(query, { withDetails: !isNewest(index, query) }),
        },
        rangeQuery(ranges[index]!, PAGE_SIZE),
        (read, query) => {
          ranges[index] = { ...ranges[index]!, page: query.page + 1, done: !read.page.hasMore }
          const newest = isNewest(index, query)
          return {
            checkpoint: {
              ...base,
              backfillPage: ranges[0]!.page,
              backfillRanges: [...ranges],
              backfillDone: ranges.every((r) => r.done),
            },
            // A history bill left without its detail waits behind the newest pages' details.
            priority: newest
              ? DETAIL_PRIORITY.updates
              : DETAIL_PRIORITY.history + (index * 1e5 + query.page) / 1e7,
            storeSummaries: newest,
            next: read.page.hasMore ? { ...query, page: query.page + 1 } : null,
          }
        },
        this.commit,
        stopIfFailed,
        (read, query) => {
          meter.add(read.progress)
          if (index === 0 && query.page === 1)
            meter.setPhase(collection.key === 'bills' ? 'history' : 'expenses')
        },
      ).catch((error: unknown) => {
        failures.push(error)
      })
    // One stretch failing stops the others at their next page; none writes after this returns.
    await Promise.all(ranges.map((range, index) => (range.done ? null : listing(index))))
    if (failures.length > 0) throw failures[0]
  }

  /**
   * Stretches of history to read side by side, below `below` when what was made from then on is
   * in: bills only, the expenses' lists take no upper bound.
   */
  private async rangesOf(
    collection: Collection,
    total: number | null,
    below: number | undefined,
  ): Promise<HistoryRange[] | undefined> {
    if (collection.key !== 'bills' || total === null) return undefined
    const end = (order_by: string) => collection.read({ page: 1, limit: 1, order_by })
    const [oldest, newest] = await Promise.all([end('created_at:asc'), end('created_at:desc')])
    const from = oldest.page.firstCreatedAt
    const to = newest.page.firstCreatedAt
    if (from === null || to === null) return undefined
    return historyRanges(from, to, Math.ceil(total / PAGE_SIZE), below ?? null)
  }

  /** Changes since the cursor, oldest first, by keyset on `updated_at`. */
  private async incremental(
    collection: Collection,
    meter: ProgressMeter,
    check: () => void,
  ): Promise<void> {
    let checkpoint = await readCheckpoint(this.ctx.db, collection.key)
    // Start each run a little before the cursor: a change committed late is still seen.
    const from =
      checkpoint.cursor === null
        ? null
        : new Date(Date.parse(checkpoint.cursor) - OVERLAP_MS).toISOString()
    const queryFrom = (cursor: string | null, page: number): PageQuery => ({
      page,
      limit: PAGE_SIZE,
      order_by: 'updated_at:asc',
      ...(cursor ? { q_updated_at_from: cursor } : {}),
    })
    if (collection.key === 'bills' && checkpoint.backfillDone) meter.setPhase('updates')
    await pageThrough(
      collection,
      queryFrom(from, 1),
      (read, query) => {
        const base = {
          ...checkpoint,
          cursor: query.q_updated_at_from ?? null,
          cursorPage: query.page,
        }
        checkpoint = { ...base, ...advanceCursor(base, read.lastUpdatedAtText) }
        return {
          checkpoint,
          priority: DETAIL_PRIORITY.updates,
          next: read.page.hasMore ? queryFrom(checkpoint.cursor, checkpoint.cursorPage) : null,
        }
      },
      this.commit,
      check,
      (read) => meter.add(read.progress),
    )
  }

  /** Every bill created in the last days, compared with the cache: catches what events missed. */
  private async deepSweep(days: number, check: () => void): Promise<void> {
    const since = new Date(this.ctx.now() - days * 86_400_000).toISOString()
    const checkpoint = await readCheckpoint(this.ctx.db, 'bills')
    await pageThrough(
      billsCollection(this.ctx),
      { page: 1, limit: PAGE_SIZE, order_by: 'created_at:asc', q_created_at_from: since },
      (read, query) => ({
        checkpoint,
        priority: DETAIL_PRIORITY.sweep,
        next: read.page.hasMore ? { ...query, page: query.page + 1 } : null,
      }),
      this.commit,
      check,
    )
  }

  /**
   * Waits until this run has committed more (a page may have queued bills), one of `orWhen`, or a
   * while (a webhook drain queues bills outside the run). Reading the queue every 25 ms instead
   * cost the page a read transaction each time, over a thousand in a first sync.
   */
  private queueMayHaveGrown(...orWhen: Promise<void>[]): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    return Promise.race([
      this.writes.nextGroupEnded(),
      ...orWhen,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, QUEUE_RECHECK_MS))),
    ]).finally(() => clearTimeout(timer))
  }

  /**
   * Fetches queued bill details, most urgent first, with several workers so that main always has
   * requests in flight while the cache writes what came. Runs beside the listing until the
   * listing is over and nothing is queued or in flight; a worker that fails stops the others.
   */
  private async detailWorker(
    meter: ProgressMeter,
    check: () => void,
    listing: ListingState,
  ): Promise<void> {
    const claimed = new Set<string>()
    const failures: unknown[] = []
    // Idle workers, woken when a batch's ids are released: the run may then be over.
    const idle: (() => void)[] = []
    const released = (): void => idle.splice(0).forEach((wake) => wake())
    const claim = async (): Promise<string[]> => {
      const queued = await queuedDetails(this.ctx.db, DETAIL_BATCH + claimed.size)
      // No await between reading and claiming: two workers never take the same bill.
      const ids = queued.filter((id) => !claimed.has(id)).slice(0, DETAIL_BATCH)
      ids.forEach((id) => claimed.add(id))
      return ids
    }
    /** Fetches a batch and queues its write; resolves once fetched, with the write under way. */
    const fetchAndWrite = async (ids: string[]): Promise<{ written: Promise<void> }> => {
      const { bills, missing, quarantined } = await this.ctx.reader.getBills({
        profileId: this.ctx.profileId,
        currency: this.ctx.currency,
        ids,
      })
      const written = this.commit(() =>
        writeBills(this.ctx.db, {
          bills,
          missing,
          quarantined,
          detailPriority: DETAIL_PRIORITY.updates,
          timeZone: this.ctx.timeZone,
          now: this.ctx.now(),
        }).then(() => undefined),
      ).then(() => meter.add(bills.length))
      // Awaited by the worker once its next batch is fetched; a failure meanwhile is not unhandled.
      written.catch(() => undefined)
      return { written }
    }
    // Each worker fetches its next batch while its last one is being written; the ids of a batch
    // stay claimed until their write is committed (or has failed), so no batch is fetched twice.
    const worker = async (): Promise<void> => {
      let writing: { ids: string[]; written: Promise<void> } | null = null
      const settle = async (): Promise<void> => {
        if (!writing) return
        const { ids, written } = writing
        writing = null
        try {
          await written
        } finally {
          ids.forEach((id) => claimed.delete(id))
          released()
        }
      }
      // The next batch is claimed while this one is fetched: reading the queue waits for the
      // cache's open write transactions, and so overlaps the fetch rather than following it.
      let claiming: Promise<string[]> | null = null
      try {
        for (;;) {
          check()
          if (listing.failed || failures.length > 0) return
          const ids = await (claiming ?? claim())
          claiming = null
          if (ids.length === 0) {
            if (writing) await settle()
            else if (listing.done && claimed.size === 0) return
            else await this.queueMayHaveGrown(listing.over, new Promise((wake) => idle.push(wake)))
            continue
          }
          const fetching = fetchAndWrite(ids)
          claiming = claim()
          claiming.catch(() => undefined)
          let batch: { written: Promise<void> }
          try {
            batch = await fetching
          } catch (error) {
            ids.forEach((id) => claimed.delete(id))
            released()
            throw error
          }
          await settle()
          writing = { ids, written: batch.written }
        }
      } finally {
        // Stopped early: nothing of this worker writes after it has returned, and a batch it
        // claimed but will not fetch is free again.
        await settle().catch(() => undefined)
        const unfetched = await (claiming ?? Promise.resolve([])).catch(() => [])
        unfetched.forEach((id) => claimed.delete(id))
      }
    }
    await Promise.all(
      Array.from({ length: DETAIL_WORKERS }, () =>
        worker().catch((error: unknown) => {
          failures.push(error)
        }),
      ),
    )
    if (failures.length > 0) throw failures[0]
  }
}
