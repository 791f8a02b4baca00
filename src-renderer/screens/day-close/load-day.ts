import type { TillDatabase } from '../../cache/database'
import type { CachedExpense, RegisterSession } from '../../cache/records'
import { salesByHour, type HourOfDay } from '../../ledger/day-charts'
import {
  dayCloseFigures,
  sumFigures,
  type DayCloseFigures,
  type MethodTakings,
} from '../../ledger/day-close'
import { currentFigures, loadSessionInputs, sessionsOn } from '../../ledger/load-session'
import { readReconciliation, type StoredRecord } from '../../ledger/reconciliation-record'
import { loadShownStatus, type ShownStatus } from '../../ledger/session-status'

export interface SessionAtClose {
  session: RegisterSession
  figures: DayCloseFigures
  expenses: CachedExpense[]
  record: StoredRecord
  shown: ShownStatus
}

export interface LocationDay {
  locationId: string
  sessionCount: number
  figures: DayCloseFigures
}

export interface DayClose {
  sessions: SessionAtClose[]
  /** The location's business day: its sessions' figures added up. */
  total: DayCloseFigures
  /** Every location with sessions on the business date, and their figures added up. */
  locations: LocationDay[]
  allLocations: DayCloseFigures
  hours: HourOfDay[]
  /** The day's takings per method, every session added up. */
  mix: MethodTakings[]
  /** From the bills; null when the day has none. */
  currency: string | null
}

/** Every location's figures on a business date; the one already added up is not read again. */
async function locationDays(
  db: TillDatabase,
  businessDate: string,
  known: { locationId: string; figures: DayCloseFigures },
): Promise<LocationDay[]> {
  const sessions = await db.sessions.where('businessDate').equals(businessDate).toArray()
  const byLocation = new Map<string, RegisterSession[]>()
  for (const s of sessions)
    byLocation.set(s.locationId, [...(byLocation.get(s.locationId) ?? []), s])
  const days = await Promise.all(
    [...byLocation].map(async ([id, those]) => ({
      locationId: id,
      sessionCount: those.length,
      figures:
        id === known.locationId
          ? known.figures
          : sumFigures(await Promise.all(those.map((s) => currentFigures(db, s)))),
    })),
  )
  return days.sort((a, b) => a.locationId.localeCompare(b.locationId))
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
  const total = sumFigures(closes.map((c) => c.figures))
  const locations = await locationDays(db, businessDate, { locationId, figures: total })
  return {
    sessions: closes,
    total,
    locations,
    allLocations: sumFigures(locations.map((l) => l.figures)),
    hours: salesByHour(bills, timeZone),
    mix: total.methods,
    currency: bills[0]?.currency ?? null,
  }
}
