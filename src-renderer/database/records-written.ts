import type { TillDatabase } from './database'

const KEY = 'records-written'

/**
 * A number every write of bills or expenses raises, so a screen that must notice any change to
 * them (the Exports preview) watches one record: one put a transaction, where an index on the
 * records' update time cost an entry on every bill (see the indexes in database/migrations/v17.ts).
 */
export async function noteRecordsWritten(db: TillDatabase): Promise<void> {
  const entry = await db.meta.get(KEY)
  await db.meta.put({ key: KEY, value: Number(entry?.value ?? 0) + 1 })
}

/** How many writes of bills or expenses the cache has seen: it changes with each. */
async function recordsWritten(db: TillDatabase): Promise<number> {
  return Number((await db.meta.get(KEY))?.value ?? 0)
}

/**
 * Changes whenever a bill, an expense, an export batch or a reconciliation is written: what an
 * export preview is computed from.
 */
export async function exportInputsMark(db: TillDatabase): Promise<string> {
  return JSON.stringify(
    await Promise.all([
      recordsWritten(db),
      db.exportBatches.orderBy('createdAt').lastKey(),
      db.reconciliations.orderBy('reconciledAt').lastKey(),
    ]),
  )
}
