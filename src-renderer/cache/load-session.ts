import type { TillDatabase } from './database'
import type { CachedBill, CachedExpense, RegisterSession } from './cached-records'
import type { DayCloseInputs } from '../domain/ledger/day-close'
import { billsOfSession } from './bill-session'

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
  return db.transaction('r', [db.bills, db.payments, db.expenses], async () => {
    const [bills, payments, expenses] = await Promise.all([
      billsOfSession(db, session.id).toArray(),
      db.payments.where('registerSessionId').equals(session.id).toArray(),
      db.expenses.where('registerSessionId').equals(session.id).toArray(),
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
