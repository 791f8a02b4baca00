import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  lockDestination,
  readDestination,
} from '../../../../src-renderer/exports/tables/destinations'
import { writeBills } from '../../../../src-renderer/sync/tables/writes'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { parseCsvFile } from '../../../support/exports/csv-parse'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/** Nothing is dated inside a destination's locked period; what would be posts on the first open day. */

const ZONE = 'Asia/Jakarta'
const DAY = Date.UTC(2026, 10, 20, 3, 0) // 10:00 on 20 Nov in Jakarta
const LATER = DAY + 48 * 3_600_000 // the session has long stopped trading

let db: TillDatabase | undefined
afterEach(() => db?.close())

const written = (bills: Bill[]) =>
  writeBills(db!, { bills, quarantined: [], detailPriority: 1, timeZone: ZONE, now: LATER })

/** Entry id → date of what an export of 20 Nov writes. */
async function exportedDates(): Promise<Record<string, string>> {
  const text = await collectText(
    runExport({
      db: db!,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: ZONE,
      currency: 'USD',
      now: () => new Date(LATER),
    }),
  )
  return Object.fromEntries(parseCsvFile(text).map((row) => [row['entry_id'], row['date']]))
}

it('dates a change to a locked-period entry, and a record synced late, on the first open day', async () => {
  db = new TillDatabase(`till-lock-date-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const pay = [{ method: 'cash' as const, amount: 5000 }]
  await written([makeBill({ id: 'A', session: 'S', lines: [5000], payments: pay })])
  expect(await exportedDates()).toEqual({ A: '2026-11-20' })

  await lockDestination(db, 'journal-csv', '2026-11-20')
  await written([
    makeBill({
      id: 'A',
      session: 'S',
      lines: [6000],
      payments: [{ method: 'cash', amount: 6000 }],
      updatedAt: DAY + 60_000,
    }),
    makeBill({
      id: 'B',
      session: 'S',
      lines: [1000],
      payments: [{ method: 'cash', amount: 1000 }],
      at: DAY + 120_000,
    }),
  ])
  expect(await exportedDates()).toEqual({
    'A:reversal': '2026-11-21',
    'A:adj:1': '2026-11-21',
    B: '2026-11-21',
  })
  // What the lock moved is in the books: exporting again posts nothing.
  expect(await exportedDates()).toEqual({})
  // 21 Nov's own sessions are still to be exported: the destination holds through 20 Nov.
  expect((await readDestination(db, 'journal-csv')).postedThrough).toBe('2026-11-20')
})
