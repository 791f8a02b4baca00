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
import { listedPage, listedRecords } from '../../../support/sync/listed-page'

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

/**
 * A bill of session R ten days before S, left owing and paid off during S: the oldest bill, so
 * the history reaches it last, but changed during S, so tonight's read has it first.
 */
const tenDaysBefore = OPENED - 10 * 24 * 60 * MINUTE
const lateBill = paidBill(999, {
  registerSessionId: 'R',
  createdAt: tenDaysBefore,
  updatedAt: LATE_PAYMENT_AT,
  createdAtText: new Date(tenDaysBefore).toISOString(),
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

/**
 * The service, ordered and filtered as the engine asks; `stopAt` may cancel the run at a read,
 * named by what it reads and counted from 1 over the run.
 */
function serviceStoppingAt(
  stopAt: (read: string, count: number) => boolean,
  stop: AbortController,
): ServiceReader {
  let reads = 0
  const reading = (read: string) => {
    reads += 1
    if (stopAt(read, reads)) stop.abort()
  }
  return {
    listBills: async ({ query }) => {
      reading(`bills ${query.order_by} page ${query.page}`)
      return listedPage([...sales, lateBill], query)
    },
    getBills: async () => ({ bills: [], missing: [], quarantined: [] }),
    listExpenses: async ({ query }) => {
      reading(`expenses ${query.order_by} page ${query.page}`)
      const { slice, page } = listedRecords([pettyCash, laterExpense], query)
      return { expenses: slice, quarantined: [], page }
    },
  }
}

/** A sync as of `now` (time zone UTC), stopped where `stopAt` says. */
async function syncUntil(
  db: TillDatabase,
  now: number,
  stopAt: (read: string, count: number) => boolean,
) {
  const stop = new AbortController()
  return new SyncEngine({
    db,
    reader: serviceStoppingAt(stopAt, stop),
    profileId: 'p',
    currency: 'USD',
    timeZone: 'UTC',
    now: () => now,
  }).run({ signal: stop.signal })
}

/** What a screen shows of a session: its figures, and whether they are marked incomplete. */
async function shown(db: TillDatabase, id = 'S') {
  const session = await db.sessions.get(id)
  if (!session) return { incomplete: true, collected: 0, cashExpenses: 0 }
  const figures = await sessionFigures(db, session)
  const synced = await loadRecordsSynced(db)
  const incomplete = stillSyncing(figures.billsAwaitingDetail, synced, session)
  return { incomplete, collected: figures.totalCollected, cashExpenses: figures.cashExpenses }
}

/** What the cache holds of the service: every bill with what was paid on it, every expense. */
async function cached(db: TillDatabase) {
  const bills = await db.bills.toArray()
  const expenses = await db.expenses.toArray()
  return {
    bills: bills.map((b) => [b.id, b.amountPaid, b.payments.length]).sort(),
    expenses: expenses.map((e) => [e.id, e.amount]).sort(),
    S: await shown(db, 'S'),
    R: await shown(db, 'R'),
  }
}

let dbs = 0
const freshDb = () =>
  new TillDatabase(`till-still-syncing-first-sync-${(dbs += 1)}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })

describe('a session is complete only once everything that can change its figures is synced', () => {
  const whole = { collected: (PAGE_SIZE - 1) * 500 + 1_000, cashExpenses: 300 }
  /** The evening of S's day, and a week and a day later. */
  const tonight = OPENED + 12 * 60 * MINUTE
  const nextWeek = OPENED + 8 * 24 * 60 * MINUTE

  it('a session of last week is not called complete until its records are read, the late payment last', async () => {
    const db = freshDb()
    // Stopped as the first sync asks for its second page of history: all of S's own bills are
    // in (the sync has read back past S's opening), the late payment is not.
    const first = await syncUntil(db, nextWeek, (read) => read === 'bills created_at:desc page 2')
    expect(first).toMatchObject({ ok: false, kind: 'cancelled' })
    const early = await shown(db)
    expect(early.collected).toBe((PAGE_SIZE - 1) * 500)
    expect(early.incomplete).toBe(true)

    // Stopped as the expenses' history is asked for: every bill is in, S's cash expense is not.
    const second = await syncUntil(
      db,
      nextWeek,
      (read) => read === 'expenses created_at:desc page 1',
    )
    expect(second).toMatchObject({ ok: false, kind: 'cancelled' })
    const billsIn = await shown(db)
    expect(billsIn.collected).toBe(whole.collected)
    expect(billsIn.cashExpenses).toBe(0)
    expect(billsIn.incomplete).toBe(true)

    const done = await syncUntil(db, nextWeek, () => false)
    expect(done.ok).toBe(true)
    expect(await shown(db)).toEqual({ incomplete: false, ...whole })
  })

  it('tonight: the late payment on a bill of ten days ago is in before S is called complete, and S is complete while the history still arrives', async () => {
    const db = freshDb()
    // Stopped as the history begins: tonight's read has ended, nothing of the history is read.
    const stopped = await syncUntil(db, tonight, (read) => read === 'bills updated_at:desc page 1')
    expect(stopped).toMatchObject({ ok: false, kind: 'cancelled' })
    expect(await loadRecordsSynced(db)).toMatchObject({ firstSyncDone: false })
    expect(await shown(db)).toEqual({ incomplete: false, ...whole })
    // R, the late bill's own session ten days back, waits for the history.
    expect((await shown(db, 'R')).incomplete).toBe(true)
  })

  it('a first sync stopped at any read resumes without loss, and never calls S complete before it is whole', async () => {
    const reference = freshDb()
    const reads: string[] = []
    const uninterrupted = await syncUntil(reference, tonight, (read) => {
      reads.push(read)
      return false
    })
    expect(uninterrupted.ok).toBe(true)
    const expected = await cached(reference)
    expect(expected.S).toEqual({ incomplete: false, ...whole })
    expect(expected.bills).toHaveLength(PAGE_SIZE + 1)

    for (let cut = 1; cut <= reads.length; cut += 1) {
      const db = freshDb()
      const stopped = await syncUntil(db, tonight, (_, count) => count === cut)
      expect(stopped, `cut at read ${cut} (${reads[cut - 1]})`).toMatchObject({ ok: false })
      const atCut = await shown(db)
      if (!atCut.incomplete)
        expect(atCut, `cut at read ${cut}`).toEqual({ incomplete: false, ...whole })
      expect((await syncUntil(db, tonight, () => false)).ok).toBe(true)
      expect(await cached(db), `resumed after a cut at read ${cut}`).toEqual(expected)
    }
  })
})
