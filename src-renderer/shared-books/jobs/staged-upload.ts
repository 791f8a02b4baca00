import type { TillBridge } from '../../bridge/bridge-client'
import type { SharedAppendResult } from '../../../src-shared/bridge/contract'
import { textParts } from '../rules/text-parts'
import type { SharedBatch } from '../tables/shared-apply'
import type { SharedPlace } from './shared-books-sync'

/**
 * Any size commits (docs/shared-books.md#any-size-commits): a bridge call is bounded (the browser
 * shell takes 1 MiB), a batch of a long range or a joining PC's export log is not. Appends that
 * fit in one part go as one `sharedBooks.appendExport`; larger ones are staged part by part, as
 * JSON text the books keep out of sight, and appended together by `sharedBooks.appendStaged`:
 * every batch or none.
 */

/** One batch to append to its destination's log, planned from the head it was seen at. */
export interface SharedAppend {
  destinationId: string
  expectedSeq: number
  batchId: string
  batch: SharedBatch
}

/** How far an upload has gone: parts sent of all its parts. */
export interface UploadProgress {
  sent: number
  parts: number
}

/**
 * Appends `appends` in order, as one: the answers one by one, or a single `behind` (nothing
 * appended) when another PC moved a destination's log first. `onProgress` hears each part sent.
 */
export async function appendInParts(
  bridge: TillBridge,
  place: SharedPlace,
  appends: readonly SharedAppend[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<SharedAppendResult[]> {
  const { profileId, storeId, pcName: by } = place
  const parts = textParts(JSON.stringify(appends))
  const [only] = appends
  if (appends.length === 1 && only && parts.length === 1)
    return [await bridge.call('sharedBooks.appendExport', { profileId, storeId, by, ...only })]
  const uploadId = crypto.randomUUID()
  for (const [part, text] of parts.entries()) {
    await bridge.call('sharedBooks.stagePart', { profileId, storeId, uploadId, part, text })
    onProgress?.({ sent: part + 1, parts: parts.length })
  }
  const { results } = await bridge.call('sharedBooks.appendStaged', {
    profileId,
    storeId,
    uploadId,
    parts: parts.length,
    by,
  })
  return results
}
