import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { RegisterSession } from '../../../../src-renderer/database/cached-records'
import {
  markPaperClosed,
  paperClosedThrough,
} from '../../../../src-renderer/sessions/tables/paper-closed'
import { countNeedingCount } from '../../../../src-renderer/sessions/tables/session-list'
import { listSessionRows } from '../../../../src-renderer/sessions/tables/session-rows'

const NOW = Date.UTC(2026, 11, 7, 12, 0)

let db: TillDatabase
beforeEach(() => {
  db = new TillDatabase(`till-paper-closed-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
})
afterEach(() => db.close())

const closed = (id: string, businessDate: string): RegisterSession => {
  const at = Date.parse(`${businessDate}T02:00:00Z`)
  return {
    id,
    locationId: '101',
    businessDate,
    openedAt: at,
    closedAt: at + 8 * 3600_000,
    openingCash: null,
    firstActivityAt: at,
    status: 'closed',
  }
}

it('leaves the days closed on paper out of what is to count, and only those', async () => {
  await db.sessions.bulkPut([
    closed('A', '2026-11-20'),
    closed('B', '2026-11-30'),
    closed('C', '2026-12-01'),
    closed('D', '2026-12-06'),
  ])
  expect(await countNeedingCount(db, null, NOW)).toBe(4)
  await markPaperClosed(db, '2026-11-30')
  expect(await paperClosedThrough(db)).toBe('2026-11-30')
  expect(await countNeedingCount(db, null, NOW)).toBe(2)
  const rows = await listSessionRows(
    db,
    { location: '', range: null, needsCounting: true },
    10,
    NOW,
  )
  expect(rows.map((r) => r.session.id)).toEqual(['D', 'C'])
  // Every session is still listed without the filter: paper is no count.
  const all = await listSessionRows(
    db,
    { location: '', range: null, needsCounting: false },
    10,
    NOW,
  )
  expect(all).toHaveLength(4)

  await markPaperClosed(db, null)
  expect(await countNeedingCount(db, null, NOW)).toBe(4)
  await expect(markPaperClosed(db, '30/11/2026')).rejects.toThrow('is not a date')
})
