import type { PageInfo } from '../../src-shared/bridge/contract'
import type { TillDatabase } from '../cache/database'
import type { Checkpoint } from '../cache/records'
import { writeBills, writeExpenses } from '../cache/writes'
import type { CollectionKey } from './checkpoints'
import type { ServiceReader } from './service-reader'

export interface PageQuery {
  page: number
  limit: number
  order_by: string
  q_updated_at_from?: string
  q_created_at_from?: string
}

export interface CollectionPage {
  ids: string[]
  lastUpdatedAtText: string | null
  page: PageInfo
  /** Records that are complete as written (expenses; bills that came in full). */
  complete: number
}

/** One thing the sync pages through: bills or expenses, read and written its own way. */
export interface Collection {
  key: CollectionKey
  /** Reads a page and writes it with the checkpoint that follows it, in one transaction. */
  readAndWrite(
    query: PageQuery,
    nextCheckpoint: (page: CollectionPage) => Checkpoint,
    priority: number,
  ): Promise<CollectionPage>
}

export interface CollectionContext {
  db: TillDatabase
  reader: ServiceReader
  profileId: string
  currency: string | null
  timeZone: string
  now: () => number
}

function pageOf<T extends { id: string; updatedAtText: string }>(
  records: T[],
  page: PageInfo,
  complete: number,
): CollectionPage {
  return {
    ids: records.map((r) => r.id),
    lastUpdatedAtText: records.at(-1)?.updatedAtText ?? null,
    page,
    complete,
  }
}

export function billsCollection(ctx: CollectionContext): Collection {
  return {
    key: 'bills',
    readAndWrite: async (query, nextCheckpoint, priority) => {
      const { bills, quarantined, page } = await ctx.reader.listBills({
        profileId: ctx.profileId,
        currency: ctx.currency,
        query,
      })
      const result = pageOf(bills, page, bills.filter((b) => b.hasDetail).length)
      await writeBills(ctx.db, {
        bills,
        quarantined,
        checkpoint: nextCheckpoint(result),
        detailPriority: priority,
        timeZone: ctx.timeZone,
        now: ctx.now(),
      })
      return result
    },
  }
}

export function expensesCollection(ctx: CollectionContext): Collection {
  return {
    key: 'expenses',
    readAndWrite: async (query, nextCheckpoint) => {
      const { expenses, quarantined, page } = await ctx.reader.listExpenses({
        profileId: ctx.profileId,
        currency: ctx.currency,
        query,
      })
      const result = pageOf(expenses, page, expenses.length)
      await writeExpenses(ctx.db, {
        expenses,
        quarantined,
        checkpoint: nextCheckpoint(result),
        now: ctx.now(),
      })
      return result
    },
  }
}
