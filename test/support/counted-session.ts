import type { TillDatabase } from '../../src-renderer/cache/database'
import { recordMovement } from '../../src-renderer/cache/cash-movement-store'
import { sessionFigures } from '../../src-renderer/cache/session-tally-store'
import type { DayCloseFigures } from '../../src-renderer/domain/ledger/day-close'
import { confirmCount } from '../../src-renderer/jobs/reconcile'

/**
 * Records an opening float of `float` (USD) in a session at `floatAt`, then confirms at `now` a
 * count of `countedCash` by AB against the session's figures with it; returns those figures.
 */
export async function countWithFloat(
  db: TillDatabase,
  {
    sessionId,
    float,
    floatAt,
    countedCash,
    now,
  }: { sessionId: string; float: number; floatAt: number; countedCash: number; now: number },
): Promise<DayCloseFigures> {
  await recordMovement(db, {
    id: `float-${sessionId}`,
    sessionId,
    kind: 'float',
    amount: float,
    currency: 'USD',
    category: null,
    at: floatAt,
    by: 'AB',
    note: '',
    replaces: null,
  })
  const seen = await sessionFigures(db, (await db.sessions.get(sessionId))!)
  await confirmCount(db, {
    sessionId,
    count: { countedCash, countedByMethod: {} },
    countedBy: 'AB',
    varianceNote: 'Tip jar emptied into the drawer',
    seen,
    currency: 'USD',
    now,
  })
  return seen
}
