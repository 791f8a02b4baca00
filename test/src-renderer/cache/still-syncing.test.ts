import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../src-renderer/cache/database'
import { writeBills } from '../../../src-renderer/cache/writes'
import { dayCloseFigures } from '../../../src-renderer/domain/ledger/day-close'
import { loadSessionInputs } from '../../../src-renderer/cache/load-session'
import { loadBillsSynced, stillSyncing } from '../../../src-renderer/cache/still-syncing'
import { makeBill } from '../../support/bill-factory'

const HOUR = 3_600_000
const MORNING = Date.UTC(2026, 10, 20, 1, 0)

describe('whether a session’s figures are whole', () => {
  const session = { openedAt: null, firstActivityAt: MORNING + HOUR }
  const synced = { backfillDone: false, oldestSyncedAt: MORNING + 2 * HOUR }

  it('not while the first sync has not read back to the session’s start', () => {
    expect(stillSyncing(session, 0, synced)).toBe(true)
    expect(stillSyncing(session, 0, { ...synced, oldestSyncedAt: MORNING + HOUR })).toBe(true)
    expect(stillSyncing(session, 0, { ...synced, oldestSyncedAt: MORNING })).toBe(false)
    expect(stillSyncing(session, 0, { ...synced, backfillDone: true })).toBe(false)
  })

  it('not while some of its bills are list summaries', () => {
    expect(stillSyncing(session, 1, { backfillDone: true, oldestSyncedAt: MORNING })).toBe(true)
  })

  it('read from the cache: a session whose sales are behind the first sync’s frontier', async () => {
    const db = new TillDatabase('till-still-syncing-test', {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    // Newest first: the evening's refund of a sale is in, the morning's sale is not yet.
    const refund = makeBill({
      id: 'R',
      type: 'refund',
      parent: 'A',
      session: 'S',
      lines: [900],
      at: MORNING + 9 * HOUR,
    })
    await writeBills(db, {
      bills: [refund],
      quarantined: [],
      detailPriority: 1,
      timeZone: 'Asia/Jakarta',
      now: MORNING + 10 * HOUR,
    })
    const s = (await db.sessions.get('S'))!
    const partial = dayCloseFigures(await loadSessionInputs(db, s))
    expect(partial.netSales).toBe(-900)
    expect(stillSyncing(s, partial.billsAwaitingDetail, await loadBillsSynced(db))).toBe(true)

    await db.checkpoints.put({
      key: 'bills',
      backfillPage: null,
      backfillDone: true,
      cursor: null,
      cursorPage: 1,
      lastSuccessAt: MORNING + 10 * HOUR,
    })
    expect(await loadBillsSynced(db)).toEqual({
      backfillDone: true,
      oldestSyncedAt: MORNING + 9 * HOUR,
    })
    expect(stillSyncing(s, 0, await loadBillsSynced(db))).toBe(false)
  })
})
