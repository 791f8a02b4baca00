import { paidBill } from '../../../support/sync/paid-bill'
import { testEngine } from '../../../support/sync/test-engine'
import { listedPage } from '../../../support/sync/listed-page'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'

function bill(id: number): Bill {
  const at = Date.parse('2026-11-20T10:00:00Z') + id * 1000
  return paidBill(id, {
    totalTax: 45,
    lines: [
      {
        id: `${id}-1`,
        variantId: null,
        name: 'Tea',
        quantity: 1,
        unitPrice: 500,
        total: 500,
        taxes: [],
      },
    ],
    payments: [
      {
        id: `p-${id}`,
        method: 'cash',
        amount: 500,
        ref: null,
        createdAt: at,
        registerSessionId: 'rs-1',
        reversedAt: null,
      },
    ],
  })
}

/** A service with 450 full bills, served in the order and pages the engine asks for. */
const reader: ServiceReader = {
  listBills: async ({ query }) => {
    const all = Array.from({ length: 450 }, (_, i) => bill(i + 1))
    return listedPage(all, query)
  },
  getBills: async () => ({ bills: [], missing: [], quarantined: [] }),
  listExpenses: async ({ query }) => ({
    expenses: [],
    quarantined: [],
    page: { page: query.page, limit: query.limit, total: 0, lastPage: 1, hasMore: false },
  }),
}

describe('a full disk during sync', () => {
  it('stops with what to do, and leaves no half-written page', async () => {
    const db = new TillDatabase('till-storage-full', { indexedDB: new IDBFactory(), IDBKeyRange })
    let writes = 0
    // The 300th bill written fails as a full disk does; Dexie surfaces it as QuotaExceededError.
    db.bills.hook('creating', () => {
      if (++writes === 300)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const engine = testEngine(db, reader)
    const outcome = await engine.run({ signal: new AbortController().signal })
    expect(outcome).toMatchObject({ ok: false, kind: 'storage_full' })
    expect(outcome.ok ? '' : outcome.message).toMatch(
      /disk is full.*Free some space.*nothing was half saved/,
    )
    // The one-record probe and the first page of 200 are saved (200 distinct bills); of the second
    // page, whose 100th bill failed, nothing is.
    expect(await db.bills.count()).toBe(200)
    expect((await db.checkpoints.get('bills'))?.backfillPage).toBe(2)
  })
})
