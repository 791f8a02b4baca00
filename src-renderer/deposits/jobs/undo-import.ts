import type { TillDatabase } from '../../database/database'
import { depositKey } from '../../exports/rules/deposit-entries'
import { listDestinations } from '../../exports/tables/destinations'
import { latestStates } from '../../exports/tables/log-page-queries'
import { batchHoldings, StatementUndoError, undoStatementBatch } from '../tables/statement-batches'
import { runDepositMatching } from './deposit-matching'

/** The keys of `keys` some export has posted an entry under that stands in the books. */
async function postedKeys(db: TillDatabase, keys: readonly string[]): Promise<Set<string>> {
  const posted = new Set<string>()
  if (keys.length === 0) return posted
  for (const destination of await listDestinations(db))
    for (const [key, state] of await latestStates(db, destination.id, keys))
      if (state.entry.lines.length > 0) posted.add(key)
  return posted
}

/**
 * Undoes an import: its lines go with the matches made of them, and the matching runs again (the
 * deposits they held may match other lines). Refused while an export has posted one of those
 * matches: unmatching it first makes the next export reverse it, as for any unmatch.
 */
export async function undoImport(
  db: TillDatabase,
  batchId: string,
  by: string,
  currency: string,
  now: number,
): Promise<{ lines: number; matches: number }> {
  const held = await batchHoldings(db, batchId)
  const posted = await postedKeys(db, held.matches.map(depositKey))
  if (posted.size > 0)
    throw new StatementUndoError(
      `${posted.size === 1 ? 'A match' : `${posted.size} matches`} of ${held.batch.fileName} ${posted.size === 1 ? 'is' : 'are'} in the books already (an export posted ${posted.size === 1 ? 'it' : 'them'}): unmatch ${posted.size === 1 ? 'it' : 'them'} first, then undo the import.`,
    )
  const undone = await undoStatementBatch(db, batchId, by, now)
  await runDepositMatching(db, currency, now)
  return { lines: undone.lines.length, matches: undone.matches.length }
}
