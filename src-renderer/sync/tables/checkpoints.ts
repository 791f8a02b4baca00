import type { TillDatabase } from '../../database/database'
import type { Checkpoint } from '../../database/cached-records'

export type CollectionKey = 'bills' | 'expenses'

export async function readCheckpoint(db: TillDatabase, key: CollectionKey): Promise<Checkpoint> {
  return (
    (await db.checkpoints.get(key)) ?? {
      key,
      backfillPage: null,
      backfillDone: false,
      cursor: null,
      cursorPage: 1,
      lastSuccessAt: null,
    }
  )
}

/**
 * The incremental cursor after a page read in `updated_at` order: the last record's time, or the
 * next page within the same instant when a whole page shares it.
 */
export function advanceCursor(
  checkpoint: Checkpoint,
  lastUpdatedAtText: string | null,
): Pick<Checkpoint, 'cursor' | 'cursorPage'> {
  if (lastUpdatedAtText === null)
    return { cursor: checkpoint.cursor, cursorPage: checkpoint.cursorPage }
  if (
    checkpoint.cursor !== null &&
    Date.parse(lastUpdatedAtText) === Date.parse(checkpoint.cursor)
  ) {
    return { cursor: checkpoint.cursor, cursorPage: checkpoint.cursorPage + 1 }
  }
  return { cursor: lastUpdatedAtText, cursorPage: 1 }
}

/** Notes a sweep of the collection that ended well at `at`. */
export async function noteSyncSuccess(
  db: TillDatabase,
  key: CollectionKey,
  at: number,
): Promise<void> {
  await db.checkpoints.put({ ...(await readCheckpoint(db, key)), lastSuccessAt: at })
}

/** Up to `limit` ids of bills queued for their detail, most urgent first. */
export function queuedDetails(db: TillDatabase, limit: number): Promise<string[]> {
  return db.pendingDetails.orderBy('priority').limit(limit).primaryKeys()
}

/** Notes where a first sync's read of the collection's recent changes starts: its cursor. */
export async function startRecentRead(
  db: TillDatabase,
  key: CollectionKey,
  from: number,
): Promise<void> {
  const checkpoint = await readCheckpoint(db, key)
  const cursor = new Date(from).toISOString()
  await db.checkpoints.put({ ...checkpoint, recentFrom: from, cursor, cursorPage: 1 })
}

/** Notes that every record of the collection changed from `from` on is in; the first note stands. */
export async function noteCovered(
  db: TillDatabase,
  key: CollectionKey,
  from: number,
): Promise<void> {
  const checkpoint = await readCheckpoint(db, key)
  if (checkpoint.coveredFrom === undefined)
    await db.checkpoints.put({ ...checkpoint, coveredFrom: from })
}
