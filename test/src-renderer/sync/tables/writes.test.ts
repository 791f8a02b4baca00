import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  queueForDetail,
  writeBills,
  writeExpenses,
  type BillsWrite,
} from '../../../../src-renderer/sync/tables/writes'
import { expense } from '../../../support/exports/fixtures'
import { storedBillCount } from '../../../../src-renderer/sessions/tables/bill-count-store'
import { ANY_BILL } from '../../../../src-renderer/sessions/tables/bills/bill-filters'
import {
  loadSessionInputs,
  sessionBillsAndPayments,
} from '../../../../src-renderer/sessions/tables/load-session'
import { tallyOf } from '../../../../src-renderer/sessions/rules/session-tally'
import { makeBill, type PaymentSpec } from '../../../support/bill-factory'
import { billsReversedBetween } from '../../../../src-renderer/sessions/tables/payment-index-reads'
import { hasRecords } from '../../../../src-renderer/sessions/tables/session-tally-store'

const freshDb = (): TillDatabase =>
  new TillDatabase(`till-write-bills-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })

const full = (id: string, updatedAt = Date.UTC(2026, 10, 20, 4)): Bill =>
  makeBill({
    id,
    session: 'rs-1',
    lines: [1000],
    payments: [{ method: 'cash', amount: 1000 }],
    updatedAt,
  })

/** A page written as the sync writes it; `more` changes what it is told. */
const writePage = (db: TillDatabase, bills: Bill[], more: Partial<BillsWrite> = {}) =>
  writeBills(db, { bills, quarantined: [], detailPriority: 1, timeZone: 'UTC', now: 0, ...more })

const summaryOf = (bill: Bill): Bill => ({ ...bill, hasDetail: false, lines: [], payments: [] })

describe('writing a page of bills', () => {
  it('without summaries stored, a history page only queues its bills; the detail stores each once', async () => {
    const db = freshDb()
    const bills = [full('1'), full('2')]
    const write = (page: Bill[], storeSummaries: boolean) =>
      writePage(db, page, { detailPriority: 3, storeSummaries })
    await write(bills.map(summaryOf), false)
    expect(await db.bills.count()).toBe(0)
    expect(await db.pendingDetails.toArray()).toEqual([
      { id: '1', priority: 3 },
      { id: '2', priority: 3 },
    ])
    await write(bills, false)
    expect((await db.bills.toArray()).map((b) => [b.id, b.hasDetail])).toEqual([
      ['1', true],
      ['2', true],
    ])
    expect((await sessionBillsAndPayments(db, 'rs-1')).payments.map((p) => p.billId)).toEqual([
      '1',
      '2',
    ])
    expect(await db.pendingDetails.count()).toBe(0)
  })

  it('keeps a cached full bill on screen when a newer summary of it is only queued', async () => {
    const db = freshDb()
    const write = (page: Bill[], storeSummaries: boolean) =>
      writeBills(db, {
        bills: page,
        quarantined: [],
        detailPriority: 1,
        storeSummaries,
        timeZone: 'UTC',
        now: 0,
      })
    await write([full('1')], true)
    await write([summaryOf(full('1', Date.UTC(2026, 10, 21)))], false)
    const cached = await db.bills.get('1')
    expect([cached?.hasDetail, cached?.payments.length]).toEqual([true, 1])
    expect(await db.pendingDetails.get('1')).toEqual({ id: '1', priority: 1 })
  })

  it('replaces a bill’s payments with those of its new detail, dropping ones it no longer has', async () => {
    const db = freshDb()
    const write = (bill: Bill) =>
      writeBills(db, { bills: [bill], quarantined: [], detailPriority: 1, timeZone: 'UTC', now: 0 })
    await write(
      makeBill({
        id: '1',
        session: 'rs-1',
        lines: [1000],
        payments: [
          { method: 'cash', amount: 400 },
          { method: 'card', amount: 600 },
        ],
      }),
    )
    await write(
      makeBill({
        id: '1',
        session: 'rs-1',
        lines: [1000],
        payments: [{ method: 'qris', amount: 1000 }],
        updatedAt: Date.UTC(2026, 10, 21),
      }),
    )
    expect(
      (await sessionBillsAndPayments(db, 'rs-1')).payments.map((p) => [p.id, p.method]),
    ).toEqual([['1-P1', 'qris']])
  })

  it('takes a bill out of quarantine once it comes whole, and keeps the other records set aside', async () => {
    const db = freshDb()
    const failed = (kind: 'bill' | 'expense', id: string) => ({
      kind,
      id,
      reason: 'total is not a number',
      raw: { id },
    })
    const write = (bills: Bill[], quarantined: ReturnType<typeof failed>[]) =>
      writeBills(db, { bills, quarantined, detailPriority: 1, timeZone: 'UTC', now: 0 })
    await write([], [failed('bill', '1'), failed('bill', '2'), failed('expense', '1')])
    await write([full('1'), full('3')], [failed('bill', '4')])
    expect((await db.quarantine.toArray()).map((q) => q.key).sort()).toEqual([
      'bill:2',
      'bill:4',
      'expense:1',
    ])
    expect(await db.bills.count()).toBe(2)
  })

  it('finds every cached bill of a page, its ids close together in key order among few others or spread wide among many', async () => {
    const db = freshDb()
    const write = (page: Bill[]) => writePage(db, page)
    const later = Date.UTC(2026, 10, 21)
    const paidAgain = (id: string, amount: number): Bill =>
      makeBill({
        id,
        session: 'rs-1',
        lines: [amount],
        payments: [{ method: 'card', amount }],
        updatedAt: later,
      })
    await write(Array.from({ length: 20 }, (_, i) => full(`a${String(i).padStart(2, '0')}`)))
    // Spread wide: the keys between a00 and a19 outnumber the page many times over.
    await write([paidAgain('a00', 300), paidAgain('a19', 700), full('a05x')])
    // Close together: only a03 lies between a03 and a03z.
    await write([paidAgain('a03', 500), full('a03z')])

    expect(await db.bills.count()).toBe(22)
    expect(await storedBillCount(db, ANY_BILL, 'UTC')).toBe(22)
    expect(await storedBillCount(db, { ...ANY_BILL, method: 'card' }, 'UTC')).toBe(3)
    expect(await db.sessionTallies.get('rs-1')).toEqual(
      tallyOf('rs-1', await loadSessionInputs(db, { id: 'rs-1', openingCash: null })),
    )
  })

  it('takes from the detail queue exactly the bills that came with their detail, whatever else is queued between them', async () => {
    const db = freshDb()
    const write = (page: Bill[], storeSummaries = false) =>
      writePage(db, page, { detailPriority: 3, storeSummaries })
    const queued = async () => (await db.pendingDetails.toCollection().primaryKeys()).sort()
    const ids = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${i}`)
    await write([...ids('q', 7), ...ids('r', 10)].map((id) => summaryOf(full(id))))
    // q3 lies between q2 and q4 and waits still.
    await write([full('q2'), full('q4')])
    // q0 and q1 are all the queue holds from q0 to q1; q05, listed with them, joins the queue.
    await write([full('q0'), full('q1'), summaryOf(full('q05'))])
    // Far apart: r1 to r8 lie between r0 and r9.
    await write([full('r0'), full('r9')])
    expect(await queued()).toEqual(['q05', 'q3', 'q5', 'q6', ...ids('r', 9).slice(1)])
    expect((await db.bills.toCollection().primaryKeys()).sort()).toEqual([
      'q0',
      'q1',
      'q2',
      'q4',
      'r0',
      'r9',
    ])
  })

  it('queues bills for their detail keeping the more urgent place of those already queued, near together or far apart', async () => {
    const db = freshDb()
    await queueForDetail(db, ['a', 'c', 'e', 'g', 'i', 'k'], 1)
    // Near together: only c lies queued between b and d.
    await queueForDetail(db, ['b', 'c', 'd'], 3)
    // Far apart: a to k holds many more queued bills than the three.
    await queueForDetail(db, ['k', 'a', 'f'], 0)
    expect(
      (await db.pendingDetails.toArray()).map(({ id, priority }) => `${id}${priority}`),
    ).toEqual(['a0', 'b3', 'c1', 'd3', 'e1', 'f0', 'g1', 'i1', 'k0'])
  })

  it('tallies a session the cache has no record of from its expenses when its first bills come and its tally is missing', async () => {
    const db = freshDb()
    await writeExpenses(db, {
      expenses: [expense({ id: 'e1', registerSessionId: 'rs-1', amount: 2_500 })],
      quarantined: [],
      now: 0,
    })
    // As a cache from before tallies holds it: the expense, no tally, and no session record.
    await db.sessionTallies.clear()
    expect(await db.sessions.get('rs-1')).toBeUndefined()
    await writePage(db, [full('1')])
    expect(await db.sessionTallies.get('rs-1')).toEqual(
      tallyOf('rs-1', await loadSessionInputs(db, { id: 'rs-1', openingCash: null })),
    )
  })
  it('finds a payment taken in another session, and a reversal, through the bill alone, and forgets them once a new detail says otherwise', async () => {
    const db = freshDb()
    const late = (payments: PaymentSpec[]) =>
      makeBill({ id: 'late', session: 'rs-1', lines: [1000], payments })
    await writePage(db, [
      full('1'),
      late([
        { method: 'cash', amount: 400, reversed: true },
        { method: 'card', amount: 600, session: 'rs-2' },
      ]),
    ])
    const taken = async (session: string) =>
      (await sessionBillsAndPayments(db, session)).payments
        .map((p) => `${p.billId} ${p.method}`)
        .sort()
    expect(await taken('rs-1')).toEqual(['1 cash', 'late cash'])
    expect(await taken('rs-2')).toEqual(['late card'])
    const reversedAt = Date.UTC(2026, 10, 20, 3, 1)
    expect((await billsReversedBetween(db, reversedAt, reversedAt + 1)).map((b) => b.id)).toEqual([
      'late',
    ])
    expect(await billsReversedBetween(db, reversedAt + 1, reversedAt + 2)).toEqual([])
    // A session whose only record is a late payment has records to tally from, when its tally is
    // missing (a cache from before tallies) and its first bill comes.
    expect(await hasRecords(db, 'rs-2')).toBe(true)
    await db.sessionTallies.clear()
    await writePage(db, [
      makeBill({
        id: '3',
        session: 'rs-2',
        lines: [500],
        payments: [{ method: 'cash', amount: 500 }],
      }),
    ])
    const rs2 = await loadSessionInputs(db, { id: 'rs-2', openingCash: null })
    expect(rs2.payments.map((p) => `${p.method} ${p.amount}`).sort()).toEqual([
      'card 600',
      'cash 500',
    ])
    expect(await db.sessionTallies.get('rs-2')).toEqual(tallyOf('rs-2', rs2))
    expect(await hasRecords(db, 'rs-3')).toBe(false)

    // The new detail pays it all in its own session, never reversed.
    await writePage(db, [late([{ method: 'cash', amount: 1000 }])])
    expect(await taken('rs-2')).toEqual(['3 cash'])
    expect(await billsReversedBetween(db, 0, Number.MAX_SAFE_INTEGER)).toEqual([])
    expect(await db.sessionTallies.get('rs-2')).toEqual(
      tallyOf('rs-2', await loadSessionInputs(db, { id: 'rs-2', openingCash: null })),
    )
    expect(await db.billPaymentIndex.get('late')).toBeUndefined()
  })
})
