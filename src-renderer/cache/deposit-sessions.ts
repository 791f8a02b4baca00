import type { TillDatabase } from './database'
import type { RegisterSession } from './cached-records'
import { movementsOfSession } from './cash-movement-store'
import { loadReconciliation } from './reconciliation-record'
import { readSessionTally } from './session-tally-store'
import { loadShownSessions } from './session-status'
import { depositSession, type DepositSession } from '../domain/deposits/expected-deposits'

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
  const made: DepositSession[] = []
  for (const sessions of byLocation.values())
    for (const [i, session] of sessions.entries()) {
      if (session.status === 'open') continue
      const next = sessions[i + 1]
      const [tally, movements, stored, nextMovements] = await Promise.all([
        readSessionTally(db, session.id),
        movementsOfSession(db, session.id),
        loadReconciliation(db, session.id),
        next ? movementsOfSession(db, next.id) : Promise.resolve([]),
      ])
      const standing = stored.state === 'ok' && stored.record.reopenedAt === null
      const count = standing ? { countedCash: stored.record.countedCash } : null
      made.push(
        depositSession(
          { ...session, currency },
          tally,
          session.openingCash,
          movements,
          count,
          nextMovements,
        ),
      )
    }
  return made
}
