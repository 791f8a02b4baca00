import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { RegisterSession } from '../../../../src-renderer/database/cached-records'
import {
  dayCloseStart,
  keepDayCloseChoice,
} from '../../../../src-renderer/day-close/tables/day-close-choice'

const NOW = Date.UTC(2026, 11, 7, 12, 0)
const HOUR = 3600_000

let db: TillDatabase
beforeEach(() => {
  db = new TillDatabase(`till-day-close-choice-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
})
afterEach(() => db.close())

function session(
  id: string,
  locationId: string,
  businessDate: string,
  status: RegisterSession['status'],
): RegisterSession {
  const at = Date.parse(`${businessDate}T02:00:00Z`)
  return {
    id,
    locationId,
    businessDate,
    openedAt: at,
    closedAt: status === 'open' ? null : at + 8 * HOUR,
    openingCash: null,
    firstActivityAt: at,
    status,
  }
}

it('opens on the newest session still to count, not on a session still trading', async () => {
  await db.sessions.bulkPut([
    // Trading today at 101 (no close): not tonight's work yet.
    { ...session('T', '101', '2026-12-07', 'open'), openedAt: NOW - HOUR, firstActivityAt: NOW },
    session('Y', '102', '2026-12-06', 'closed'),
    session('Z', '101', '2026-12-06', 'reconciled'),
    session('W', '101', '2026-12-05', 'closed'),
  ])
  expect(await dayCloseStart(db, NOW)).toEqual({ locationId: '102', businessDate: '2026-12-06' })

  // This PC counts at 101: its evening opens there, on the newest day it has left to count.
  await keepDayCloseChoice(db, { locationId: '101', businessDate: '2026-12-07' }, NOW - 20 * HOUR)
  expect(await dayCloseStart(db, NOW)).toEqual({ locationId: '101', businessDate: '2026-12-05' })

  // Chosen this evening: leaving the screen or a reload opens it as it was.
  await keepDayCloseChoice(db, { locationId: '102', businessDate: '2026-12-04' }, NOW - HOUR)
  expect(await dayCloseStart(db, NOW)).toEqual({ locationId: '102', businessDate: '2026-12-04' })
})

it('opens at the location kept on its latest day once nothing is left to count', async () => {
  await db.sessions.bulkPut([session('Z', '101', '2026-12-06', 'reconciled')])
  expect(await dayCloseStart(db, NOW)).toEqual({ locationId: null, businessDate: null })
  await keepDayCloseChoice(db, { locationId: '', businessDate: '2026-12-01' }, NOW - 20 * HOUR)
  expect(await dayCloseStart(db, NOW)).toEqual({ locationId: '', businessDate: null })
})
