import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Bill } from '../../src-shared/domain/records'
import { TillDatabase } from '../../src-renderer/cache/database'
import { closeSession, writeBills } from '../../src-renderer/cache/writes'
import { loadShownStatus, shownStatus } from '../../src-renderer/cache/session-status'
import { makeBill } from './bill-factory'

const HOUR = 3_600_000
const MORNING = Date.UTC(2026, 10, 20, 1, 0)

describe('the shown status of a session', () => {
  const open = { status: 'open' as const, openedAt: MORNING, firstActivityAt: MORNING }
  const quiet = { laterSessionStarted: false, lastBillAt: MORNING + 2 * HOUR }

  it('is Open while it can still be trading', () => {
    expect(shownStatus(open, { ...quiet, now: MORNING + 13 * HOUR })).toBe('open')
    expect(shownStatus(open, { ...quiet, lastBillAt: null, now: MORNING + 11 * HOUR })).toBe('open')
  })

  it('is Closed (no close event) once a later session of its location started', () => {
    expect(
      shownStatus(open, { ...quiet, laterSessionStarted: true, now: MORNING + 3 * HOUR }),
    ).toBe('closed-no-event')
  })

  it('is Closed (no close event) after 12 hours without a bill', () => {
    expect(shownStatus(open, { ...quiet, now: MORNING + 14 * HOUR - 1 })).toBe('open')
    expect(shownStatus(open, { ...quiet, now: MORNING + 14 * HOUR })).toBe('closed-no-event')
    expect(shownStatus(open, { ...quiet, lastBillAt: null, now: MORNING + 12 * HOUR })).toBe(
      'closed-no-event',
    )
  })

  it('keeps a status the cache knows for sure', () => {
    const evidence = { laterSessionStarted: true, lastBillAt: null, now: MORNING + 99 * HOUR }
    expect(shownStatus({ ...open, status: 'closed' }, evidence)).toBe('closed')
    expect(shownStatus({ ...open, status: 'reconciled' }, evidence)).toBe('reconciled')
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
