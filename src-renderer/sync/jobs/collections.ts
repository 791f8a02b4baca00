import type { ChannelOutput, PageInfo } from '../../../src-shared/bridge/contract'
import type { Bill, QuarantinedRecord } from '../../../src-shared/domain/records'
import type { TillDatabase } from '../../database/database'
import type { Checkpoint } from '../../database/cached-records'
import { writeBills, writeExpenses } from '../tables/writes'
import type { CollectionKey } from '../tables/checkpoints'
import type { ServiceReader } from './service-reader'

export interface PageQuery {
  page: number
  limit: number
  order_by: string
  q_updated_at_from?: string
  q_created_at_from?: string
  /** Bills only: the service's expense lists take no upper bound. */
  q_created_at_to?: string
}

export interface CollectionPage {
  ids: string[]
  lastUpdatedAtText: string | null
  firstCreatedAt: number | null
  page: PageInfo
  /**
   * What writing this page adds to the run's progress: a record written whole counts one (an
   * expense, a bill that was listed in full), a bill listed and detailed at once two (the meter
   * expects each bill twice: listed, then with its detail).
   */
  progress: number
}

/** A page as read from the service, not yet written. */
interface ReadPage {
  page: CollectionPage
  /** `storeSummaries` false: bills that came without detail are queued, not stored (see writeBills). */
  write(checkpoint: Checkpoint, priority: number, storeSummaries?: boolean): Promise<void>
}

/** One thing the sync pages through: bills or expenses, read and written its own way. */
export interface Collection {
  key: CollectionKey
  /**
   * Reads a page; its `write` stores it with the checkpoint that follows it, in one transaction.
   * `withDetails`: bills that came without their detail are fetched whole before the page counts
   * as read, so it is written once, complete, and never goes through the detail queue.
   */
  read(query: PageQuery, options?: { withDetails?: boolean }): Promise<ReadPage>
}

export interface CollectionContext {
  db: TillDatabase
  reader: ServiceReader
  profileId: string
  currency: string | null
  timeZone: string
  now: () => number
}

function pageOf<T extends { id: string; createdAt: number; updatedAtText: string }>(
  records: T[],
  page: PageInfo,
  progress: number,
): CollectionPage {
  return {
    ids: records.map((r) => r.id),
    lastUpdatedAtText: records.at(-1)?.updatedAtText ?? null,
    firstCreatedAt: records[0]?.createdAt ?? null,
    page,
    progress,
  }
}

type BillsList = ChannelOutput<'service.bills.list'>

/**
 * A listed page of bills with the detail of each that came without it, in one bridge call: the
 * page's bills as they end up, those the service no longer has, and every record quarantined.
 */
async function withDetails(
  ctx: CollectionContext,
  listed: BillsList,
): Promise<{
  bills: Bill[]
  missing: string[]
  quarantined: QuarantinedRecord[]
  detailed: number
}> {
  const ids = listed.bills.filter((b) => !b.hasDetail).map((b) => b.id)
  if (ids.length === 0)
    return { bills: listed.bills, missing: [], quarantined: listed.quarantined, detailed: 0 }
  const details = await ctx.reader.getBills({
    profileId: ctx.profileId,
    currency: ctx.currency,
    ids,
  })
  const fetched = new Map(details.bills.map((b) => [b.id, b]))
  const gone = new Set([...details.missing, ...details.quarantined.map((q) => q.id)])
  return {
    // In the listing's order, so the page's first and last bills stay what its cursor says.
    bills: listed.bills.flatMap((b) =>
      b.hasDetail ? [b] : gone.has(b.id) ? [] : [fetched.get(b.id) ?? b],
    ),
    missing: details.missing,
    quarantined: [...listed.quarantined, ...details.quarantined],
    detailed: details.bills.length,
  }
}

export function billsCollection(ctx: CollectionContext): Collection {
  return {
    key: 'bills',
    read: async (query, options) => {
      const listed = await ctx.reader.listBills({
        profileId: ctx.profileId,
        currency: ctx.currency,
        query,
      })
      const { page } = listed
      const whole = options?.withDetails ? await withDetails(ctx, listed) : null
      const { bills, quarantined } = whole ?? listed
      const listedWhole = listed.bills.filter((b) => b.hasDetail).length
      return {
        page: pageOf(listed.bills, page, listedWhole + 2 * (whole?.detailed ?? 0)),
        write: async (checkpoint, priority, storeSummaries) => {
          await writeBills(ctx.db, {
            bills,
            quarantined,
            ...(whole ? { missing: whole.missing } : {}),
            checkpoint,
            detailPriority: priority,
            storeSummaries,
            timeZone: ctx.timeZone,
            now: ctx.now(),
          })
        },
      }
    },
  }
}

export function expensesCollection(ctx: CollectionContext): Collection {
  return {
    key: 'expenses',
    read: async (query) => {
      const { expenses, quarantined, page } = await ctx.reader.listExpenses({
        profileId: ctx.profileId,
        currency: ctx.currency,
        query,
      })
      return {
        page: pageOf(expenses, page, expenses.length),
        write: (checkpoint) =>
          writeExpenses(ctx.db, { expenses, quarantined, checkpoint, now: ctx.now() }),
      }
    },
  }
}

/** What follows a page that was read: the checkpoint to store with it, and the next query. */
export interface PageStep {
  checkpoint: Checkpoint
  /** Queue position of this page's bills that still need their detail. */
  priority: number
  /** False: such bills are only queued (their detail follows soon), not stored twice. */
  storeSummaries?: boolean
  next: PageQuery | null
}

/** Pages written but not yet committed that a listing may have before it waits. */
const WRITES_AHEAD = 4

/**
 * Pages in order, each read while those before it are written (the service answers while the
 * cache writes). `commit` runs each page's write; writes are queued in page order, each with its
 * checkpoint. Returns once every page read is committed, also when it stops early.
 */
export async function pageThrough(
  collection: Collection,
  first: PageQuery,
  step: (page: CollectionPage, query: PageQuery) => PageStep,
  commit: (write: () => Promise<void>) => Promise<void>,
  check: () => void,
  onWritten: (page: CollectionPage, query: PageQuery) => void = () => undefined,
): Promise<void> {
  const writing: Promise<void>[] = []
  try {
    let query = first
    let reading = collection.read(first)
    for (;;) {
      check()
      const read = await reading
      const { checkpoint, priority, storeSummaries, next } = step(read.page, query)
      if (next) {
        reading = collection.read(next)
        // Awaited on the next turn; a failure meanwhile must not go unhandled.
        reading.catch(() => undefined)
      }
      const page = query
      const written = commit(() => read.write(checkpoint, priority, storeSummaries)).then(() =>
        onWritten(read.page, page),
      )
      written.catch(() => undefined)
      writing.push(written)
      if (writing.length > WRITES_AHEAD) await writing.shift()
      if (!next) break
      query = next
    }
    await Promise.all(writing)
  } finally {
    // Stopped early (cancelled, failed): nothing of this listing writes after it has returned.
    await Promise.allSettled(writing)
  }
}
