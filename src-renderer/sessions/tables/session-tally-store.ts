import type { DayCloseFigures } from '../../day-close/rules/day-close'
import { loadSessionInputs } from './load-session'
import {
  billPart,
  emptyTally,
  expensePart,
  figuresOfTally,
  paymentPart,
  tallyOf,
  type SessionTally,
  type TallyChanges,
} from '../rules/session-tally'
import type { TillDatabase } from '../../database/database'
import { billsOfSession } from './bill-session'
import { tookPaymentsOnOtherBills } from './payment-index-reads'
import { movementsOfSession, movementsOfSessions } from '../../day-close/tables/cash-movement-store'
import type {
  CachedBill,
  CachedExpense,
  CachedPayment,
  RegisterSession,
} from '../../database/cached-records'

/** The tables a tally is made from and kept in: a write that changes a tally holds them all. */
export function tallyTables(db: TillDatabase) {
  return [db.bills, db.billPaymentIndex, db.expenses, db.sessionTallies]
}

/**
 * What replacing `before` with `after` (either absent) changes in the tallies: the bill's part in
 * its session and, for a bill with its detail, each payment's part in the session it was taken in
 * (a bill's detail names them all).
 */
export function noteBillChange(
  changes: Pick<TallyChanges, 'add' | 'remove'>,
  before: CachedBill | undefined,
  after: CachedBill | undefined,
  paymentsOf: (bill: CachedBill) => CachedPayment[],
): void {
  if (before) {
    changes.remove(before.registerSessionId, billPart(before))
    if (before.hasDetail)
      for (const p of paymentsOf(before)) changes.remove(p.registerSessionId, paymentPart(p))
  }
  if (after) {
    changes.add(after.registerSessionId, billPart(after))
    if (after.hasDetail)
      for (const p of paymentsOf(after)) changes.add(p.registerSessionId, paymentPart(p))
  }
}

export function noteExpenseChange(
  changes: Pick<TallyChanges, 'add' | 'remove'>,
  before: CachedExpense | undefined,
  after: CachedExpense,
): void {
  if (before) changes.remove(before.registerSessionId, expensePart(before))
  changes.add(after.registerSessionId, expensePart(after))
}

export async function tallyFromRecords(db: TillDatabase, sessionId: string): Promise<SessionTally> {
  return tallyOf(sessionId, await loadSessionInputs(db, { id: sessionId, openingCash: null }))
}

/** Where each changed session's tally starts from: its stored tally, nothing, or its records. */
export type TallyBases = Map<string, SessionTally | 'empty' | 'records'>

/** Whether the cache holds an expense of the session, through its `registerSessionId` index. */
async function hasExpenses(db: TillDatabase, sessionId: string): Promise<boolean> {
  const keys = await db.expenses.where('registerSessionId').equals(sessionId).limit(1).primaryKeys()
  return keys.length > 0
}

export async function hasRecords(db: TillDatabase, sessionId: string): Promise<boolean> {
  const found = await Promise.all([
    billsOfSession(db, sessionId)
      .limit(1)
      .primaryKeys()
      .then((keys) => keys.length > 0),
    tookPaymentsOnOtherBills(db, sessionId),
    hasExpenses(db, sessionId),
  ])
  return found.includes(true)
}

/**
 * Read inside the write's transaction before its records are written: each changed session's
 * stored tally; for one without, whether it has records yet (a new session's tally starts empty
 * and needs no reading back). `hasSessionRecord`, when the caller has read the sessions: a
 * session the cache has no record of has no bills or payments either (every write of bills
 * records the sessions they and their payments name, and none is ever taken away), so only its
 * expenses are looked for, the one look-up of three a first sync pays for each new session.
 */
export async function readTallyBases(
  db: TillDatabase,
  changes: TallyChanges,
  hasSessionRecord: (sessionId: string) => Promise<boolean> | boolean = () => true,
): Promise<TallyBases> {
  const ids = changes.sessionIds
  const stored = await db.sessionTallies.bulkGet(ids)
  const bases = await Promise.all(
    ids.map(async (id, i) => {
      const tally = stored[i]
      if (tally) return tally
      const found = (await hasSessionRecord(id)) ? hasRecords(db, id) : hasExpenses(db, id)
      return (await found) ? 'records' : 'empty'
    }),
  )
  return new Map(ids.map((id, i) => [id, bases[i]!]))
}

/**
 * Applies the changes to the sessions' tallies, after the write's records are written: a
 * session's tally or an empty one gets the difference; a session with records but no tally (a
 * cache from before tallies) is tallied from its records as they now are.
 */
export async function applyTallyChanges(
  db: TillDatabase,
  changes: TallyChanges,
  bases: TallyBases,
): Promise<void> {
  if (bases.size === 0) return
  const tallies = await Promise.all(
    [...bases].map(([id, base]) => {
      if (base === 'records') return tallyFromRecords(db, id)
      return changes.applyTo(base === 'empty' ? emptyTally(id) : base)
    }),
  )
  await db.sessionTallies.bulkPut(tallies)
}

/** A session's figures: from its tally, or from its records while it has none yet. */
export async function sessionFigures(
  db: TillDatabase,
  session: Pick<RegisterSession, 'id' | 'openingCash'>,
): Promise<DayCloseFigures> {
  const [tally, movements] = await Promise.all([
    db.sessionTallies.get(session.id),
    movementsOfSession(db, session.id),
  ])
  const counted = tally ?? (await tallyFromRecords(db, session.id))
  return figuresOfTally(counted, session.openingCash, movements)
}

/** The figures of each of these sessions that has a tally, from it alone: one read for them all. */
export async function keptFiguresOfSessions(
  db: TillDatabase,
  sessions: readonly Pick<RegisterSession, 'id' | 'openingCash'>[],
): Promise<Map<string, DayCloseFigures>> {
  const ids = sessions.map((s) => s.id)
  const [tallies, movements] = await Promise.all([
    db.sessionTallies.bulkGet(ids),
    movementsOfSessions(db, ids),
  ])
  const figures = new Map<string, DayCloseFigures>()
  sessions.forEach((session, i) => {
    const tally = tallies[i]
    if (tally)
      figures.set(
        session.id,
        figuresOfTally(tally, session.openingCash, movements.get(session.id) ?? []),
      )
  })
  return figures
}

/**
 * The names of the taxes the bills of these sessions carry, from their tallies (a few small
 * records instead of every bill); null while one of them has no tally yet.
 */
export async function taxNamesOfSessions(
  db: TillDatabase,
  sessionIds: readonly string[],
): Promise<Set<string> | null> {
  const tallies = await db.sessionTallies.bulkGet([...sessionIds])
  const names = new Set<string>()
  for (const tally of tallies) {
    if (!tally) return null
    for (const { name } of Object.values(tally.taxes)) names.add(name)
  }
  return names
}

/** Net sales of each session of a location with a business date from `from` to `to`. */
export async function sessionNetSales(
  db: TillDatabase,
  locationId: string,
  from: string,
  to: string,
): Promise<{ sessionId: string; businessDate: string; netSales: number }[]> {
  const sessions = await db.sessions
    .where('[locationId+businessDate]')
    .between([locationId, from], [locationId, to], true, true)
    .toArray()
  // The tallies in one read; a session without one is tallied from its records, one at a time,
  // so a month of untallied sessions never sits in memory at once.
  const tallies = await db.sessionTallies.bulkGet(sessions.map((s) => s.id))
  const result = []
  for (const [i, session] of sessions.entries()) {
    const tally = tallies[i] ?? (await tallyFromRecords(db, session.id))
    const { netSales } = figuresOfTally(tally, session.openingCash, [])
    result.push({ sessionId: session.id, businessDate: session.businessDate, netSales })
  }
  return result
}
