import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { paidBill } from '../../../support/sync/paid-bill'
import { testEngine } from '../../../support/sync/test-engine'
import { listedPage } from '../../../support/sync/listed-page'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { PAGE_SIZE } from '../../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'

const BILLS = 1900

/**
 * A service of BILLS bills whose lists give summaries only (newest first by creation, in any
 * stretch asked for); one bill it has lost by the time its detail is asked for.
 */
function service(lost: string) {
  const detailCalls: string[][] = []
  const summaries = Array.from({ length: BILLS }, (_, i) => paidBill(i + 1, { hasDetail: false }))
  const reader: ServiceReader = {
    listBills: async ({ query }) => {
      const from = query.q_created_at_from ? Date.parse(query.q_created_at_from) : -Infinity
      const to = query.q_created_at_to ? Date.parse(query.q_created_at_to) : Infinity
      const since = query.q_updated_at_from ?? ''
      const all = summaries.filter(
        (b) => b.createdAt >= from && b.createdAt < to && b.updatedAtText >= since,
      )
      return listedPage(all, query)
    },
    getBills: async ({ ids }) => {
      detailCalls.push(ids)
      return {
        bills: ids.filter((id) => id !== lost).map((id) => paidBill(Number(id))),
        missing: ids.filter((id) => id === lost),
        quarantined: [],
      }
    },
    listExpenses: async ({ query }) => ({
      expenses: [],
      quarantined: [],
      page: { page: query.page, limit: query.limit, total: 0, lastPage: 1, hasMore: false },
    }),
  }
  return { reader, detailCalls }
}

describe('a first sync of a long history', () => {
  it('writes each history page whole, its details fetched in one call, never queueing it', async () => {
    const lost = '700'
    const { reader, detailCalls } = service(lost)
    const db = new TillDatabase(`till-history-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    const queued: string[] = []
    db.pendingDetails.hook('creating', (id) => {
      queued.push(id as string)
    })
    const engine = testEngine(db, reader)
    expect(await engine.run({ signal: new AbortController().signal })).toMatchObject({ ok: true })

    expect(await db.bills.filter((b) => b.hasDetail).count()).toBe(BILLS - 1)
    expect(await db.bills.get(lost)).toBeUndefined()
    expect(await db.pendingDetails.count()).toBe(0)
    // Only the two newest pages, shown at once as listed, waited in the queue for their details.
    expect(queued.length).toBe(2 * PAGE_SIZE)
    expect(queued.map(Number).sort((a, b) => a - b)[0]).toBe(BILLS - 2 * PAGE_SIZE + 1)
    // Every bill's detail was asked for once.
    const asked = detailCalls.flat()
    expect(new Set(asked).size).toBe(BILLS)
    expect(asked.length).toBe(BILLS)
  })
})
