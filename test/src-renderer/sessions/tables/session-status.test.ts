import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import {
  loadShownSessions,
  loadShownStatus,
} from '../../../../src-renderer/sessions/tables/session-status'
import { sessionLabel } from '../../../../src-renderer/format/session-label'
import { makeBill } from '../../../support/bill-factory'

const HOUR = 3_600_000
const MORNING = Date.UTC(2026, 10, 20, 1, 0)

function emptyCache(): TillDatabase {
  return new TillDatabase(`till-session-status-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
}

const written = (db: TillDatabase, bills: Bill[]): Promise<unknown> =>
  writeBills(db, {
    bills,
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: MORNING,
  })

describe('the shown status of a session', () => {
  // A session the cache holds as open, with no bill of its own yet.
  const open = {
    id: 'S',
    locationId: '101',
    businessDate: '2026-11-20',
    status: 'open' as const,
    openedAt: MORNING,
    firstActivityAt: MORNING,
  }

  it('is Open while it can still be trading', async () => {
    const db = emptyCache()
    expect(await loadShownStatus(db, open, MORNING + 11 * HOUR)).toBe('open')
    await written(db, [makeBill({ id: 'A1', session: 'A', lines: [100], at: MORNING + 2 * HOUR })])
    const a = (await db.sessions.get('A'))!
    expect(await loadShownStatus(db, a, MORNING + 13 * HOUR)).toBe('open')
    db.close()
  })

  it('is Closed (no close event) once a later session of its location started', async () => {
    const db = emptyCache()
    await written(db, [
      makeBill({ id: 'A1', session: 'A', lines: [100], at: MORNING + 2 * HOUR }),
      makeBill({ id: 'B1', session: 'B', lines: [100], at: MORNING + 3 * HOUR }),
    ])
    const a = (await db.sessions.get('A'))!
    expect(await loadShownStatus(db, a, MORNING + 3 * HOUR)).toBe('closed-no-event')
    db.close()
  })

  it('is Closed (no close event) after 12 hours without a bill', async () => {
    const db = emptyCache()
    await written(db, [makeBill({ id: 'A1', session: 'A', lines: [100], at: MORNING + 2 * HOUR })])
    const a = (await db.sessions.get('A'))!
    expect(await loadShownStatus(db, a, MORNING + 14 * HOUR - 1)).toBe('open')
    expect(await loadShownStatus(db, a, MORNING + 14 * HOUR)).toBe('closed-no-event')
    expect(await loadShownStatus(db, open, MORNING + 12 * HOUR)).toBe('closed-no-event')
    db.close()
  })

  it('keeps a status the cache knows for sure', async () => {
    const db = emptyCache()
    const later = MORNING + 99 * HOUR
    expect(await loadShownStatus(db, { ...open, status: 'closed' }, later)).toBe('closed')
    expect(await loadShownStatus(db, { ...open, status: 'reconciled' }, later)).toBe('reconciled')
    db.close()
  })
})

describe('the shown status from the cache', () => {
  let db: TillDatabase
  const write = (bills: Bill[]): Promise<unknown> =>
    writeBills(db, {
      bills,
      quarantined: [],
      detailPriority: 1,
      timeZone: 'Asia/Jakarta',
      now: MORNING,
    })

  beforeEach(() => {
    db = new TillDatabase('till-session-status-test', {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
  })

  it('reads the newest bill and a later session of the same location', async () => {
    await write([
      makeBill({ id: 'A1', session: 'A', lines: [100], at: MORNING }),
      makeBill({ id: 'A2', session: 'A', lines: [100], at: MORNING + 5 * HOUR }),
    ])
    const a = async () => (await db.sessions.get('A'))!
    expect(await loadShownStatus(db, await a(), MORNING + 16 * HOUR)).toBe('open')
    expect(await loadShownStatus(db, await a(), MORNING + 17 * HOUR)).toBe('closed-no-event')

    // A session of another location says nothing about this one.
    await write([
      {
        ...makeBill({ id: 'X1', session: 'X', lines: [1], at: MORNING + 6 * HOUR }),
        locationId: '202',
      },
    ])
    expect(await loadShownStatus(db, await a(), MORNING + 7 * HOUR)).toBe('open')

    await write([makeBill({ id: 'B1', session: 'B', lines: [100], at: MORNING + 6 * HOUR })])
    expect(await loadShownStatus(db, await a(), MORNING + 7 * HOUR)).toBe('closed-no-event')
    expect(await loadShownStatus(db, (await db.sessions.get('B'))!, MORNING + 7 * HOUR)).toBe(
      'open',
    )

    await closeSession(db, {
      id: 'B',
      locationId: '101',
      openedAt: MORNING + 6 * HOUR,
      closedAt: MORNING + 8 * HOUR,
      openingCash: 0,
      timeZone: 'Asia/Jakarta',
    })
    expect(await loadShownStatus(db, (await db.sessions.get('B'))!, MORNING + 9 * HOUR)).toBe(
      'closed',
    )
  })
})

describe('sessions listed together', () => {
  it('each take the status the rule gives it alone, and one over without a close never reads "open"', async () => {
    const db = emptyCache()
    await written(db, [
      makeBill({ id: 'A1', session: 'A', lines: [100], at: MORNING + 2 * HOUR }),
      makeBill({ id: 'B1', session: 'B', lines: [100], at: MORNING + 3 * HOUR }),
      {
        ...makeBill({ id: 'X1', session: 'X', lines: [1], at: MORNING + 1 * HOUR }),
        locationId: '202',
      },
    ])
    const sessions = await db.sessions.toArray()
    expect(sessions.map((s) => s.status)).toEqual(['open', 'open', 'open'])
    for (const now of [MORNING + 4 * HOUR, MORNING + 13 * HOUR, MORNING + 16 * HOUR]) {
      const listed = await loadShownSessions(db, sessions, now)
      const alone = await Promise.all(sessions.map((s) => loadShownStatus(db, s, now)))
      expect(listed.map((s) => s.status)).toEqual(alone)
    }
    const [a] = await loadShownSessions(db, sessions, MORNING + 4 * HOUR)
    expect(a).toMatchObject({ id: 'A', status: 'closed-no-event' })
    expect(sessionLabel(a!, 'Asia/Jakarta', 'Kemang')).toMatch(/–close not recorded$/)
    db.close()
  })
})
