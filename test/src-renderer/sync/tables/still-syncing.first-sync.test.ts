import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { Bill, Expense } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import { loadRecordsSynced, stillSyncing } from '../../../../src-renderer/sync/tables/still-syncing'
import { SyncEngine } from '../../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'
import { PAGE_SIZE } from '../../../../src-renderer/sync/jobs/sync-engine'
import { paidBill } from '../../../support/sync/paid-bill'

const MINUTE = 60_000
const OPENED = Date.parse('2026-11-20T09:00:00Z')
const LATE_PAYMENT_AT = OPENED + 150 * MINUTE

/**
 * Session S's own sales, a minute apart, and the last sale of the session before it (Q): one page
 * of the first sync's history, so after it the sync has read back past S's opening. The last sales
 * come after the late payment, so the newest change is not that payment.
 */
const sales: Bill[] = Array.from({ length: PAGE_SIZE }, (_, i) => {
  const at = i === 0 ? OPENED - 30 * MINUTE : OPENED + i * MINUTE
  const session = i === 0 ? 'Q' : 'S'
  return paidBill(i + 1, {
    registerSessionId: session,
    createdAt: at,
    updatedAt: at,
    createdAtText: new Date(at).toISOString(),
    updatedAtText: new Date(at).toISOString(),
    payments: [
      {
        id: `p-${i + 1}`,
        method: 'cash',
        amount: 500,
        ref: null,
        createdAt: at,
        registerSessionId: session,
        reversedAt: null,
      },
    ],
  })
})

/** Yesterday's bill of session R, left owing and paid off during S: read last, being oldest. */
const yesterday = OPENED - 20 * 60 * MINUTE
const lateBill = paidBill(999, {
  registerSessionId: 'R',
  createdAt: yesterday,
  updatedAt: LATE_PAYMENT_AT,
  createdAtText: new Date(yesterday).toISOString(),
  updatedAtText: new Date(LATE_PAYMENT_AT).toISOString(),
  total: 1_000,
  amountPaid: 1_000,
  payments: [
    {
      id: 'p-late',
      method: 'cash',
      amount: 1_000,
      ref: null,
      createdAt: LATE_PAYMENT_AT,
      registerSessionId: 'S',
      reversedAt: null,
    },
  ],
})

const pettyCash = expense('E1', 'S', OPENED + 60 * MINUTE, 300)
/** The newest expense, of no session: what the first sync's probe reads. */
const laterExpense = expense('E2', null, OPENED + 400 * MINUTE, 700)

function expense(id: string, session: string | null, at: number, amount: number): Expense {
  const text = new Date(at).toISOString()
  return {
    id,
    number: `EX-${id}`,
    locationId: 'loc-1',
    registerSessionId: session,
    category: 'Supplies',
    description: 'Ice',
    supplier: null,
    currency: 'USD',
    amount,
    taxAmount: 0,
    paymentMethod: 'cash',
    expenseDate: text.slice(0, 10),
    createdAt: at,
    updatedAt: at,
    createdAtText: text,
    updatedAtText: text,
    extra: {},
  }
}

function pageOf<T>(all: T[], query: { page: number; limit: number }) {
  const start = (query.page - 1) * query.limit
  return {
    slice: all.slice(start, start + query.limit),
    page: {
      page: query.page,
      limit: query.limit,
      total: all.length,
      lastPage: Math.max(1, Math.ceil(all.length / query.limit)),
      hasMore: start + query.limit < all.length,
    },
  }
}

/** The service, ordered and filtered as the engine asks; `stopAt` may cancel the run at a read. */
function serviceStoppingAt(
  stopAt: (read: string) => boolean,
  stop: AbortController,
): ServiceReader {
  return {
    listBills: async ({ query }) => {
      const field = query.order_by?.startsWith('updated_at') ? 'updatedAt' : 'createdAt'
      const from = query.q_updated_at_from ? Date.parse(query.q_updated_at_from) : -Infinity
      const all = [...sales, lateBill]
        .filter((b) => b.updatedAt >= from)
        .sort((a, b) => a[field] - b[field] || a.id.localeCompare(b.id))
      if (query.order_by?.endsWith(':desc')) all.reverse()
      if (stopAt(`bills ${query.order_by} page ${query.page}`)) stop.abort()
      const { slice, page } = pageOf(all, query)
      return { bills: slice, quarantined: [], page }
    },
    getBills: async () => ({ bills: [], missing: [], quarantined: [] }),
    listExpenses: async ({ query }) => {
      const all = [pettyCash, laterExpense].sort((a, b) => a.createdAt - b.createdAt)
      if (query.order_by?.endsWith(':desc')) all.reverse()
      if (stopAt(`expenses ${query.order_by} page ${query.page}`)) stop.abort()
      const { slice, page } = pageOf(all, query)
      return { expenses: slice, quarantined: [], page }
    },
  }
}

async function syncUntil(db: TillDatabase, stopAt: (read: string) => boolean) {
  const stop = new AbortController()
  return new SyncEngine({
    db,
    reader: serviceStoppingAt(stopAt, stop),
    profileId: 'p',
    currency: 'USD',
    timeZone: 'UTC',
    now: Date.now,
  }).run({ signal: stop.signal })
}

/** What a screen shows of session S: its figures, and whether they are marked incomplete. */
async function shownOfS(db: TillDatabase) {
  const session = (await db.sessions.get('S'))!
  const figures = await sessionFigures(db, session)
  const incomplete = stillSyncing(figures.billsAwaitingDetail, await loadRecordsSynced(db))
  return { incomplete, collected: figures.totalCollected, cashExpenses: figures.cashExpenses }
}

describe('a session is complete only once everything that can change its figures is synced', () => {
  const whole = { collected: (PAGE_SIZE - 1) * 500 + 1_000, cashExpenses: 300 }

  it('a late payment on yesterday’s bill, read last by the first sync, keeps S incomplete until it is in', async () => {
    const db = new TillDatabase('till-still-syncing-first-sync', {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    // Stopped as the first sync asks for its second page of history: all of S's own bills are
    // in (the sync has read back past S's opening), the late payment is not.
    const first = await syncUntil(db, (read) => read === 'bills created_at:desc page 2')
    expect(first).toMatchObject({ ok: false, kind: 'cancelled' })
    const early = await shownOfS(db)
    expect(early.collected).toBe((PAGE_SIZE - 1) * 500)
    expect(early.incomplete).toBe(true)

    // Stopped as the expenses' history is asked for: every bill is in, S's cash expense is not.
    const second = await syncUntil(db, (read) => read === 'expenses created_at:desc page 1')
    expect(second).toMatchObject({ ok: false, kind: 'cancelled' })
    const billsIn = await shownOfS(db)
    expect(billsIn.collected).toBe(whole.collected)
    expect(billsIn.cashExpenses).toBe(0)
    expect(billsIn.incomplete).toBe(true)

    const done = await syncUntil(db, () => false)
    expect(done.ok).toBe(true)
    expect(await shownOfS(db)).toEqual({ incomplete: false, ...whole })
  })
})
