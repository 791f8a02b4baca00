import type { TillDatabase } from '../../../src-renderer/database/database'
import type { LogPage } from '../../../src-renderer/exports/tables/log-pages'
import type { LoggedEntry, PostedState } from '../../../src-renderer/exports/rules/export-log'

/** A page's entries as rows of the log, with their destination, batch and position. */
function rowsOf(page: LogPage): LoggedEntry[] {
  return page.entries.map((entry, index) => ({
    ...entry,
    destinationId: page.destinationId,
    batchId: page.batchId,
    position: page.first + index,
  }))
}

/** Every entry the log holds, committed or not, page after page in the order written. */
export async function allLogged(db: TillDatabase): Promise<LoggedEntry[]> {
  return (await db.logPages.orderBy(':id').toArray()).flatMap(rowsOf)
}

/**
 * Every key's state as the log stands, by `<destinationId> <key>`, read the slow way: page after
 * page, a later page's state replacing an earlier one.
 */
export async function standingStates(db: TillDatabase): Promise<Map<string, PostedState>> {
  const states = new Map<string, PostedState>()
  for (const page of await db.logPages.orderBy(':id').toArray())
    for (const state of page.states) states.set(`${page.destinationId} ${state.key}`, state)
  return states
}
