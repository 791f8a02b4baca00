import { afterEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  database,
  entriesOf,
  exportTo,
  store,
  type SessionHours,
} from '../../../support/exports/cached-shop'
import { payment, sale, T0 } from '../../../support/exports/fixtures'
import type { Shop } from '../../../support/exports/shop'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * An export of a range holds exactly the entries dated inside it (docs/ledger.md#entry-dates):
 * a late payment on an earlier day's bill goes into the file of the day it was taken, not the
 * bill's; a reversal after its session closed into the file of the day it was made.
 */

const DAY = 86_400_000
const HOUR = 3_600_000

const SESSIONS = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'].map((date, i) => ({
  id: `s${i + 1}`,
  locationId: 'loc1',
  businessDate: date,
}))

/** Session n opens at 08:00 in Jakarta on its day and closes at 22:00. */
const HOURS: SessionHours = (s) => {
  const n = Number(s.id.slice(1)) - 1
  return { openedAt: T0 - 2 * HOUR + n * DAY, closedAt: T0 + 12 * HOUR + n * DAY }
}

/** Sale b1 on 20 Nov, paid 1000 by card then, and the other 500 in cash the next day. */
function lateShop(reversedAt: number | null = null): Shop {
  return {
    currency: 'USD',
    sessions: SESSIONS,
    bills: [
      sale({
        payments: [
          payment('p1', 'card', 1000, { reversedAt }),
          payment('p2', 'cash', 500, { registerSessionId: 's2', createdAt: T0 + DAY }),
        ],
      }),
    ],
    expenses: [],
  }
}

const day = (date: string) => ({ from: date, to: date, locationId: '' })

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function exportDay(
  database: TillDatabase,
  date: string,
): Promise<{ id: string; date: string }[]> {
  const batch = await exportTo(database, 'journal-csv', day(date), EMPTY_MAPPING, 'USD')
  return (await entriesOf(database, batch)).map(({ id, date }) => ({ id, date }))
}

describe('entries by the date they carry, exported day by day per bill', () => {
  it("posts a late payment in the file of the day it was taken, not in its bill's", async () => {
    db = database()
    await store(db, lateShop(), HOURS)
    expect(await exportDay(db, '2026-11-20')).toEqual([{ id: 'b1', date: '2026-11-20' }])
    expect(await exportDay(db, '2026-11-21')).toEqual([{ id: 'payment:p2', date: '2026-11-21' }])
    expect(await exportDay(db, '2026-11-22')).toEqual([])
  })

  it('posts a reversal made after its session closed in the file of the day it was made', async () => {
    db = database()
    await store(db, lateShop(), HOURS)
    expect((await exportDay(db, '2026-11-20')).map((e) => e.id)).toEqual(['b1'])
    await store(db, lateShop(T0 + 3 * DAY), HOURS)
    expect(await exportDay(db, '2026-11-20')).toEqual([])
    expect(await exportDay(db, '2026-11-21')).toEqual([{ id: 'payment:p2', date: '2026-11-21' }])
    expect(await exportDay(db, '2026-11-22')).toEqual([])
    expect(await exportDay(db, '2026-11-23')).toEqual([
      { id: 'payment:p1:reversal', date: '2026-11-23' },
    ])
  })
})

describe('a payment of no session, which no index finds by its date', () => {
  it('goes with its bill: the export of the bill’s day posts it, dated the day it was taken, once', async () => {
    db = database()
    const shop = lateShop()
    const late = payment('p2', 'cash', 500, { registerSessionId: null, createdAt: T0 + DAY })
    const bill = { ...shop.bills[0]!, payments: [shop.bills[0]!.payments[0]!, late] }
    await store(db, { ...shop, bills: [bill] }, HOURS)
    expect(await exportDay(db, '2026-11-20')).toEqual([
      { id: 'b1', date: '2026-11-20' },
      { id: 'payment:p2', date: '2026-11-21' },
    ])
    expect(await exportDay(db, '2026-11-21')).toEqual([])
    expect(await exportDay(db, '2026-11-20')).toEqual([])
  })
})
