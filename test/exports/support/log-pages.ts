import type { TillDatabase } from '../../../src-renderer/cache/database'
import { loggedEntriesOf } from '../../../src-renderer/cache/log-pages'
import type { LoggedEntry, PostedState } from '../../../src-renderer/domain/journal/export-log'

/** Every entry the log holds, committed or not, page after page in the order written. */
export async function allLogged(db: TillDatabase): Promise<LoggedEntry[]> {
  return (await db.logPages.orderBy(':id').toArray()).flatMap(loggedEntriesOf)
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
