import type { TillDatabase } from '../../database/database'
import type { CashMovement } from '../../day-close/rules/cash-movements'
import type { StoreFacts } from '../rules/row-meaning'

/**
 * What this store holds that rows from outside are checked against (../rules/row-meaning.ts),
 * read once for a restore or a pull; rows let in on the way are noted, so later rows count them.
 * Reads `sessions`, `bills` and `cashMovements` in the caller's transaction.
 */
export class HeldFacts implements StoreFacts {
  private readonly amounts = new Map<string, Map<string, number>>()

  private constructor(
    private readonly sessions: ReadonlySet<string>,
    readonly currency: string | null,
  ) {}

  static async of(db: TillDatabase): Promise<HeldFacts> {
    const sessions = new Set(await db.sessions.toCollection().primaryKeys())
    const [bill] = await db.bills.limit(1).toArray()
    const facts = new HeldFacts(sessions, bill?.currency ?? null)
    for (const movement of await db.cashMovements.toArray()) facts.noteMovement(movement)
    return facts
  }

  hasSession(sessionId: string): boolean {
    return this.sessions.has(sessionId)
  }

  movementAmounts(sessionId: string): ReadonlyMap<string, number> {
    return this.amounts.get(sessionId) ?? new Map()
  }

  /** A movement the store now holds (or will, once written), in place of one of its id. */
  noteMovement(movement: CashMovement): void {
    const session = this.amounts.get(movement.sessionId) ?? new Map<string, number>()
    this.amounts.set(movement.sessionId, session.set(movement.id, movement.amount))
  }
}
