import type { TillDatabase } from '../../database/database'
import type { RegisterSession } from '../../database/cached-records'
import { movementsOfSessions } from '../../day-close/tables/cash-movement-store'
import { readReconciliation } from '../../day-close/tables/reconciliation-schema'
import { tallyFromRecords } from '../../sessions/tables/session-tally-store'
import { loadShownSessions } from '../../sessions/tables/session-status'
import { depositSession, type DepositSession } from '../rules/expected-deposits'
import type { OpenSessionDay } from '../rules/leftover-reasons'

function byOpening(
  a: Pick<RegisterSession, 'businessDate' | 'openedAt' | 'id'>,
  b: Pick<RegisterSession, 'businessDate' | 'openedAt' | 'id'>,
): number {
  return (
    a.businessDate.localeCompare(b.businessDate) ||
    (a.openedAt ?? 0) - (b.openedAt ?? 0) ||
    a.id.localeCompare(b.id)
  )
}

/**
 * Every closed session as expected deposits need it: its tally, the standing count's cash, its
 * movements, and the opening float the location's next session recorded (the cash the drawer
 * kept). A session that can still be trading (its shown status, by `now`) expects no deposit
 * yet; one over without a close event does.
 */
export async function depositSessions(
  db: TillDatabase,
  currency: string,
  now = Date.now(),
): Promise<DepositSession[]> {
  const all = await loadShownSessions(db, await db.sessions.toArray(), now)
  const byLocation = new Map<string, typeof all>()
  for (const session of all.sort(byOpening))
    byLocation.set(session.locationId, [...(byLocation.get(session.locationId) ?? []), session])
  const closed = [...byLocation.values()].flatMap((sessions) =>
    sessions.flatMap((session, i) =>
      session.status === 'open' ? [] : [{ session, next: sessions[i + 1] }],
    ),
  )
  // Each kind of record read for every session at once: a read each, not one a session.
  const ids = closed.map(({ session }) => session.id)
  const nextIds = closed.flatMap(({ next }) => (next ? [next.id] : []))
  const [tallies, movements, stored] = await Promise.all([
    db.sessionTallies.bulkGet(ids),
    movementsOfSessions(db, [...new Set([...ids, ...nextIds])]),
    db.reconciliations.bulkGet(ids),
  ])
  const made: DepositSession[] = []
  for (const [i, { session, next }] of closed.entries()) {
    const record = readReconciliation(stored[i])
    const standing = record.state === 'ok' && record.record.reopenedAt === null
    made.push(
      depositSession(
        { ...session, currency },
        // A session not tallied yet is added up from its records, one at a time.
        tallies[i] ?? (await tallyFromRecords(db, session.id)),
        session.openingCash,
        movements.get(session.id)!,
        standing ? { countedCash: record.record.countedCash } : null,
        next ? movements.get(next.id)! : [],
      ),
    )
  }
  return made
}

/** Where and on which day sessions are still trading (by their shown status at `now`): their
 *  takings expect no deposit yet. */
export async function openSessionDays(
  db: TillDatabase,
  now = Date.now(),
): Promise<OpenSessionDay[]> {
  const shown = await loadShownSessions(db, await db.sessions.toArray(), now)
  return shown
    .filter((s) => s.status === 'open')
    .map((s) => ({ locationId: s.locationId, businessDate: s.businessDate }))
}
