import type { TillDatabase } from '../../database/database'
import { BridgeCallError, type TillBridge } from '../../bridge/bridge-client'
import type { StoredBatch } from '../../exports/tables/export-rows'
import { seenHead, sharedBatchOf } from '../tables/shared-export-log'
import type { SharedExportCommit } from '../../exports/jobs/export-options'
import type { SharedPlace } from './shared-books-sync'
import { minutesSince } from '../../format/time-since'
import { appendInParts, type UploadProgress } from './staged-upload'

/**
 * Exports to shared books (docs/shared-books.md#exporting): a batch is planned from the head of
 * its destination's log this PC has seen and committed to the books by compare-and-append before
 * it counts here and before its file takes its final name. Another PC having committed first,
 * nothing is written: the PC pulls, plans again and says so. An answer lost on the way is
 * retried with the same batch id, which the books recognise, so nothing is applied twice. A call
 * the shell refused as too large is no lost answer: it says so and is not retried.
 */

/** Another PC committed to the destination after this export was planned. */
class ExportedElsewhereError extends Error {
  override name = 'ExportedElsewhereError'
}

/** The shared books cannot be reached: exports to them are refused until they can. */
class SharedBooksUnreachableError extends Error {
  override name = 'SharedBooksUnreachableError'
}

/** What a refused export says: the reason, and how long since the books last answered. */
function unreachableMessage(reason: string, lastReachedAt: number | null): string {
  return lastReachedAt === null
    ? `Shared books not reached yet: ${reason}`
    : `Shared books not reached for ${minutesSince(lastReachedAt, Date.now())}: ${reason}`
}

/** What a refused commit (a full disk on the database) leaves: no file, nothing in the books. */
const NOTHING_POSTED =
  'Nothing was posted and no file was made: export again once the database takes changes.'

/** A lost answer is asked again this many times, the same batch id each time. */
const ATTEMPTS = 3

function isLost(error: unknown): error is BridgeCallError {
  return (
    error instanceof BridgeCallError &&
    (error.kind === 'network' || error.kind === 'shared_books_unreachable')
  )
}

/**
 * Commits each batch to the books first, in parts when it is large (./staged-upload.ts), telling
 * `onProgress` each part sent; `behind` throws `ExportedElsewhereError`.
 */
export function sharedExportCommit(
  db: TillDatabase,
  bridge: TillBridge,
  place: SharedPlace,
  onProgress?: (progress: UploadProgress) => void,
): SharedExportCommit {
  return {
    async commit(batch: StoredBatch): Promise<void> {
      const append = {
        destinationId: batch.destinationId,
        expectedSeq: await seenHead(db, batch.destinationId),
        batchId: batch.id,
        batch: await sharedBatchOf(db, batch),
      }
      for (let attempt = 1; ; attempt++) {
        try {
          const [answer] = await appendInParts(bridge, place, [append], onProgress)
          if (answer?.status === 'behind')
            throw new ExportedElsewhereError(
              `Another PC exported to this destination first (the shared log is at batch ${answer.headSeq}).`,
            )
          return
        } catch (error) {
          if (error instanceof BridgeCallError && error.kind === 'shared_books_refused')
            throw new Error(`${error.message.replace(/\.$/, '')}. ${NOTHING_POSTED}`)
          if (!isLost(error)) throw error
          if (attempt >= ATTEMPTS)
            throw new SharedBooksUnreachableError(
              unreachableMessage(error.message, error.lastReachedAt),
            )
        }
      }
    },
  }
}

/** What an export to shared books said along the way. */
const PLANNED_AGAIN = 'Another PC exported first: planned again.'

/** Why an export waits for the books even when this PC has nothing new of its own. */
const OTHERS_MAY_WAIT =
  'another PC’s counts and exports may be waiting to reach them, so Till exports once they answer'

/**
 * Pulls what the books hold before an export is planned. Unreached, the export is refused: with
 * nothing new of its own this PC would otherwise say so, while another PC's count waits.
 */
async function pullOrRefuse(pull: () => Promise<unknown>): Promise<void> {
  try {
    await pull()
  } catch (error) {
    if (!isLost(error)) throw error
    throw new SharedBooksUnreachableError(
      unreachableMessage(
        `${error.message.replace(/\.$/, '')}; ${OTHERS_MAY_WAIT}.`,
        error.lastReachedAt,
      ),
    )
  }
}

/**
 * Runs an export to shared books after pulling what they hold (refused, saying why, when they do
 * not answer); when another PC committed first, pulls what it committed and runs again (a new
 * plan, a new batch), telling `onPlannedAgain`. Gives up after a few rounds.
 */
export async function exportPlanningAgain<T>(
  run: () => Promise<T>,
  pull: () => Promise<unknown>,
  onPlannedAgain: (message: string) => void,
  rounds = 3,
): Promise<T> {
  await pullOrRefuse(pull)
  for (let round = 1; ; round++) {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof ExportedElsewhereError) || round >= rounds) throw error
      await pull()
      onPlannedAgain(PLANNED_AGAIN)
    }
  }
}
