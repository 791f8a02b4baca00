import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { saveDepositSettings } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectParts } from '../../../support/exports/collect'
import { parseCsv } from '../../../support/exports/csv-parse'
import { expense, T0 } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { makeSession } from '../../../support/session-factory'

let db: TillDatabase | undefined
afterEach(() => db?.close())

/** A shop of one session, its deposit settings saved, and `count` expenses paid by card. */
async function shop(count: number): Promise<TillDatabase> {
  db = new TillDatabase(`till-export-expenses-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  await db.sessions.put(makeSession())
  await saveDepositSettings(db, defaultDepositSettings('USD'))
  await db.expenses.bulkPut(
    Array.from({ length: count }, (_, i) =>
      expense({
        id: `e${i + 1}`,
        number: `EXP-${i + 1}`,
        paymentMethod: 'card',
        createdAt: T0 + i,
      }),
    ),
  )
  return db
}

/** Exports the day's journal, its expenses two to a slice; the reads of the deposit settings. */
async function exportCountingSettingsReads(
  database: TillDatabase,
): Promise<{ expenseIds: string[]; settingsReads: number }> {
  let settingsReads = 0
  database.depositSettings.hook('reading', (row) => {
    if (row?.key === 'settings') settingsReads += 1
    return row
  })
  const parts = await collectParts(
    runExport({
      db: database,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      sliceSize: 2,
      now: () => new Date(Date.UTC(2026, 10, 21, 8)),
    }),
  )
  const [, ...rows] = parseCsv(parts[0]!.replace(/^\uFEFF/, ''))
  const expenseIds = [...new Set(rows.map((r) => r[0]!).filter((id) => id.startsWith('expense:')))]
  return { expenseIds, settingsReads }
}

describe('journal export of expenses', () => {
  it('reads the deposit settings once per run, however many slices its expenses take', async () => {
    const one = await exportCountingSettingsReads(await shop(1))
    db?.close()
    const five = await exportCountingSettingsReads(await shop(5))
    expect(one.expenseIds).toEqual(['expense:e1'])
    expect(five.expenseIds).toEqual(['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => `expense:${id}`))
    expect(five.settingsReads).toBe(one.settingsReads)
  })
})
