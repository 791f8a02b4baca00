import type { TillDatabase } from '../../../database/database'
import type { Bill } from '../../../../src-shared/domain/records'
import { entryRevision, type EntryRevision } from '../../../exports'
import { postingKeys } from '../../../exports'
import type { StoredBatch } from '../../../exports'
import { listDestinations } from '../../../exports'
import type { LogKey } from '../../../exports'
import { loggedUnder } from '../../../exports'
import { readBatches } from '../../../exports'

/**
 * "In which export did this bill go?": in every destination, every logged entry under the bill's posting keys (its own
 * entry, its payments posted apart, their reversals and adjustments) and, for a bill in a
 * register session, the entries of that session's summary, which carry the bill's amounts when
 * the export was per session. Entries of a run not committed yet have no batch and are left out.
 */

export interface BillExport {
  entryId: string
  revision: EntryRevision
  /** What the entry is for the bill. */
  carrier: 'bill' | 'payment' | 'session summary'
  batch: StoredBatch
  /** The name of the destination the batch posted to. */
  destination: string
}

function carrierOf(key: string): BillExport['carrier'] {
  if (key.startsWith('payment:')) return 'payment'
  if (key.startsWith('session:')) return 'session summary'
  return 'bill'
}

/** The bill's exports, oldest batch first, in the order each batch wrote them. */
export async function billExports(db: TillDatabase, bill: Bill): Promise<BillExport[]> {
  const keys = postingKeys([bill])
  if (bill.registerSessionId !== null) keys.push(`session:${bill.registerSessionId}`)
  const destinations = new Map((await listDestinations(db)).map((d) => [d.id, d.name]))
  const logged = await loggedUnder(
    db,
    [...destinations.keys()].flatMap((id) => keys.map((key): LogKey => [id, key])),
  )
  const batchIds = [...new Set(logged.map((entry) => entry.batchId))]
  const batches = await readBatches(db, batchIds)
  return logged
    .flatMap((entry) => {
      const batch = batches.get(entry.batchId)
      if (!batch) return []
      return [
        {
          position: entry.position,
          entryId: entry.entryId,
          revision: entryRevision(entry),
          carrier: carrierOf(entry.key),
          batch,
          destination: destinations.get(entry.destinationId) ?? entry.destinationId,
        },
      ]
    })
    .sort(
      (a, b) =>
        a.batch.createdAt.localeCompare(b.batch.createdAt) ||
        a.batch.id.localeCompare(b.batch.id) ||
        a.position - b.position,
    )
    .map(({ position: _position, ...row }) => row)
}
