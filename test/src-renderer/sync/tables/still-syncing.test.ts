import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { noteSyncSuccess, readCheckpoint } from '../../../../src-renderer/sync/tables/checkpoints'
import { loadRecordsSynced, stillSyncing } from '../../../../src-renderer/sync/tables/still-syncing'

const COVERED = Date.UTC(2026, 10, 19)
const HOUR = 3_600_000
const opened = (at: number | null, firstActivityAt: number | null = at) => ({
  openedAt: at,
  firstActivityAt,
})

describe('whether a session’s figures are whole', () => {
  it('before the recent changes are in, not before a first sync has run to its end', () => {
    const none = { firstSyncDone: false, coveredFrom: null }
    expect(stillSyncing(0, none, opened(COVERED + HOUR))).toBe(true)
    expect(stillSyncing(0, { ...none, firstSyncDone: true }, opened(COVERED - HOUR))).toBe(false)
  })

  it('a session opened since the cover is whole while older ones wait for the history', () => {
    const recentIn = { firstSyncDone: false, coveredFrom: COVERED }
    expect(stillSyncing(0, recentIn, opened(COVERED))).toBe(false)
    expect(stillSyncing(0, recentIn, opened(COVERED - 1))).toBe(true)
    // The close event's opening stands over the earliest activity seen.
    expect(stillSyncing(0, recentIn, opened(COVERED - HOUR, COVERED + HOUR))).toBe(true)
    expect(stillSyncing(0, recentIn, opened(null, null))).toBe(true)
  })

  it('without a close event, only a session first seen a day into the cover is whole', () => {
    // First seen just after the cover began, it may be a shift that crossed midnight.
    const recentIn = { firstSyncDone: false, coveredFrom: COVERED }
    expect(stillSyncing(0, recentIn, opened(null, COVERED + HOUR))).toBe(true)
    expect(stillSyncing(0, recentIn, opened(null, COVERED + 24 * HOUR - 1))).toBe(true)
    expect(stillSyncing(0, recentIn, opened(null, COVERED + 24 * HOUR))).toBe(false)
  })

  it('not while some of its bills are list summaries', () => {
    expect(stillSyncing(1, { firstSyncDone: true, coveredFrom: COVERED }, opened(COVERED))).toBe(
      true,
    )
  })

  const fresh = () =>
    new TillDatabase(`till-still-syncing-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })

  it('read from the cache: a sync that ended well on either area', async () => {
    const db = fresh()
    expect(await loadRecordsSynced(db)).toEqual({ firstSyncDone: false, coveredFrom: null })
    await noteSyncSuccess(db, 'bills', Date.UTC(2026, 10, 20))
    expect(await loadRecordsSynced(db)).toMatchObject({ firstSyncDone: true })
    // An install without the bills scope still ends its runs, on expenses alone.
    const expensesOnly = fresh()
    await noteSyncSuccess(expensesOnly, 'expenses', Date.UTC(2026, 10, 20))
    expect(await loadRecordsSynced(expensesOnly)).toMatchObject({ firstSyncDone: true })
  })

  it('read from the cache: covered from the later of the two areas’ covers, once both have one', async () => {
    const db = fresh()
    const cover = async (key: 'bills' | 'expenses', at: number) =>
      db.checkpoints.put({ ...(await readCheckpoint(db, key)), coveredFrom: at })
    await cover('bills', COVERED)
    expect((await loadRecordsSynced(db)).coveredFrom).toBeNull()
    await cover('expenses', COVERED + HOUR)
    expect((await loadRecordsSynced(db)).coveredFrom).toBe(COVERED + HOUR)
  })
})
