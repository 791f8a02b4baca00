import type { TillDatabase } from '../../database/database'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import { currencyExponent } from '../../../src-shared/domain/money'
import { movementProblem, type CashMovement } from '../rules/cash-movements'

/** A movement the cache refused, with what the manager should do. */
export class CashMovementError extends Error {
  override name = 'CashMovementError'
}

function byTime(a: CashMovement, b: CashMovement): number {
  return a.at - b.at || a.id.localeCompare(b.id)
}

/** A session's movements, corrections included, in the order they happened. */
export async function movementsOfSession(
  db: TillDatabase,
  sessionId: string,
): Promise<CashMovement[]> {
  const movements = await db.cashMovements.where('sessionId').equals(sessionId).toArray()
  return movements.sort(byTime)
}

/** The movements of each of these sessions (none: an empty list), through one read of the index. */
export async function movementsOfSessions(
  db: TillDatabase,
  sessionIds: readonly string[],
): Promise<Map<string, CashMovement[]>> {
  const bySession = new Map(sessionIds.map((id) => [id, [] as CashMovement[]]))
  for (const movement of await db.cashMovements.where('sessionId').anyOf(sessionIds).toArray())
    bySession.get(movement.sessionId)?.push(movement)
  for (const movements of bySession.values()) movements.sort(byTime)
  return bySession
}

/**
 * Records a movement of a session the cache holds, checked against the session's earlier ones in
 * the same transaction, so two corrections of one movement cannot both stand.
 */
export function recordMovement(db: TillDatabase, movement: CashMovement): Promise<void> {
  return db.transaction('rw', [db.sessions, db.cashMovements, ...outboxTables(db)], async () => {
    if (!(await db.sessions.get(movement.sessionId)))
      throw new CashMovementError(`Session ${movement.sessionId} is not in the cache.`)
    const problem = movementProblem(
      movement,
      await movementsOfSession(db, movement.sessionId),
      currencyExponent(movement.currency),
    )
    if (problem) throw new CashMovementError(problem)
    await db.cashMovements.add(movement)
    await enqueueRow(db, 'cashMovement', movement)
  })
}
