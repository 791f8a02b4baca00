import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { expense } from '../../../support/exports/fixtures'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * A session that can still be trading is held back, with its bills, payments and expenses, and
 * posted by the first export after it closes; a bookkeeper may include it.
 */

const ZONE = 'Asia/Jakarta'
const DAY = Date.UTC(2026, 10, 20, 3, 0) // 10:00 on 20 Nov in Jakarta
const HOUR = 3_600_000
const RANGE = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

let db: TillDatabase | undefined
afterEach(() => db?.close())

/** Location 101 still trading in session S (bill A, an expense); location 102's K closed. */
async function shopWithOpenSession(): Promise<TillDatabase> {
  const cache = new TillDatabase(`till-open-sessions-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const pay = [{ method: 'cash' as const, amount: 5000 }]
  await writeBills(cache, {
    bills: [
      makeBill({ id: 'A', session: 'S', lines: [5000], payments: pay }),
      { ...makeBill({ id: 'K1', session: 'K', lines: [5000], payments: pay }), locationId: '102' },
    ],
    quarantined: [],
    detailPriority: 1,
    timeZone: ZONE,
    now: DAY,
  })
  await cache.expenses.put(expense({ id: 'E', locationId: '101', registerSessionId: 'S' }))
  await closeSession(cache, {
    id: 'K',
    locationId: '102',
    openedAt: DAY - HOUR,
    closedAt: DAY + HOUR,
    openingCash: 0,
    timeZone: ZONE,
  })
  return cache
}

async function exported(cache: TillDatabase, at: number, includeOpen = false): Promise<string[]> {
  const text = await collectText(
    runExport({
      db: cache,
      what: 'journal-csv',
      range: RANGE,
      mapping: EMPTY_MAPPING,
      timeZone: ZONE,
      currency: 'USD',
      includeOpen,
      now: () => new Date(at),
    }),
  )
  return [...new Set(parseCsvFile(text).map((row) => row['entry_id']!))].sort()
}

describe('an export with a session still trading', () => {
  it('holds the session back and posts it with the first export after it closes', async () => {
    db = await shopWithOpenSession()
    expect(await exported(db, DAY + 2 * HOUR)).toEqual(['K1'])
    await closeSession(db, {
      id: 'S',
      locationId: '101',
      openedAt: DAY - HOUR,
      closedAt: DAY + 3 * HOUR,
      openingCash: 0,
      timeZone: ZONE,
    })
    expect(await exported(db, DAY + 4 * HOUR)).toEqual(['A', 'expense:E'])
  })

  it('posts the open session when the bookkeeper includes it', async () => {
    db = await shopWithOpenSession()
    expect(await exported(db, DAY + 2 * HOUR, true)).toEqual(['A', 'K1', 'expense:E'])
  })
})
