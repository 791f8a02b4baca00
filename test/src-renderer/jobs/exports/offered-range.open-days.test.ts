import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/cache/database'
import { readDestination } from '../../../../src-renderer/cache/destinations'
import { closeSession, writeBills } from '../../../../src-renderer/cache/writes'
import { offeredRange } from '../../../../src-renderer/jobs/exports/offered-range'
import { runExport } from '../../../../src-renderer/jobs/exports/run-export'
import { collectText } from '../../../support/exports/collect'
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

it('offers a destination what it does not hold yet, up to the last day with every session closed', async () => {
  db = new TillDatabase(`till-offered-range-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await writeBills(db, {
    bills: [
      { ...makeBill({ id: 'K1', session: 'K', lines: [5000], at: DAY }), locationId: '102' },
      {
        ...makeBill({ id: 'L1', session: 'L', lines: [5000], at: DAY + 24 * HOUR }),
        locationId: '102',
      },
      makeBill({ id: 'A', session: 'S', lines: [5000], at: DAY + 24 * HOUR }),
    ],
    quarantined: [],
    detailPriority: 1,
    timeZone: ZONE,
    now: DAY,
  })
  await closed('K', '102', DAY)
  await closed('L', '102', DAY + 24 * HOUR)
  const now = DAY + 26 * HOUR
  const offered = async (locationId = '') =>
    offeredRange(db!, await readDestination(db!, 'journal-csv'), locationId, now)

  // 21 Nov is still trading at location 101.
  expect(await offered()).toEqual({ from: '2026-11-20', to: '2026-11-20' })
  expect(await offered('102')).toEqual({ from: '2026-11-20', to: '2026-11-21' })
  // A CSV table (no destination) is offered the last closed day.
  expect(await offeredRange(db, undefined, '', now)).toEqual({
    from: '2026-11-20',
    to: '2026-11-20',
  })

  await collectText(
    runExport({
      db,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: ZONE,
      currency: 'USD',
      now: () => new Date(now),
    }),
  )
  await closed('S', '101', DAY + 24 * HOUR)
  expect(await offered()).toEqual({ from: '2026-11-21', to: '2026-11-21' })
})
