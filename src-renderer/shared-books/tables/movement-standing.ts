import type { TillDatabase } from '../../database/database'
import type { CashMovement } from '../../day-close/rules/cash-movements'
import { settleSession, type PlacedMovement } from '../rules/movement-rivals'
import { enqueueChange, outboxTables } from './shared-outbox'
import { sharedRef, type SetAsideRow } from './shared-rows'

/**
 * Which of a session's cash movements stand on this PC when two PCs made rival ones
 * (../rules/movement-rivals.ts): the others are kept aside under Problems, never deleted, and the
 * cache's movements table holds only the standing ones, so the screens, the exports and a backup
 * see no movement corrected twice. Runs inside the caller's transaction (shared-apply.ts).
 */

const KIND = 'cashMovement'

/** Movements of a session kept aside for what the store holds (not for their form). */
function heldAside(db: TillDatabase, sessionId: string): Promise<SetAsideRow[]> {
  return db.sharedSetAside
    .filter(
      (row) =>
        row.kind === KIND &&
        row.held !== undefined &&
        row.held.waits === undefined &&
        (row.raw as CashMovement).sessionId === sessionId,
    )
    .toArray()
}

/** A movement with the change number the books gave it, or none yet (it waits to go up). */
async function placed(db: TillDatabase, movement: CashMovement): Promise<PlacedMovement> {
  const ref = sharedRef(KIND, movement.id)
  const version = await db.sharedVersions.get(ref)
  const waiting = version?.change === undefined && (await db.sharedOutbox.get(ref)) !== undefined
  return {
    movement,
    change: waiting ? Infinity : (version?.change ?? 0),
    by: version?.by ?? 'this PC',
  }
}

/** Puts the session's standing movements in the cache and the others aside, with their reasons. */
export async function settleMovements(
  db: TillDatabase,
  sessionId: string,
  now = Date.now(),
): Promise<void> {
  const stored = await db.cashMovements.where('sessionId').equals(sessionId).toArray()
  const storedIds = new Set(stored.map((m) => m.id))
  const held = (await heldAside(db, sessionId))
    .map((row) => row.raw as CashMovement)
    .filter((m) => !storedIds.has(m.id))
  const candidates = await Promise.all([...stored, ...held].map((m) => placed(db, m)))
  const { stands, aside } = settleSession(candidates)
  for (const { movement } of stands) {
    if (storedIds.has(movement.id)) continue
    await db.cashMovements.put(movement)
    await db.sharedSetAside.delete(sharedRef(KIND, movement.id))
  }
  for (const { placed: kept, rival, reason } of aside) {
    const { id } = kept.movement
    if (storedIds.has(id)) await db.cashMovements.delete(id)
    await db.sharedSetAside.put({
      ref: sharedRef(KIND, id),
      kind: KIND,
      key: id,
      change: Number.isFinite(kept.change) ? kept.change : 0,
      by: kept.by,
      reason,
      raw: kept.movement,
      seenAt: now,
      held: { rival: rival?.movement ?? null },
    })
  }
}

/**
 * A person's choice over a movement kept aside for a rival: `kept` puts it in place of the rival,
 * `standing` leaves the rival. The version not chosen is deleted on the books, so every PC
 * follows the choice.
 */
export function chooseMovement(
  db: TillDatabase,
  ref: string,
  choice: 'kept' | 'standing',
): Promise<void> {
  const tables = [db.cashMovements, db.sharedSetAside, db.sharedVersions, ...outboxTables(db)]
  return db.transaction('rw', tables, async () => {
    const row = await db.sharedSetAside.get(ref)
    const rival = row?.held?.rival as CashMovement | null | undefined
    if (!row || !rival) return
    const kept = row.raw as CashMovement
    const dropped = choice === 'kept' ? rival : kept
    await enqueueChange(db, KIND, { key: dropped.id, body: null, deleted: true })
    await db.cashMovements.delete(dropped.id)
    await db.sharedSetAside.delete(sharedRef(KIND, dropped.id))
    if (choice === 'kept') {
      await db.cashMovements.put(kept)
      await db.sharedSetAside.delete(ref)
    }
    await settleMovements(db, kept.sessionId)
  })
}
