import type { TillDatabase } from '../../database/database'
import type { CashMovement } from '../../day-close/rules/cash-movements'
import { rowMeaningProblem } from '../rules/row-meaning'
import { ownRecordKey } from './own-records'
import type { OwnRecordTable } from './own-record-rows'
import { HeldFacts } from './store-facts'

/**
 * A backup's rows sorted by what they mean in this store, with the check a pull makes
 * (../rules/row-meaning.ts): a row refused is set aside with its reason (under Problems), and so is
 * what depends on it (a correction of a movement set aside, a deposit match naming a bank line
 * set aside), so nothing is restored half. A movement whose session this PC has not synced yet is
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
  for (const movement of movements) facts.noteMovement(movement)
  const reasons = new Map<unknown, string>()
  for (const table of ['cashMovements', 'statementLines'] as const)
    for (const row of rows.get(table) ?? []) {
      const problem = rowMeaningProblem(table, row, facts)
      if (problem !== null && !problem.waits) reasons.set(row, problem.reason)
    }
  const asideIds = (): Set<string> =>
    new Set(movements.filter((m) => reasons.has(m)).map((m) => m.id))
  for (let ids = asideIds(), grew = true; grew; ids = asideIds()) {
    grew = false
    for (const m of movements)
      if (!reasons.has(m) && m.replaces !== null && ids.has(m.replaces)) {
        reasons.set(m, `it corrects movement ${m.replaces}, which is set aside`)
        grew = true
      }
  }
  const linesAside = new Set(
    (rows.get('statementLines') ?? [])
      .filter((l) => reasons.has(l))
      .map((l) => (l as { id: string }).id),
  )
  for (const match of rows.get('depositMatches') ?? []) {
    const line = (match as { bankLineIds: string[] }).bankLineIds.find((id) => linesAside.has(id))
    if (line !== undefined) reasons.set(match, `it names bank line ${line}, which is set aside`)
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
