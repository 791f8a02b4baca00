import { paidBill } from '../../../support/sync/paid-bill'
import { testEngine } from '../../../support/sync/test-engine'
import { listedPage } from '../../../support/sync/listed-page'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'

const SYNC_STAGES = ['listing', 'details', 'commit'] as const

const BILLS = 1600
const LIST_MS = 50
const DETAIL_MS = 60

const bill = (n: number, hasDetail: boolean): Bill => paidBill(n, { hasDetail })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Wall time with at least one call in flight, as the service sees its calls, and the most at once. */
function inFlight() {
  let count = 0
  let since = 0
  const seen = { busyMs: 0, most: 0, now: () => count }
  return Object.assign(seen, {
    async during<T>(work: () => Promise<T>): Promise<T> {
      if (count++ === 0) since = performance.now()
      seen.most = Math.max(seen.most, count)
      try {
        return await work()
      } finally {
        if (--count === 0) seen.busyMs += performance.now() - since
      }
    },
  })
}

/**
 * A service whose lists (summaries) and details take a known time, recording how its calls
 * overlap: what the stage times are checked against.
 */
function slowService() {
  const lists = inFlight()
  const details = inFlight()
  let detailsBesideAList = 0
  const reader: ServiceReader = {
    listBills: async ({ query }) => {
      await lists.during(() => pause(LIST_MS))
      const from = query.q_updated_at_from ?? ''
      const all = Array.from({ length: BILLS }, (_, i) => bill(i + 1, false)).filter(
        (b) => b.updatedAtText >= from,
      )
      return listedPage(all, query)
    },
    getBills: async ({ ids }) => {
      if (lists.now() > 0) detailsBesideAList++
      await details.during(() => pause(DETAIL_MS))
      return { bills: ids.map((id) => bill(Number(id), true)), missing: [], quarantined: [] }
    },
    listExpenses: async ({ query }) => ({
      expenses: [],
      quarantined: [],
      page: { page: query.page, limit: query.limit, total: 0, lastPage: 1, hasMore: false },
    }),
  }
  return { reader, lists, details, detailsBesideAList: () => detailsBesideAList }
}

describe('the busy time of each stage of a sync', () => {
  it('is the wall time each stage had work under way, within the run', async () => {
    const service = slowService()
    const db = new TillDatabase(`till-stages-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    const engine = testEngine(db, service.reader)
    const started = performance.now()
    const outcome = await engine.run({ signal: new AbortController().signal })
    const wall = performance.now() - started
    expect(outcome).toMatchObject({ ok: true })
    expect(await db.bills.filter((b) => b.hasDetail).count()).toBe(BILLS)

    const times = engine.stages.times()
    // The engine times each call from its start to its answer, which holds the service's time.
    expect(times.listing).toBeGreaterThanOrEqual(service.lists.busyMs)
    expect(times.details).toBeGreaterThanOrEqual(service.details.busyMs)
    expect(service.details.busyMs).toBeGreaterThanOrEqual(DETAIL_MS - 1)
    expect(times.commit).toBeGreaterThan(0)
    for (const stage of SYNC_STAGES) expect(times[stage]).toBeLessThanOrEqual(wall)
    // A pipeline: details are fetched while the listing goes on, by more than one call at once.
    expect(service.detailsBesideAList()).toBeGreaterThan(0)
    expect(service.details.most).toBeGreaterThan(1)
  })
})
