import type { TillDatabase } from '../../database/database'
import type { CachedExpense, RegisterSession } from '../../database/cached-records'
import { salesByHour, type HourOfDay } from '../rules/day-charts'
import {
  dayCloseFigures,
  determinedVariance,
  sumFigures,
  withOpeningFloat,
  type DayCloseFigures,
  type MethodTakings,
} from '../rules/day-close'
import { addDrawers, drawerOf, type CashDrawer } from '../rules/cash-drawer'
import { loadSessionInputs, sessionsOn } from '../../sessions/tables/load-session'
import { readReconciliation, type StoredRecord } from './reconciliation-schema'
import { loadShownStatus, type ShownStatus } from '../../sessions/tables/session-status'
import { loadRecordsSynced, stillSyncing } from '../../sync/tables/still-syncing'
import { sessionFigures } from '../../sessions/tables/session-tally-store'
import { movementsOfSession } from './cash-movement-store'
import type { CashMovement } from '../rules/cash-movements'
import { countedSessions, type CountedSessions } from '../rules/counted-sessions'

export interface SessionAtClose {
  session: RegisterSession
  figures: DayCloseFigures
  expenses: CachedExpense[]
  /** The cash movements recorded in the session, corrections included, in time order. */
  movements: CashMovement[]
  record: StoredRecord
  shown: ShownStatus
  /** Some of the session's bills are still to come: its figures are not whole. */
  incomplete: boolean
}

export interface LocationDay {
  locationId: string
  sessionCount: number
  figures: DayCloseFigures
  /** The day's cash drawer, its sessions' added up (an opening not known named by session id). */
  drawer: CashDrawer
  /** A session of the day is still syncing: the sum is not whole. */
  incomplete: boolean
  /** The day's sessions' standing drawer counts. */
  counts: CountedSessions
}

export interface DayClose {
  sessions: SessionAtClose[]
  /** The location's business day: its sessions' figures added up. */
  total: DayCloseFigures
  /** A session of the day is still syncing. */
  incomplete: boolean
  hours: HourOfDay[]
  /** The day's takings per method, every session added up. */
  mix: MethodTakings[]
  /** From the bills; null when the day has none. */
  currency: string | null
}

/** The locations with a session on a business date, in order. */
export async function locationsOn(db: TillDatabase, businessDate: string): Promise<string[]> {
  const sessions = await db.sessions.where('businessDate').equals(businessDate).toArray()
  return [...new Set(sessions.map((s) => s.locationId))].sort()
}

/** A location's business day: its sessions' figures added up. */
export async function loadLocationDay(
  db: TillDatabase,
  locationId: string,
  businessDate: string,
): Promise<LocationDay> {
  const [sessions, synced] = await Promise.all([
    sessionsOn(db, locationId, businessDate),
    loadRecordsSynced(db),
  ])
  const [tallied, stored] = await Promise.all([
    Promise.all(sessions.map((s) => sessionFigures(db, s))),
    db.reconciliations.bulkGet(sessions.map((s) => s.id)),
  ])
  // A reconciled session's standing count, and its entered float (as the session's own day close).
  const standing = sessions.map((session, i) => {
    const record = readReconciliation(stored[i])
    return session.status === 'reconciled' && record.state === 'ok' ? record.record : null
  })
  const figures = tallied.map((f, i) => withOpeningFloat(f, standing[i]?.openingFloat ?? null))
  return {
    locationId,
    sessionCount: sessions.length,
    figures: sumFigures(figures),
    drawer: addDrawers(figures.map((f, i) => drawerOf(f, sessions[i]!.id))),
    incomplete: figures.some((f, i) => stillSyncing(f.billsAwaitingDetail, synced, sessions[i]!)),
    counts: countedSessions(
      standing.map((r, i) =>
        r === null
          ? null
          : {
              countedCash: r.countedCash,
              cashVariance: determinedVariance(r.countedCash, r.figures, figures[i]!.openingCash),
            },
      ),
    ),
  }
}

/** Everything the day close shows for one location and business date. */
export async function loadDay(
  db: TillDatabase,
  locationId: string,
  businessDate: string,
  timeZone: string,
  now = Date.now(),
): Promise<DayClose> {
  const [sessions, synced] = await Promise.all([
    sessionsOn(db, locationId, businessDate),
    loadRecordsSynced(db),
  ])
  const loaded = await Promise.all(
    sessions.map(async (session) => {
      const [inputs, movements, stored, shown] = await Promise.all([
        loadSessionInputs(db, session),
        movementsOfSession(db, session.id),
        db.reconciliations.get(session.id),
        loadShownStatus(db, session, now),
      ])
      return {
        session,
        inputs: { ...inputs, movements },
        record: readReconciliation(stored),
        shown,
      }
    }),
  )
  const bills = loaded.flatMap((l) => l.inputs.bills)
  const closes = loaded.map(({ session, inputs, record, shown }) => {
    // A reconciled session's entered opening float stands until a close event gives the opening.
    const float =
      session.status === 'reconciled' && record.state === 'ok' ? record.record.openingFloat : null
    const figures = withOpeningFloat(dayCloseFigures(inputs), float)
    return {
      session,
      shown,
      figures,
      expenses: inputs.expenses,
      movements: inputs.movements,
      record,
      incomplete: stillSyncing(figures.billsAwaitingDetail, synced, session),
    }
  })
  const total = sumFigures(closes.map((c) => c.figures))
  const incomplete = closes.some((c) => c.incomplete)
  return {
    sessions: closes,
    total,
    incomplete,
    hours: salesByHour(bills, timeZone),
    mix: total.methods,
    currency: bills[0]?.currency ?? null,
  }
}
