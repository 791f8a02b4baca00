import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { noteSyncSuccess } from '../../../../src-renderer/sync/tables/checkpoints'
import { writeBills } from '../../../../src-renderer/sync/tables/writes'
import { loadDay, loadLocationDay } from '../../../../src-renderer/day-close/tables/load-day'
import { countWithFloat } from '../../../support/counted-session'
import { makeBill } from '../../../support/bill-factory'

const HOUR = 3_600_000
const ZONE = 'Asia/Jakarta'
/** 08:00 of 20 November 2026 in Jakarta. */
const MORNING = Date.UTC(2026, 10, 20, 1, 0)
const DATE = '2026-11-20'

describe('a location’s day beside the others', () => {
  it('adds up its sessions as its day close does, with the counts that stand', async () => {
    const db = new TillDatabase(`till-load-day-${Math.random()}`, {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    // Two sessions of 101, neither opening known: the first is over once the second started.
    await writeBills(db, {
      bills: [
        makeBill({
          id: 'A',
          session: 'S1',
          lines: [3000],
          at: MORNING,
          payments: [{ method: 'cash', amount: 3000 }],
        }),
        makeBill({
          id: 'B',
          session: 'S2',
          lines: [2000],
          at: MORNING + 6 * HOUR,
          payments: [{ method: 'cash', amount: 2000 }],
        }),
      ],
      quarantined: [],
      detailPriority: 1,
      timeZone: ZONE,
      now: MORNING + 7 * HOUR,
    })
    await noteSyncSuccess(db, 'bills', MORNING + 7 * HOUR)
    // Counted with an opening float of 1,000 recorded: 4,100 against 4,000 expected.
    const seen = await countWithFloat(db, {
      sessionId: 'S1',
      float: 1000,
      floatAt: MORNING,
      countedCash: 4100,
      now: MORNING + 7 * HOUR,
    })
    expect(seen).toMatchObject({ openingCash: 1000, expectedCash: 4000 })

    const line = await loadLocationDay(db, '101', DATE)
    // One of two counted: the count so far, and no variance for the day until both are.
    expect(line.counts).toEqual({ sessions: 2, counted: 1, countedCash: 4100, cashVariance: null })
    expect(line.figures.expectedCash).toBe(4000 + 2000)
    const day = await loadDay(db, '101', DATE, ZONE, MORNING + 7 * HOUR)
    expect(line.figures).toEqual(day.total)
    expect(line.incomplete).toBe(false)
  })
})
