import type { TillDatabase } from '../../database/database'
import Dexie from 'dexie'
import type {
  CachedBill,
  CachedExpense,
  CachedPayment,
  RegisterSession,
} from '../../database/cached-records'
import type { DayCloseInputs } from '../../day-close/rules/day-close'
import { billsOfSession } from './bill-session'
import { paymentsTakenIn } from './bill-payments'
import { billsPaidInFromElsewhere } from './payment-index-reads'

/** Reads the day close's inputs from the cache, each through an index, never a scan of bills. */

export interface SessionInputs extends DayCloseInputs {
  bills: CachedBill[]
  expenses: CachedExpense[]
}

/** A session's bills, the payments taken in it and its expenses, read as one snapshot. */
export function loadSessionInputs(
  db: TillDatabase,
  session: Pick<RegisterSession, 'id' | 'openingCash'>,
): Promise<SessionInputs> {
  return db.transaction('r', [db.bills, db.billPaymentIndex, db.expenses], async () => {
    const [{ bills, payments }, expenses] = await Promise.all([
      sessionBillsAndPayments(db, session.id),
      expensesOfSession(db, session.id),
    ])
    return { bills, payments, expenses, openingCash: session.openingCash }
  })
}

/** The sessions of a location on a business date, in the order they opened. */
export async function sessionsOn(
  db: TillDatabase,
  locationId: string,
  businessDate: string,
): Promise<RegisterSession[]> {
  const sessions = await db.sessions
    .where('[locationId+businessDate]')
    .equals([locationId, businessDate])
    .toArray()
  const start = (s: RegisterSession): number => s.openedAt ?? s.firstActivityAt ?? 0
  return sessions.sort((a, b) => start(a) - start(b) || a.id.localeCompare(b.id))
}

export interface SessionDay {
  locationId: string
  businessDate: string
}

/** Every (location, business date) that has a session, from the index's keys alone. */
export async function sessionDays(db: TillDatabase): Promise<SessionDay[]> {
  const keys = await db.sessions.orderBy('[locationId+businessDate]').uniqueKeys()
  return keys.map((key) => {
    const [locationId, businessDate] = key as unknown as [string, string]
    return { locationId, businessDate }
  })
}

/**
 * A session's own bills, the bills of other sessions (or of none) it took a payment on, through
 * the sparse index, and the payments taken in it, on either.
 */
export async function sessionBillsAndPayments(
  db: TillDatabase,
  sessionId: string,
): Promise<{ bills: CachedBill[]; paidFromElsewhere: CachedBill[]; payments: CachedPayment[] }> {
  const [bills, paidFromElsewhere] = await Promise.all([
    billsOfSession(db, sessionId).toArray(),
    billsPaidInFromElsewhere(db, sessionId),
  ])
  const payments = paymentsTakenIn(sessionId, [...bills, ...paidFromElsewhere])
  return { bills, paidFromElsewhere, payments }
}

export function expensesOfSession(db: TillDatabase, sessionId: string): Promise<CachedExpense[]> {
  return db.expenses.where('registerSessionId').equals(sessionId).toArray()
}

export function readSession(db: TillDatabase, id: string): Promise<RegisterSession | undefined> {
  return db.sessions.get(id)
}

/** The sessions of `ids`, in their order; undefined where the cache holds none. */
export function readSessions(
  db: TillDatabase,
  ids: readonly string[],
): Promise<(RegisterSession | undefined)[]> {
  return db.sessions.bulkGet([...ids])
}

/** The latest sessions by business date, of one location or all (`location` ''), up to `limit`. */
export function latestSessions(
  db: TillDatabase,
  location = '',
  limit = Infinity,
): Promise<RegisterSession[]> {
  const newestFirst = location
    ? db.sessions
        .where('[locationId+businessDate]')
        .between([location, Dexie.minKey], [location, Dexie.maxKey])
        .reverse()
    : db.sessions.orderBy('businessDate').reverse()
  return (Number.isFinite(limit) ? newestFirst.limit(limit) : newestFirst).toArray()
}

/** The latest close among the cache's sessions (the service's clock), null if none closed. */
export async function latestSessionClose(db: TillDatabase): Promise<number | null> {
  let latest: number | null = null
  await db.sessions.each((session) => {
    if (session.closedAt !== null && (latest === null || session.closedAt > latest))
      latest = session.closedAt
  })
  return latest
}
