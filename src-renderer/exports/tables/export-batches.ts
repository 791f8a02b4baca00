import type { TillDatabase } from '../../database/database'
import type { StoredBatch } from './export-rows'

/** The export log's batches: one row per export that committed. */

export function readBatch(db: TillDatabase, id: string): Promise<StoredBatch | undefined> {
  return db.exportBatches.get(id)
}

/** The batches of `ids` the log holds, by id. */
export async function readBatches(
  db: TillDatabase,
  ids: readonly string[],
): Promise<Map<string, StoredBatch>> {
  const batches = new Map<string, StoredBatch>()
  for (const batch of await db.exportBatches.bulkGet([...ids]))
    if (batch) batches.set(batch.id, batch)
  return batches
}

/** The log's batches, newest first. */
export function exportBatches(db: TillDatabase): Promise<StoredBatch[]> {
  return db.exportBatches.orderBy('createdAt').reverse().toArray()
}

/**
 * The number the destination's next batch takes: one past its batches, those from before Till
 * numbered them counted too, so no number is given twice.
 */
export async function nextBatchNumber(db: TillDatabase, destinationId: string): Promise<number> {
  const batches = await destinationBatches(db, destinationId)
  return Math.max(batches.length, ...batches.map((b) => b.number ?? 0)) + 1
}

/** The file names the log's batches were given. */
export async function batchFileNames(db: TillDatabase): Promise<Set<string>> {
  const names = new Set<string>()
  await db.exportBatches.each((b) => {
    if (b.fileName !== undefined) names.add(b.fileName)
  })
  return names
}

/** A destination's batches, oldest first. */
export function destinationBatches(
  db: TillDatabase,
  destinationId: string,
): Promise<StoredBatch[]> {
  return db.exportBatches
    .orderBy('createdAt')
    .filter((b) => b.destinationId === destinationId)
    .toArray()
}
