import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { noteSyncSuccess } from '../../../../src-renderer/sync/tables/checkpoints'
import { loadRecordsSynced, stillSyncing } from '../../../../src-renderer/sync/tables/still-syncing'

describe('whether a session’s figures are whole', () => {
  it('not before a first sync has run to its end, whatever the session', () => {
    expect(stillSyncing(0, { firstSyncDone: false })).toBe(true)
    expect(stillSyncing(0, { firstSyncDone: true })).toBe(false)
  })

  it('not while some of its bills are list summaries', () => {
    expect(stillSyncing(1, { firstSyncDone: true })).toBe(true)
  })

  it('read from the cache: a sync that ended well on either area', async () => {
    const fresh = () =>
      new TillDatabase(`till-still-syncing-${Math.random()}`, {
        indexedDB: new IDBFactory(),
        IDBKeyRange,
      })
    const db = fresh()
    expect(await loadRecordsSynced(db)).toEqual({ firstSyncDone: false })
    await noteSyncSuccess(db, 'bills', Date.UTC(2026, 10, 20))
    expect(await loadRecordsSynced(db)).toEqual({ firstSyncDone: true })
    // An install without the bills scope still ends its runs, on expenses alone.
    const expensesOnly = fresh()
    await noteSyncSuccess(expensesOnly, 'expenses', Date.UTC(2026, 10, 20))
    expect(await loadRecordsSynced(expensesOnly)).toEqual({ firstSyncDone: true })
  })
})
