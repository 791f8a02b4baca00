import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { readDestination } from '../../../../src-renderer/exports/tables/destinations'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { offeredRange } from '../../../../src-renderer/exports/jobs/offered-range'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import type { Bill } from '../../../../src-shared/domain/records'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

const ZONE = 'Asia/Jakarta'
const DAY = Date.UTC(2026, 10, 20, 3, 0) // 10:00 on 20 Nov in Jakarta
const HOUR = 3_600_000

let db: TillDatabase | undefined
afterEach(() => db?.close())

const closed = (id: string, locationId: string, at: number) =>
  closeSession(db!, {
    id,
    locationId,
    openedAt: at - HOUR,
    closedAt: at + HOUR,
    openingCash: 0,
    timeZone: ZONE,
  })

async function cacheOf(bills: Bill[]): Promise<TillDatabase> {
  const cache = new TillDatabase(`till-offered-range-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await writeBills(cache, { bills, quarantined: [], detailPriority: 1, timeZone: ZONE, now: DAY })
  return cache
}

const at102 = (bill: Bill): Bill => ({ ...bill, locationId: '102' })

async function exportDay(date: string, now: number): Promise<void> {
  await collectText(
    runExport({
      db: db!,
      what: 'journal-csv',
      range: { from: date, to: date, locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: ZONE,
      currency: 'USD',
      now: () => new Date(now),
    }),
  )
}

const offeredAt = async (now: number, locationId = '') =>
  offeredRange(db!, await readDestination(db!, 'journal-csv'), locationId, now)

it('offers a destination what it does not hold yet, up to the last day with every session closed', async () => {
  db = await cacheOf([
    at102(makeBill({ id: 'K1', session: 'K', lines: [5000], at: DAY })),
    at102(makeBill({ id: 'L1', session: 'L', lines: [5000], at: DAY + 24 * HOUR })),
    makeBill({ id: 'A', session: 'S', lines: [5000], at: DAY + 24 * HOUR }),
  ])
  await closed('K', '102', DAY)
  await closed('L', '102', DAY + 24 * HOUR)
  const now = DAY + 26 * HOUR

  // 21 Nov is still trading at location 101.
  expect(await offeredAt(now)).toEqual({ from: '2026-11-20', to: '2026-11-20' })
  expect(await offeredAt(now, '102')).toEqual({ from: '2026-11-20', to: '2026-11-21' })
  // A CSV table (no destination) is offered the last closed day.
  expect(await offeredRange(db, undefined, '', now)).toEqual({
    from: '2026-11-20',
    to: '2026-11-20',
  })

  await exportDay('2026-11-20', now)
  await closed('S', '101', DAY + 24 * HOUR)
  expect(await offeredAt(now)).toEqual({ from: '2026-11-21', to: '2026-11-21' })
})

it('starts early enough to take up a session held back once it has closed', async () => {
  db = await cacheOf([
    at102(makeBill({ id: 'K1', session: 'K', lines: [5000], at: DAY })),
    makeBill({ id: 'A', session: 'S', lines: [5000], at: DAY }),
    at102(makeBill({ id: 'L1', session: 'L', lines: [5000], at: DAY + 24 * HOUR })),
  ])
  await closed('K', '102', DAY)
  // 20 Nov is exported while S still trades: K posts, S is held back.
  await exportDay('2026-11-20', DAY + 2 * HOUR)
  await closed('L', '102', DAY + 24 * HOUR)
  expect(await offeredAt(DAY + 2 * HOUR)).toEqual({ from: '2026-11-21', to: '2026-11-21' })

  await closed('S', '101', DAY + 3 * HOUR)
  const now = DAY + 26 * HOUR
  expect(await offeredAt(now)).toEqual({ from: '2026-11-20', to: '2026-11-21' })
  await exportDay('2026-11-20', now)
  expect(await offeredAt(now)).toEqual({ from: '2026-11-21', to: '2026-11-21' })
})
