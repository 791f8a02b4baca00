import type { TillDatabase } from '../../cache/database'
import type { CachedExpense, RegisterSession } from '../../cache/records'
import { combineTakings, salesByHour, type HourOfDay } from '../../ledger/day-charts'
import { dayCloseFigures, type DayCloseFigures, type MethodTakings } from '../../ledger/day-close'
import { loadSessionInputs, sessionsOn } from '../../ledger/load-session'
import { readReconciliation, type StoredRecord } from '../../ledger/reconciliation-record'
import { loadShownStatus, type ShownStatus } from '../../ledger/session-status'

export interface SessionAtClose {
  session: RegisterSession
  figures: DayCloseFigures
  expenses: CachedExpense[]
  record: StoredRecord
  shown: ShownStatus
}

export interface DayClose {
  sessions: SessionAtClose[]
  hours: HourOfDay[]
  /** The day's takings per method, every session added up. */
  mix: MethodTakings[]
  /** From the bills; null when the day has none. */
  currency: string | null
}

/** Everything the day close shows for one location and business date. */
export async function loadDay(
  db: TillDatabase,
  locationId: string,
  businessDate: string,
  timeZone: string,
  now = Date.now(),
): Promise<DayClose> {
  const sessions = await sessionsOn(db, locationId, businessDate)
  const loaded = await Promise.all(
    sessions.map(async (session) => {
      const [inputs, stored, shown] = await Promise.all([
        loadSessionInputs(db, session),
        db.reconciliations.get(session.id),
        loadShownStatus(db, session, now),
      ])
      return { session, inputs, record: readReconciliation(stored), shown }
    }),
  )
  const bills = loaded.flatMap((l) => l.inputs.bills)
  const closes = loaded.map(({ session, inputs, record, shown }) => ({
    session,
    shown,
    figures: dayCloseFigures(inputs),
    expenses: inputs.expenses,
    record,
  }))
  return {
    sessions: closes,
    hours: salesByHour(bills, timeZone),
    mix: combineTakings(closes.map((c) => c.figures.methods)),
    currency: bills[0]?.currency ?? null,
  }
}
