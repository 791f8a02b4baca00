import type { TillDatabase } from '../../database/database'
import { destinationBatches } from '../../exports/tables/export-batches'
import { batchPages } from '../../exports/tables/log-page-queries'
import type { StoredBatch } from '../../exports/tables/export-rows'
import type { SharedBatch } from './shared-apply'

/** The export log as shared books carry it: a batch with its pages (./shared-apply.ts). */

/** A batch and its pages as sent to the books; the pages' local order numbers left out. */
export async function sharedBatchOf(db: TillDatabase, batch: StoredBatch): Promise<SharedBatch> {
  const pages = (await batchPages(db, batch.id).toArray()).map(({ seq: _seq, ...page }) => page)
  return { batch, pages }
}

/** Each destination's committed batches, oldest first: what the join rule compares. */
export async function localLogs(db: TillDatabase): Promise<Map<string, StoredBatch[]>> {
  const logs = new Map<string, StoredBatch[]>()
  for (const batch of await db.exportBatches.orderBy('createdAt').toArray()) {
    const log = logs.get(batch.destinationId)
    if (log) log.push(batch)
    else logs.set(batch.destinationId, [batch])
  }
  return logs
}

/** The head of a destination's log as this PC has seen it: how many batches it holds. */
export async function seenHead(db: TillDatabase, destinationId: string): Promise<number> {
  return (await destinationBatches(db, destinationId)).length
}
