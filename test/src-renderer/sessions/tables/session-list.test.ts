import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeAll, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { loadShownStatus } from '../../../../src-renderer/sessions/tables/session-status'
import {
  countNeedingCount,
  listSessions,
} from '../../../../src-renderer/sessions/tables/session-list'
import { makeBill } from '../../../support/bill-factory'

const HOUR = 3_600_000
const ZONE = 'Asia/Jakarta'
/** 00:00 of 19 November 2026 in Jakarta (UTC+7). */
const DAY1 = Date.UTC(2026, 10, 18, 17, 0)
const DAY2 = DAY1 + 24 * HOUR
const NOW = DAY2 + 11 * HOUR

const sale = (id: string, session: string, location: string, at: number) => ({
  ...makeBill({ id, session, lines: [1000], at, payments: [{ method: 'cash', amount: 1000 }] }),
  locationId: location,
})

/**
 * Two days at two locations. 101: A and B on day 1, D trading on day 2. 102: C on day 1, E closed
 * by its close event on day 2, F reconciled.
 */
async function shop(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-session-list-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await writeBills(db, {
    bills: [
      sale('a', 'A', '101', DAY1 + 9 * HOUR),
      sale('b', 'B', '101', DAY1 + 15 * HOUR),
      sale('c', 'C', '102', DAY1 + 10 * HOUR),
      sale('d', 'D', '101', DAY2 + 9 * HOUR),
      sale('e', 'E', '102', DAY2 + 8 * HOUR),
      sale('f', 'F', '102', DAY2 + 10 * HOUR),
    ],
    quarantined: [],
    detailPriority: 1,
    timeZone: ZONE,
    now: NOW,
  })
  await closeSession(db, {
    id: 'E',
    locationId: '102',
    openedAt: DAY2 + 8 * HOUR,
    closedAt: DAY2 + 9 * HOUR,
    openingCash: 0,
    timeZone: ZONE,
  })
  await db.sessions.update('F', { status: 'reconciled' })
  return db
}

const ids = (sessions: { id: string }[]) => sessions.map((s) => s.id)

describe('the Sessions list’s filters', () => {
  let db: TillDatabase
  beforeAll(async () => {
    db = await shop()
  })
  const all = { location: '', range: null, needsCounting: false }

  it('lists a range of business dates, of one location or all, newest first', async () => {
    const day1 = { from: '2026-11-19', to: '2026-11-19' }
    expect(new Set(ids(await listSessions(db, { ...all, range: day1 }, 60, NOW)))).toEqual(
      new Set(['A', 'B', 'C']),
    )
    expect(ids(await listSessions(db, { ...all, location: '101' }, 60, NOW))).toEqual([
      'D',
      expect.any(String),
      expect.any(String),
    ])
    expect(await listSessions(db, { ...all, range: day1, location: '102' }, 60, NOW)).toHaveLength(
      1,
    )
    expect(await listSessions(db, all, 2, NOW)).toHaveLength(2)
  })

  it('needs counting: exactly the sessions shown closed (with or without a close event)', async () => {
    const needs = ids(await listSessions(db, { ...all, needsCounting: true }, 60, NOW))
    expect(new Set(needs)).toEqual(new Set(['A', 'B', 'C', 'E']))
    // The same as asking the status rule about each session on its own.
    const every = await db.sessions.toArray()
    const shown = await Promise.all(every.map((s) => loadShownStatus(db, s, NOW)))
    const closed = every.filter((_, i) => shown[i] === 'closed' || shown[i] === 'closed-no-event')
    expect(new Set(needs)).toEqual(new Set(ids(closed)))
  })

  it('counts what needs counting in a range, and a reconciled session drops out', async () => {
    const today = { from: '2026-11-20', to: '2026-11-20' }
    expect(await countNeedingCount(db, null, NOW)).toBe(4)
    expect(await countNeedingCount(db, today, NOW)).toBe(1)
    // Twelve quiet hours later, D is over too.
    expect(await countNeedingCount(db, today, DAY2 + 21 * HOUR)).toBe(2)
    await db.sessions.update('E', { status: 'reconciled' })
    expect(await countNeedingCount(db, today, NOW)).toBe(0)
    expect(
      ids(await listSessions(db, { location: '102', range: null, needsCounting: true }, 60, NOW)),
    ).toEqual(['C'])
  })
})
