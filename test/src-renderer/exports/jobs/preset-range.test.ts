import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { presetRange } from '../../../../src-renderer/exports/jobs/preset-range'
import { makeBill } from '../../../support/bill-factory'

const ZONE = 'Asia/Jakarta'
const HOUR = 3_600_000
const DAY = Date.UTC(2026, 10, 20, 3, 0) // 10:00 on Fri 20 Nov in Jakarta
const MONDAY = 1

let db: TillDatabase | undefined
afterEach(() => db?.close())

it('last closed day is the latest day whose sessions have all closed, at the chosen location', async () => {
  db = new TillDatabase(`till-preset-range-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const bills = [
    makeBill({ id: 'K1', session: 'K', lines: [5000], at: DAY }),
    {
      ...makeBill({ id: 'L1', session: 'L', lines: [5000], at: DAY + 24 * HOUR }),
      locationId: '102',
    },
    makeBill({ id: 'S1', session: 'S', lines: [5000], at: DAY + 24 * HOUR }),
  ]
  await writeBills(db, { bills, quarantined: [], detailPriority: 1, timeZone: ZONE, now: DAY })
  for (const [id, locationId, at] of [
    ['K', '101', DAY],
    ['L', '102', DAY + 24 * HOUR],
  ] as const)
    await closeSession(db, {
      id,
      locationId,
      openedAt: at - HOUR,
      closedAt: at + HOUR,
      openingCash: 0,
      timeZone: ZONE,
    })
  const now = DAY + 26 * HOUR
  // Session S of 21 Nov still trades at 101.
  expect(await presetRange(db, 'last-closed-day', '', now, ZONE, MONDAY)).toEqual({
    from: '2026-11-20',
    to: '2026-11-20',
  })
  expect(await presetRange(db, 'last-closed-day', '102', now, ZONE, MONDAY)).toEqual({
    from: '2026-11-21',
    to: '2026-11-21',
  })
})

it("counts the calendar presets from today in the shop's zone, not the PC's", async () => {
  db = new TillDatabase(`till-preset-range-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  // 18:30 UTC on Sun 22 Nov is already Mon 23 Nov, 01:30, in Jakarta: a new week there.
  const now = Date.UTC(2026, 10, 22, 18, 30)
  expect(await presetRange(db, 'this-week', '', now, ZONE, MONDAY)).toEqual({
    from: '2026-11-23',
    to: '2026-11-23',
  })
  expect(await presetRange(db, 'last-week', '', now, 'UTC', MONDAY)).toEqual({
    from: '2026-11-09',
    to: '2026-11-15',
  })
})
