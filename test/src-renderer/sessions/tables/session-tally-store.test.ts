import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { Bill, BillType, Expense } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { fillPages, fillWithProgress } from '../../../support/saved-bills-progress'
import {
  closeSession,
  writeBills,
  writeExpenses,
} from '../../../../src-renderer/sync/tables/writes'
import { dayCloseFigures } from '../../../../src-renderer/day-close/rules/day-close'
import { loadSessionInputs } from '../../../../src-renderer/sessions/tables/load-session'
import { figuresOfTally } from '../../../../src-renderer/sessions/rules/session-tally'
import { checkProperty, PROPERTY_TIMEOUT_MS } from '../../../support/fuzz-settings'
import { makeBill } from '../../../support/bill-factory'

const SESSIONS = ['S1', 'S2', 'S3']
const TZ = 'UTC'
let opened = 0

function openDb(): TillDatabase {
  return new TillDatabase(`tally-${++opened}`, { indexedDB: new IDBFactory(), IDBKeyRange })
}

/** The figures from the session's records, read and added up from scratch. */
async function recomputed(db: TillDatabase, sessionId: string) {
  return dayCloseFigures(await loadSessionInputs(db, { id: sessionId, openingCash: 500 }))
}

async function fromTally(db: TillDatabase, sessionId: string) {
  const tally = await db.sessionTallies.get(sessionId)
  expect(tally, `a tally for ${sessionId}`).toBeDefined()
  return figuresOfTally(tally!, 500, [])
}

const session = fc.constantFrom(...SESSIONS)
const method = fc.constantFrom('cash', 'card', 'qris')

const billArb = fc
  .record({
    id: fc.constantFrom('B1', 'B2', 'B3', 'B4', 'B5'),
    type: fc.constantFrom<BillType>('sale', 'sale', 'refund', 'void'),
    session: fc.option(session, { nil: null, freq: 8 }),
    lines: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 0, maxLength: 3 }),
    discount: fc.integer({ min: 0, max: 100 }),
    fee: fc.integer({ min: 0, max: 100 }),
    payments: fc.array(
      fc.record({
        method,
        amount: fc.integer({ min: 1, max: 6_000 }),
        session: fc.option(session, { nil: undefined }),
        reversed: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    taxName: fc.constantFrom('VAT', 'GST'),
    hasDetail: fc.boolean(),
    updatedAt: fc.integer({ min: 1, max: 4 }),
  })
  .map((spec): Bill => {
    const bill = makeBill({ ...spec, session: spec.session ?? 'none', updatedAt: spec.updatedAt })
    return {
      ...bill,
      registerSessionId: spec.session,
      hasDetail: spec.hasDetail,
      taxes: bill.taxes.map((t) => ({ ...t, name: spec.taxName })),
    }
  })

const expenseArb = fc.record({
  id: fc.constantFrom('E1', 'E2', 'E3'),
  registerSessionId: fc.option(session, { nil: null, freq: 6 }),
  amount: fc.integer({ min: 1, max: 3_000 }),
  paymentMethod: method,
})

type Step =
  | { kind: 'bills'; bills: Bill[]; storeSummaries: boolean }
  | { kind: 'expenses'; expenses: (typeof expenseArb extends fc.Arbitrary<infer T> ? T : never)[] }
  | { kind: 'forget'; sessionId: string }
  | { kind: 'fill'; pageSize: number; pages: number }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('bills' as const),
    bills: fc.array(billArb, { minLength: 1, maxLength: 4 }),
    storeSummaries: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('expenses' as const),
    expenses: fc.array(expenseArb, { minLength: 1, maxLength: 3 }),
  }),
  // A tally lost (or a cache from before tallies were kept): the next write tallies it afresh.
  fc.record({ kind: fc.constant('forget' as const), sessionId: session }),
  // The fill of a cache from before tallies, stopped after some pages: later steps come between
  // its pages, and the next fill goes on where it stopped.
  fc.record({
    kind: fc.constant('fill' as const),
    pageSize: fc.integer({ min: 1, max: 3 }),
    pages: fc.nat(3),
  }),
)

function expense(spec: Step & { kind: 'expenses' }, i: number): Expense {
  const e = spec.expenses[i]!
  return {
    id: e.id,
    number: `X-${e.id}`,
    locationId: '101',
    registerSessionId: e.registerSessionId,
    category: 'Supplies',
    description: '',
    supplier: null,
    currency: 'USD',
    amount: e.amount,
    taxAmount: 0,
    paymentMethod: e.paymentMethod,
    expenseDate: '2026-11-20',
    createdAt: Date.UTC(2026, 10, 20),
    updatedAt: Date.UTC(2026, 10, 20),
    createdAtText: '2026-11-20T00:00:00.000Z',
    updatedAtText: '2026-11-20T00:00:00.000Z',
    extra: {},
  }
}

async function run(db: TillDatabase, step: Step): Promise<void> {
  if (step.kind === 'bills')
    await writeBills(db, {
      bills: step.bills,
      quarantined: [],
      detailPriority: 2,
      storeSummaries: step.storeSummaries,
      timeZone: TZ,
      now: Date.UTC(2026, 10, 21),
    })
  else if (step.kind === 'expenses')
    await writeExpenses(db, {
      expenses: step.expenses.map((_, i) => expense(step, i)),
      quarantined: [],
      now: Date.UTC(2026, 10, 21),
    })
  else if (step.kind === 'fill') await fill(db, step.pageSize, step.pages)
  // As a cache from before tallies has it: no tally, and no fill under way.
  else
    await Promise.all([
      db.sessionTallies.delete(step.sessionId),
      db.meta.bulkDelete(['saved-bills-fill', 'saved-bills-fill-tallies']),
    ])
}

/** Fills `pageSize` bills a page, stopping after `pages` pages (all unless told). */
const fill = (db: TillDatabase, pageSize: number, pages?: number): Promise<void> =>
  fillPages(db, TZ, pageSize, pages)

describe('a session tally kept by the writes', () => {
  it(
    'always equals the figures added up from the session’s records, whatever was written, and the fill of a cache from before tallies, stopped and gone on with anywhere, tallies every session right',
    async () => {
      await checkProperty(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
          const db = openDb()
          try {
            for (const step of steps) {
              await run(db, step)
              for (const id of SESSIONS) {
                if (!(await db.sessionTallies.get(id))) continue
                expect(await fromTally(db, id), `${id} after ${step.kind}`).toEqual(
                  await recomputed(db, id),
                )
              }
            }
            await fill(db, 2)
            for (const id of (await db.sessions.toCollection().primaryKeys()) as string[])
              expect(await fromTally(db, id), `${id} after the fill`).toEqual(
                await recomputed(db, id),
              )
          } finally {
            db.close()
          }
        }),
        150,
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it('puts a refund’s money paid back in the refund’s session and a payment in the session that took it', async () => {
    const db = openDb()
    const sale = makeBill({
      id: 'A',
      session: 'S1',
      lines: [1_000],
      payments: [{ method: 'card', amount: 1_000, session: 'S2' }],
    })
    const refund = makeBill({
      id: 'R',
      type: 'refund',
      session: 'S3',
      lines: [400],
      payments: [{ method: 'cash', amount: 400 }],
    })
    await run(db, { kind: 'bills', bills: [sale, refund], storeSummaries: true })
    const [s1, s2, s3] = await Promise.all(SESSIONS.map((id) => fromTally(db, id)))
    expect(s1).toMatchObject({ saleCount: 1, netSales: 1_000, totalCollected: 0, methods: [] })
    expect(s2!.methods).toEqual([{ method: 'card', collected: 1_000, returned: 0, net: 1_000 }])
    expect(s3).toMatchObject({ refundCount: 1, netSales: -400, expectedCash: 500 - 400 })
    // The sale's payment reversed: the card takings of S2 go, and so does its method row.
    await run(db, {
      kind: 'bills',
      bills: [{ ...sale, payments: sale.payments.map((p) => ({ ...p, reversedAt: 1 })) }],
      storeSummaries: true,
    })
    expect((await fromTally(db, 'S2')).methods).toEqual([])
    db.close()
  })

  it('tallies the sessions of a cache made before tallies in one pass over its bills, going on after a stop', async () => {
    const db = openDb()
    const bills = SESSIONS.flatMap((s, i) => [
      makeBill({ id: `F${i}`, session: s, lines: [100 * (i + 1)], payments: [] }),
      // A payment taken in the next session, on this session's bill.
      makeBill({
        id: `G${i}`,
        session: s,
        lines: [10],
        payments: [{ method: 'card', amount: 10, session: SESSIONS[(i + 1) % SESSIONS.length]! }],
      }),
    ])
    await run(db, { kind: 'bills', bills, storeSummaries: true })
    await db.sessionTallies.clear()
    const stopped = await fillWithProgress(db, TZ, { pageSize: 2, stopAt: 2 })
    // Stopped: no session is tallied before every bill has been read.
    expect(await db.sessionTallies.count()).toBe(0)
    expect(stopped).toEqual([
      [0, 6],
      [2, 6],
    ])
    expect(await fillWithProgress(db, TZ, { pageSize: 2 })).toEqual([
      [0, 4],
      [2, 4],
      [4, 4],
    ])
    for (const id of SESSIONS) expect(await fromTally(db, id)).toEqual(await recomputed(db, id))
    db.close()
  })

  it('tallies a session with no record as nothing, without a pass over the bills', async () => {
    const db = openDb()
    await run(db, {
      kind: 'bills',
      bills: [makeBill({ id: 'F', session: 'S1', lines: [100], payments: [] })],
      storeSummaries: true,
    })
    await closeSession(db, {
      id: 'S9',
      locationId: '101',
      openedAt: null,
      closedAt: Date.UTC(2026, 10, 20),
      openingCash: 500,
      timeZone: TZ,
    })
    expect(await db.sessionTallies.get('S9')).toBeUndefined()
    expect(await fillWithProgress(db, TZ)).toEqual([])
    expect(await fromTally(db, 'S9')).toEqual(await recomputed(db, 'S9'))
    db.close()
  })
})
