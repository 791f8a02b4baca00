import type { TillDatabase } from '../../database/database'
import {
  chainStart,
  movementWords,
  standingMovements,
  type CashMovement,
} from '../../day-close/rules/cash-movements'
import { rowMeaningProblem } from '../rules/row-meaning'
import { ownRecordKey } from './own-records'
import type { OwnRecordTable } from './own-record-rows'
import { HeldFacts } from './store-facts'

/**
 * A backup's rows sorted by what they mean in this store, with the check a pull makes
 * (../rules/row-meaning.ts): a row refused is set aside with its reason (under Problems), and so is
 * what depends on it (a correction of a movement set aside, a deposit match naming a bank line
 * set aside), so nothing is restored half. Of two opening floats standing for one session (two PCs
 * gave one before they heard of each other) the earlier stands, as the screen that records a float
 * allows one; the other is set aside with its corrections. A movement whose session this PC has not synced yet is
 * restored all the same: the backup is this store's own, and the session comes with the next sync,
 * as a count restored before its session does.
 */

/** A row of a backup kept out of the cache, as Problems lists it. */
export interface RestoredAside {
  ref: string
  kind: string
  key: string
  change: number
  by: string
  reason: string
  raw: unknown
  seenAt: number
}

export async function sortRestoredRows(
  db: TillDatabase,
  rows: ReadonlyMap<OwnRecordTable, readonly unknown[]>,
  from: string,
  now = Date.now(),
): Promise<{ rows: Map<OwnRecordTable, unknown[]>; aside: RestoredAside[] }> {
  const facts = await db.transaction('r', [db.sessions, db.bills, db.cashMovements], () =>
    HeldFacts.of(db),
  )
  const movements = (rows.get('cashMovements') ?? []) as CashMovement[]
  const reasons = new Map<unknown, string>()
  // Each movement counts towards its session's sums once let in, as a pull notes what it applies:
  // a row set aside takes no room from the others.
  for (const table of ['cashMovements', 'statementLines'] as const)
    for (const row of rows.get(table) ?? []) {
      const problem = rowMeaningProblem(table, row, facts)
      if (problem !== null && !problem.waits) reasons.set(row, problem.reason)
      else if (table === 'cashMovements') facts.noteMovement(row as CashMovement)
    }
  correctionsAside(movements, reasons)
  floatsAside(movements, reasons)
  correctionsAside(movements, reasons)
  const lineKey = (account: string, id: string) => `${account}|${id}`
  const linesAside = new Set(
    (rows.get('statementLines') ?? [])
      .filter((l) => reasons.has(l))
      .map((l) => l as { bankAccountId: string; id: string })
      .map((l) => lineKey(l.bankAccountId, l.id)),
  )
  for (const row of rows.get('depositMatches') ?? []) {
    const match = row as { bankAccountId: string; bankLineIds: string[] }
    const line = match.bankLineIds.find((id) => linesAside.has(lineKey(match.bankAccountId, id)))
    if (line !== undefined) reasons.set(row, `it names bank line ${line}, which is set aside`)
  }
  const kept = new Map<OwnRecordTable, unknown[]>()
  const aside: RestoredAside[] = []
  for (const [table, tableRows] of rows) {
    kept.set(
      table,
      tableRows.filter((row) => !reasons.has(row)),
    )
    for (const row of tableRows.filter((r) => reasons.has(r))) {
      const key = ownRecordKey(table, row)
      const keyText = Array.isArray(key) ? key.join('|') : String(key)
      aside.push({
        ref: `backup:${table}:${keyText}`,
        kind: table,
        key: keyText,
        change: 0,
        by: from,
        reason: reasons.get(row)!,
        raw: row,
        seenAt: now,
      })
    }
  }
  return { rows: kept, aside }
}

/** Each correction of a movement set aside is set aside too, and what corrects it in turn. */
function correctionsAside(movements: readonly CashMovement[], reasons: Map<unknown, string>): void {
  const aside = (): Map<string, CashMovement> =>
    new Map(movements.filter((m) => reasons.has(m)).map((m) => [m.id, m]))
  for (let held = aside(), grew = true; grew; held = aside()) {
    grew = false
    for (const m of movements) {
      const corrected = m.replaces === null ? undefined : held.get(m.replaces)
      if (!reasons.has(m) && corrected) {
        reasons.set(m, `it corrects ${movementWords(corrected)}, which is set aside`)
        grew = true
      }
    }
  }
}

/**
 * Of the opening floats standing in a session (among movements not set aside already), the
 * earliest stands; the correction chain of each other one is set aside from its first movement,
 * so that taking its standing float away leaves no float of that chain standing in its place.
 */
function floatsAside(movements: readonly CashMovement[], reasons: Map<unknown, string>): void {
  const kept = movements.filter((m) => !reasons.has(m))
  const byId = new Map(kept.map((m) => [m.id, m]))
  const sessions = new Map<string, CashMovement[]>()
  for (const m of kept) sessions.set(m.sessionId, [...(sessions.get(m.sessionId) ?? []), m])
  for (const ofSession of sessions.values()) {
    const floats = standingMovements(ofSession)
      .filter((m) => m.kind === 'float')
      .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
    const [first, ...later] = floats
    for (const float of later) {
      const start = byId.get(chainStart(float, byId))!
      reasons.set(
        start,
        `its session has an opening float already (${movementWords(first!)}, the earlier), ` +
          `and ${movementWords(float)} would be a second`,
      )
    }
  }
}
