import type { TillDatabase } from '../../database/database'
import type { TillBridge } from '../../bridge/bridge-client'
import { listDestinations } from '../../exports/tables/destinations'
import type { StoredBatch } from '../../exports/tables/export-rows'
import { enqueueAllRecords, markJoined } from '../tables/shared-outbox'
import { localLogs, sharedBatchOf } from '../tables/shared-export-log'
import { SharedBooksSync, type SharedPlace } from './shared-books-sync'

/**
 * Joining shared books (docs/shared-books.md#joining): the first PC to connect an empty store
 * uploads its records, export log included. Another PC joins when its export log is empty or,
 * destination by destination, the first batches of the shared one; otherwise Till refuses and
 * names the destinations whose logs differ, and nothing changes. A PC that joins sends its other
 * records too: those the books hold already are taken from the books, and a count of a session
 * the books hold another count of waits for a person to choose.
 */

/** The local export log is not a prefix of the shared one. */
class JoinRefusedError extends Error {
  override name = 'JoinRefusedError'
  constructor(readonly destinations: readonly string[]) {
    super(
      `This PC’s export log differs from the shared books’ for ${destinations.join(', ')}: ` +
        'it has exported what the other PCs have not seen. Join from a PC whose log is empty ' +
        '(or restore the shared books’ log), so nothing is posted twice.',
    )
  }
}

/** Another PC started the store while this one was uploading its log. */
class StoreTakenError extends Error {
  override name = 'StoreTakenError'
}

/** The destinations whose local log is not the start of the shared one, by name. */
async function differingDestinations(
  db: TillDatabase,
  heads: readonly { destinationId: string; batchIds: readonly string[] }[],
): Promise<string[]> {
  const shared = new Map(heads.map((head) => [head.destinationId, head.batchIds]))
  const names = new Map((await listDestinations(db)).map((d) => [d.id, d.name]))
  const differing: string[] = []
  for (const [destinationId, batches] of await localLogs(db)) {
    const theirs = shared.get(destinationId) ?? []
    if (batches.some((batch, index) => theirs[index] !== batch.id))
      differing.push(names.get(destinationId) ?? destinationId)
  }
  return differing.sort((a, b) => a.localeCompare(b))
}

/** Uploads a destination's batches in order, each appended after the one before. */
async function uploadLog(
  bridge: TillBridge,
  db: TillDatabase,
  place: SharedPlace,
  batches: readonly StoredBatch[],
): Promise<void> {
  for (const [index, batch] of batches.entries()) {
    const answer = await bridge.call('sharedBooks.appendExport', {
      profileId: place.profileId,
      storeId: place.storeId,
      destinationId: batch.destinationId,
      expectedSeq: index,
      batchId: batch.id,
      by: place.pcName,
      batch: await sharedBatchOf(db, batch),
    })
    if (answer.status === 'behind')
      throw new StoreTakenError(
        'Another PC started these shared books at the same moment: join again to take its records.',
      )
  }
}

/** What joining did: started the store, or joined one that had records. */
export type Joined = 'started' | 'joined'

/**
 * Joins `place.storeId` by the rule above, then syncs once (changes up, the books' rows down).
 * Throws `JoinRefusedError` (nothing changed) when the logs differ.
 */
export async function joinSharedBooks(
  db: TillDatabase,
  bridge: TillBridge,
  place: SharedPlace,
): Promise<Joined> {
  const { profileId, storeId } = place
  const info = await bridge.call('sharedBooks.info', { profileId, storeId })
  if (info.empty) {
    for (const batches of (await localLogs(db)).values())
      await uploadLog(bridge, db, place, batches)
  } else {
    const differing = await differingDestinations(db, info.heads)
    if (differing.length > 0) throw new JoinRefusedError(differing)
  }
  await markJoined(db, storeId)
  await enqueueAllRecords(db)
  await bridge.call('sharedBooks.join', { profileId, storeId })
  await new SharedBooksSync(db, bridge, place).syncNow()
  return info.empty ? 'started' : 'joined'
}
