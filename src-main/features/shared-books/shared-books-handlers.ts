import type { ChannelHandlers } from '../../bridge/dispatcher'
import type { ChannelName } from '../../../src-shared/bridge/contract'
import type { SharedBooks } from './shared-books-service'
import {
  appendExport,
  appendStaged,
  exportLog,
  history,
  pull,
  push,
  stagePart,
  storeInfo,
} from './store-operations'

type SharedBooksChannels = Extract<ChannelName, `sharedBooks.${string}`>

/** The shared-books channels (docs/shared-books.md#what-the-renderer-sees). */
export function sharedBooksHandlers({
  sharedBooks,
}: {
  sharedBooks: SharedBooks
}): Pick<ChannelHandlers, SharedBooksChannels> {
  return {
    'sharedBooks.settings.get': ({ profileId }) => sharedBooks.view(profileId),
    'sharedBooks.settings.save': ({ profileId, url, password }) =>
      sharedBooks.save(profileId, url, password),
    'sharedBooks.test': ({ profileId, url, password }) =>
      sharedBooks.test(profileId, url, password),
    'sharedBooks.join': ({ profileId, storeId }) => sharedBooks.join(profileId, storeId),
    'sharedBooks.rename': ({ profileId, pcName }) => sharedBooks.rename(profileId, pcName),
    'sharedBooks.leave': ({ profileId }) => sharedBooks.leave(profileId),
    'sharedBooks.status': ({ profileId }) => sharedBooks.status(profileId),
    'sharedBooks.info': ({ profileId, storeId }) =>
      sharedBooks.run(profileId, (pool) => storeInfo(pool, storeId)),
    'sharedBooks.pull': ({ profileId, storeId, since, limit }) =>
      sharedBooks.run(profileId, (pool) => pull(pool, storeId, since, limit)),
    'sharedBooks.push': async ({ profileId, storeId, by, changes }) => ({
      results: await sharedBooks.run(profileId, (pool) => push(pool, storeId, by, changes), true),
    }),
    'sharedBooks.appendExport': ({ profileId, storeId, ...append }) =>
      sharedBooks.run(profileId, (pool) => appendExport(pool, storeId, append), true),
    'sharedBooks.stagePart': async ({ profileId, storeId, uploadId, part, text }) => {
      await sharedBooks.run(
        profileId,
        (pool) => stagePart(pool, storeId, uploadId, part, text),
        true,
      )
      return {}
    },
    'sharedBooks.appendStaged': async ({ profileId, storeId, uploadId, parts, by }) => ({
      results: await sharedBooks.run(
        profileId,
        (pool) => appendStaged(pool, storeId, uploadId, parts, by),
        true,
      ),
    }),
    'sharedBooks.history': async ({ profileId, storeId, limit }) => ({
      items: await sharedBooks.run(profileId, (pool) => history(pool, storeId, limit)),
    }),
    'sharedBooks.exportLog': async ({ profileId, storeId, destinationId, afterSeq }) => ({
      entries: await sharedBooks.run(profileId, (pool) =>
        exportLog(pool, storeId, destinationId, afterSeq),
      ),
    }),
  }
}
