import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { Reconciliation } from '../../../../src-renderer/database/cached-records'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { changedFigures } from '../../../../src-renderer/ui/screens/day-close/figure-rows'
import { recordMovement } from '../../../../src-renderer/day-close/tables/cash-movement-store'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import {
  confirmCount,
  ReconcileError,
  reopenSession,
} from '../../../../src-renderer/day-close/jobs/reconcile'
import {
  readReconciliation,
  replacedCount,
  type SessionReconciliation,
} from '../../../../src-renderer/day-close/tables/reconciliation-schema'
import { makeBill } from '../../../support/bill-factory'
import { firstSyncDone } from '../../../support/exports/counted-session'

const NAME = 'till-reconcile-test'
const DAY = Date.UTC(2026, 10, 20, 3, 0)
// Over 12 hours after its bills: the session, with no close event, can no longer be trading.
const LATER = DAY + 13 * 3600_000

let factory: InstanceType<typeof IDBFactory>
let db: TillDatabase

const open = (): TillDatabase => new TillDatabase(NAME, { indexedDB: factory, IDBKeyRange })

const write = (bills: Bill[], now = LATER): Promise<unknown> =>
  writeBills(db, { bills, quarantined: [], detailPriority: 1, timeZone: 'Asia/Jakarta', now })

const sale = makeBill({
  id: 'A',
  session: 'S',
  lines: [5000],
  payments: [
    { method: 'cash', amount: 3000 },
    { method: 'card', amount: 2000 },
  ],
})
const other = makeBill({ id: 'B', session: 'S', lines: [1200], payments: [] })

async function stored(): Promise<SessionReconciliation> {
  const read = readReconciliation(await db.reconciliations.get('S'))
  if (read.state !== 'ok') throw new Error(`no readable reconciliation: ${read.state}`)
  return read.record
}

async function confirm(countedCash: number, now = LATER): Promise<SessionReconciliation> {
  const session = (await db.sessions.get('S'))!
  return confirmCount(db, {
    sessionId: 'S',
    count: { countedCash, countedByMethod: { card: 1900 } },
    countedBy: ' AB ',
    varianceNote: ' Card terminal batch short ',
    seen: await sessionFigures(db, session),
    currency: 'USD',
    now,
  })
}

beforeEach(async () => {
  factory = new IDBFactory()
  db = open()
  await write([sale, other], DAY)
  await db.sessions.update('S', { openingCash: 1000 })
  await firstSyncDone(db, DAY)
})

describe('reconciling a session', () => {
  it('freezes the figures with the count, its variance, who and when, and marks it reconciled', async () => {
    const figures = await sessionFigures(db, (await db.sessions.get('S'))!)
    expect(figures.expectedCash).toBe(4000)
    await confirm(3950)
    const record = await stored()
    expect(record).toMatchObject({
      countedCash: 3950,
      countedByMethod: { card: 1900 },
      figures,
      count: {
        cashVariance: -50,
        methods: [{ method: 'card', counted: 1900, expected: 2000, variance: -100 }],
      },
      reconciledAt: LATER,
      reconciledBy: 'AB',
      changedAfterAt: null,
      statusBefore: 'open',
      reopenedAt: null,
      varianceNote: 'Card terminal batch short',
      log: [
        {
          action: 'reconciled',
          at: LATER,
          by: 'AB',
          countedCash: 3950,
          cashVariance: -50,
          note: 'Card terminal batch short',
          midShift: false,
        },
      ],
    })
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('keeps the frozen figures and the status when the database is opened again', async () => {
    await confirm(4100)
    const before = await stored()
    db.close()
    db = open()
    expect(await stored()).toEqual(before)
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('refuses a confirm against figures that moved, without a name, or twice', async () => {
    const session = (await db.sessions.get('S'))!
    const seen = await sessionFigures(db, session)
    await write([makeBill({ id: 'C', session: 'S', lines: [10], at: DAY + 1 })], DAY + 2)
    const attempt = (countedBy: string) =>
      confirmCount(db, {
        sessionId: 'S',
        count: { countedCash: 1, countedByMethod: {} },
        countedBy,
        seen,
        currency: 'USD',
        now: LATER,
      })
    await expect(attempt('AB')).rejects.toMatchObject({ name: 'FiguresChangedError' })
    await expect(attempt('  ')).rejects.toThrow('Enter who counted the drawer.')
    expect(await db.reconciliations.count()).toBe(0)
    expect((await db.sessions.get('S'))!.status).toBe('open')
    await confirm(1)
    await expect(confirm(1)).rejects.toThrow(/already reconciled/)
  })

  it('refuses a count that differs from what was expected without a note', async () => {
    const seen = await sessionFigures(db, (await db.sessions.get('S'))!)
    const attempt = (countedCash: number, countedByMethod: Record<string, number>) =>
      confirmCount(db, {
        sessionId: 'S',
        count: { countedCash, countedByMethod },
        countedBy: 'AB',
        varianceNote: '  ',
        seen,
        currency: 'USD',
        now: LATER,
      })
    await expect(attempt(3999, {})).rejects.toThrow('say why in the note')
    await expect(attempt(4000, { card: 1999 })).rejects.toThrow('say why in the note')
    expect(await db.reconciliations.count()).toBe(0)
    await attempt(4000, { card: 2000 })
    expect((await stored()).varianceNote).toBe('')
  })

  it('refuses while some of the session’s bills are still list summaries', async () => {
    await write([{ ...makeBill({ id: 'D', session: 'S', lines: [] }), hasDetail: false }], DAY + 1)
    await expect(confirm(4000)).rejects.toThrow(/still being fetched/)
  })

  it('refuses while no sync has run to its end (a late payment may still come)', async () => {
    await db.checkpoints.update('bills', { lastSuccessAt: null })
    await expect(confirm(4000)).rejects.toThrow(/still being fetched/)
    expect(await db.reconciliations.count()).toBe(0)
  })
})

describe('a count mid-shift', () => {
  const SOON = DAY + 3600_000
  const countNow = async (midShift: boolean) =>
    confirmCount(db, {
      sessionId: 'S',
      count: { countedCash: 4000, countedByMethod: {} },
      countedBy: 'AB',
      varianceNote: 'Float not known',
      seen: await sessionFigures(db, (await db.sessions.get('S'))!),
      currency: 'USD',
      midShift,
      now: SOON,
    })

  it('is refused on a session that can still be trading unless chosen, and marked', async () => {
    await expect(countNow(false)).rejects.toThrow('Count mid-shift')
    expect(await db.reconciliations.count()).toBe(0)
    await countNow(true)
    expect((await stored()).midShift).toBe(true)
    expect((await stored()).log.at(-1)).toMatchObject({ action: 'reconciled', midShift: true })
  })

  it('is not one once the session is over', async () => {
    await confirm(4000)
    expect((await stored()).midShift).toBe(false)
  })

  it('shows the change when the close event and its opening cash come later', async () => {
    await db.sessions.update('S', { openingCash: null })
    await countNow(true)
    await closeSession(db, {
      id: 'S',
      locationId: '101',
      openedAt: DAY - 3600_000,
      closedAt: DAY + 2 * 3600_000,
      openingCash: 700,
      timeZone: 'Asia/Jakarta',
    })
    const record = await stored()
    expect(record.changedAfterAt).not.toBeNull()
    expect(record.statusBefore).toBe('closed')
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
    const now = await sessionFigures(db, (await db.sessions.get('S'))!)
    expect(changedFigures(record.figures, now)).toEqual([
      { label: 'Opening cash', kind: 'money', frozen: null, current: 700 },
      { label: 'Expected cash', kind: 'money', frozen: 3000, current: 3700 },
    ])
    await reopenSession(db, { sessionId: 'S', by: 'CD', reason: 'Opening came in', now: LATER })
    expect((await db.sessions.get('S'))!.status).toBe('closed')
  })
})

describe('an opening float recorded as a cash movement', () => {
  const recordFloat = (amount: number): Promise<void> =>
    recordMovement(db, {
      id: 'float-1',
      sessionId: 'S',
      kind: 'float',
      amount,
      currency: 'USD',
      category: null,
      at: DAY - 3600_000,
      by: 'AB',
      note: '',
      replaces: null,
    })

  const confirmSeen = async (countedCash: number): Promise<SessionReconciliation> =>
    confirmCount(db, {
      sessionId: 'S',
      count: { countedCash, countedByMethod: {} },
      countedBy: 'AB',
      seen: await sessionFigures(db, (await db.sessions.get('S'))!),
      currency: 'USD',
      now: LATER,
    })

  it('counts as the opening cash while no close event has given it, and is kept', async () => {
    await db.sessions.update('S', { openingCash: null })
    await recordFloat(500)
    await confirmSeen(3500)
    const record = await stored()
    expect(record.openingFloat).toBe(500)
    expect(record.figures.openingCash).toBe(500)
    expect(record.figures.expectedCash).toBe(3500)
    expect(record.count.cashVariance).toBe(0)
  })

  it('does not replace an opening cash the close event gave', async () => {
    await recordFloat(500)
    await confirmSeen(4000)
    expect((await stored()).openingFloat).toBeNull()
    expect((await stored()).figures.openingCash).toBe(1000)
  })

  it('a count frozen before cash movements were kept reads back as having none', async () => {
    await confirmSeen(4000)
    const raw = (await db.reconciliations.get('S'))! as Reconciliation & {
      figures: Record<string, unknown>
    }
    const { payIns, payOuts, drops, ...older } = raw.figures
    expect([payIns, payOuts, drops]).toEqual([0, 0, 0])
    await db.reconciliations.put({ ...raw, figures: older })
    expect((await stored()).figures).toMatchObject({ payIns: 0, payOuts: 0, drops: 0 })
  })

  it('refuses a confirm against figures seen before a movement was recorded', async () => {
    const seen = await sessionFigures(db, (await db.sessions.get('S'))!)
    await recordMovement(db, {
      id: 'drop-1',
      sessionId: 'S',
      kind: 'drop',
      amount: 2000,
      currency: 'USD',
      category: null,
      at: DAY,
      by: 'AB',
      note: '',
      replaces: null,
    })
    await expect(
      confirmCount(db, {
        sessionId: 'S',
        count: { countedCash: 2000, countedByMethod: {} },
        countedBy: 'AB',
        seen,
        currency: 'USD',
        now: LATER,
      }),
    ).rejects.toThrow(/figures changed/)
    expect((await sessionFigures(db, (await db.sessions.get('S'))!)).expectedCash).toBe(2000)
  })
})

describe('a change after reconciliation', () => {
  beforeEach(async () => {
    await confirm(4000)
  })

  it('is flagged, and the frozen figures stay as confirmed', async () => {
    const frozen = (await stored()).figures
    const paidOff = makeBill({
      id: 'B',
      session: 'S',
      lines: [1200],
      updatedAt: LATER + 1000,
      payments: [{ method: 'cash', amount: 1200 }],
    })
    await write([paidOff], LATER + 5000)
    const record = await stored()
    expect(record.changedAfterAt).toBe(LATER + 5000)
    expect(record.figures).toEqual(frozen)
    const now = await sessionFigures(db, (await db.sessions.get('S'))!)
    expect(now.expectedCash).toBe(frozen.expectedCash + 1200)
  })

  it('is flagged when the session takes a payment on another session’s bill', async () => {
    const elsewhere = makeBill({ id: 'E', session: 'R', lines: [800], at: DAY - 86_400_000 })
    await write([elsewhere], LATER)
    expect((await stored()).changedAfterAt).toBeNull()
    const paidInS = makeBill({
      id: 'E',
      session: 'R',
      lines: [800],
      at: DAY - 86_400_000,
      updatedAt: LATER,
      payments: [{ method: 'cash', amount: 800, session: 'S' }],
    })
    await write([paidInS], LATER + 1)
    expect((await stored()).changedAfterAt).toBe(LATER + 1)
  })

  it('is not flagged when a sync brings the same bills again', async () => {
    await write([sale, other], LATER + 9000)
    expect((await stored()).changedAfterAt).toBeNull()
  })
})

describe('reopening', () => {
  it('gives the session its earlier status back, logs it, and the next confirm starts clean', async () => {
    await confirm(3900)
    await reopenSession(db, {
      sessionId: 'S',
      by: 'CD',
      reason: ' A 50 note was in the card slip tray ',
      now: LATER + 10,
    })
    expect((await db.sessions.get('S'))!.status).toBe('open')
    expect((await stored()).reopenedAt).toBe(LATER + 10)

    // While reopened, changes are simply the live figures: nothing to flag.
    await write([{ ...other, updatedAt: LATER + 20 }], LATER + 30)
    expect((await stored()).changedAfterAt).toBeNull()

    await confirm(4000, LATER + 40)
    const record = await stored()
    expect(record).toMatchObject({ countedCash: 4000, reopenedAt: null, changedAfterAt: null })
    expect(record.log.map((e) => [e.action, e.at, e.by])).toEqual([
      ['reconciled', LATER, 'AB'],
      ['reopened', LATER + 10, 'CD'],
      ['reconciled', LATER + 40, 'AB'],
    ])
    expect(record.log[1]).toMatchObject({ reason: 'A 50 note was in the card slip tray' })
  })

  it('refuses a session that is not reconciled', async () => {
    await expect(
      reopenSession(db, { sessionId: 'S', by: 'CD', reason: 'Recount', now: LATER }),
    ).rejects.toBeInstanceOf(ReconcileError)
  })

  it('refuses a reopen without a reason, and the count stands as it was', async () => {
    await confirm(3900)
    const before = await stored()
    for (const reason of ['', '   \n\t'])
      await expect(
        reopenSession(db, { sessionId: 'S', by: 'CD', reason, now: LATER + 10 }),
      ).rejects.toThrow(/why/)
    expect(await stored()).toEqual(before)
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('says which count the standing one replaced, who reopened it, when and why', async () => {
    await confirm(3900)
    expect(replacedCount((await stored()).log)).toBeNull()
    await reopenSession(db, { sessionId: 'S', by: 'CD', reason: 'Recount', now: LATER + 10 })
    // While reopened no count stands, so none replaced another.
    expect(replacedCount((await stored()).log)).toBeNull()
    await confirm(4000, LATER + 20)
    await reopenSession(db, {
      sessionId: 'S',
      by: 'EF',
      reason: 'Safe drop missed',
      now: LATER + 30,
    })
    await confirm(3950, LATER + 40)
    expect(replacedCount((await stored()).log)).toEqual({
      count: expect.objectContaining({ at: LATER + 20, by: 'AB', countedCash: 4000 }),
      reopen: { action: 'reopened', at: LATER + 30, by: 'EF', reason: 'Safe drop missed' },
    })
  })
})

it('reads a record saved before opening floats, variance notes and mid-shift counts', async () => {
  await confirm(4000)
  const { openingFloat, varianceNote, midShift, log, ...older } = await stored()
  expect([openingFloat, midShift, log.length]).toEqual([null, false, 1])
  expect(varianceNote).not.toBe('')
  const olderLog = [
    { action: 'reconciled', at: LATER, by: 'AB', countedCash: 4000, cashVariance: 0 },
  ]
  const read = readReconciliation({ ...older, log: olderLog } as Reconciliation)
  expect(read.state).toBe('ok')
  if (read.state !== 'ok') return
  expect(read.record).toMatchObject({ openingFloat: null, varianceNote: '', midShift: false })
  expect(read.record.log).toEqual([{ ...olderLog[0], note: '', midShift: false }])
  const reopenedBefore = [...olderLog, { action: 'reopened', at: LATER + 1, by: 'CD' }]
  const withReopen = readReconciliation({ ...older, log: reopenedBefore } as Reconciliation)
  expect(withReopen.state === 'ok' && withReopen.record.log[1]).toMatchObject({ reason: '' })
})

it('says when a stored record cannot be read rather than guessing', () => {
  const read = readReconciliation({
    sessionId: 'S',
    countedCash: 1,
    countedByMethod: {},
    figures: { netSales: 'lots' },
    reconciledAt: 0,
    reconciledBy: 'AB',
    changedAfterAt: null,
  })
  expect(read.state).toBe('unreadable')
})
