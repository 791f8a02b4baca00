import type { TillDatabase } from '../../../src-renderer/database/database'
import { markJoined } from '../../../src-renderer/shared-books/tables/shared-outbox'
import { SharedBooksSync } from '../../../src-renderer/shared-books/jobs/shared-books-sync'
import type { TillBridge } from '../../../src-renderer/bridge/bridge-client'
import type { FakeBooks } from './fake-books'

/**
 * PCs of one shop joined to the same books: each a cache made by `cache`, marked joined to
 * store-1, with its own SharedBooksSync (over `books.bridge()` unless a test gives another).
 * Call `closeAll` after each test: it stops the syncs and closes the caches.
 */
export function joinedPcs(cache: () => Promise<TillDatabase>) {
  const opened: TillDatabase[] = []
  const syncs: SharedBooksSync[] = []
  return {
    async join(books: FakeBooks, pcName: string, bridge: TillBridge = books.bridge()) {
      const db = await cache()
      opened.push(db)
      await markJoined(db, 'store-1')
      const sync = new SharedBooksSync(db, bridge, { profileId: 'p1', storeId: 'store-1', pcName })
      syncs.push(sync)
      return { db, sync }
    },
    closeAll(): void {
      syncs.splice(0).forEach((s) => s.stop())
      opened.splice(0).forEach((db) => db.close())
    },
  }
}
