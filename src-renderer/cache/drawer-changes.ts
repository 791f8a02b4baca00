import type { TillDatabase } from './database'

/**
 * Changes whenever a count is confirmed or reopened, a cash movement is recorded or the deposit
 * settings are saved, and when bank lines arrive from shared books: the person-made inputs of
 * matching (a sync's writes are followed through its rounds instead). Read in a live query, it is read again on writes to those tables
 * only, never on a bill.
 */
export async function drawerChangesMark(db: TillDatabase): Promise<string> {
  return JSON.stringify(
    await Promise.all([
      db.reconciliations.count(),
      db.reconciliations.orderBy('reconciledAt').lastKey(),
      db.cashMovements.count(),
      db.depositSettings.get('settings'),
      // Lines another PC imported, pulled from shared books.
      db.statementLines.count(),
    ]),
  )
}
