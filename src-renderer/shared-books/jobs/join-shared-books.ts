import type { TillDatabase } from '../../database/database'
import type { TillBridge } from '../../bridge/bridge-client'
import { listDestinations } from '../../exports/tables/destinations'
import { enqueueAllRecords, markJoined } from '../tables/shared-outbox'
import { localLogs, sharedBatchOf } from '../tables/shared-export-log'
import { SharedBooksSync, type SharedPlace } from './shared-books-sync'
import type { Joined } from '../rules/join-words'
import { appendInParts, type SharedAppend, type UploadProgress } from './staged-upload'

/**
 * Joining shared books (docs/shared-books.md#joining): the first PC to connect an empty store
 * uploads its records, export log included, all of it or nothing. Another PC joins when its export log is empty or,
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

/**
 * Uploads every destination's batches, each appended after the one before, as one: in parts
 * when the log is long (./staged-upload.ts), so a part lost midway appends nothing.
 */
async function uploadLogs(
  bridge: TillBridge,
  db: TillDatabase,
  place: SharedPlace,
  onProgress?: (progress: UploadProgress) => void,
): Promise<void> {
  const appends: SharedAppend[] = []
  for (const batches of (await localLogs(db)).values())
    for (const [index, batch] of batches.entries())
      appends.push({
        destinationId: batch.destinationId,
        expectedSeq: index,
        batchId: batch.id,
        batch: await sharedBatchOf(db, batch),
      })
  if (appends.length === 0) return
  const answers = await appendInParts(bridge, place, appends, onProgress)
  if (answers.some((answer) => answer.status === 'behind'))
    throw new StoreTakenError(
      'Another PC started these shared books at the same moment: join again to take its records.',
    )
}

/**
 * Joins `place.storeId` by the rule above, then syncs once (changes up, the books' rows down).
 * Throws `JoinRefusedError` (nothing changed) when the logs differ. `onProgress` hears each part
 * of a long export log sent.
 */
export async function joinSharedBooks(
  db: TillDatabase,
  bridge: TillBridge,
  place: SharedPlace,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Joined> {
  const { profileId, storeId } = place
  const info = await bridge.call('sharedBooks.info', { profileId, storeId })
  if (info.empty) await uploadLogs(bridge, db, place, onProgress)
  else {
    const differing = await differingDestinations(db, info.heads)
    if (differing.length > 0) throw new JoinRefusedError(differing)
  }
  await markJoined(db, storeId)
  await enqueueAllRecords(db)
  await bridge.call('sharedBooks.join', { profileId, storeId })
  const synced = await new SharedBooksSync(db, bridge, place).syncNow()
  return { started: info.empty, found: synced.pulled.applied }
}
