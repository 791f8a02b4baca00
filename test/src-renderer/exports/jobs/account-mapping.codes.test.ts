import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  defaultedInRange,
  readMapping,
  rolesInCache,
} from '../../../../src-renderer/exports/jobs/account-mapping'
import { previewExport, runExport } from '../../../../src-renderer/exports/jobs/run-export'
import type { ExportRange } from '../../../../src-renderer/exports/tables/export-rows'
import { T0, expense, sale } from '../../../support/exports/fixtures'
import { writeSyncedBills } from '../../../support/synced-bills'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { makeSession } from '../../../support/session-factory'

/**
 * Sub-account codes of expense categories (and taxes) come out the same whichever part of Till
 * meets the names first: an export, its preview, the range check or Settings.
 */

const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

const DAY = '2026-11-20'
const NEXT_DAY = '2026-11-21'
const rangeOf = (from: string, to = from): ExportRange => ({ from, to, locationId: 'loc1' })

function emptyCache(): TillDatabase {
  const db = new TillDatabase(`till-codes-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  return db
}

/** A fresh cache whose expenses are met, by an export, in the order Supplies, Rent, Cleaning. */
async function freshCache(): Promise<TillDatabase> {
  const db = emptyCache()
  await addExpenses(db, DAY, ['Supplies', 'Rent', 'Cleaning'])
  return db
}

async function addExpenses(db: TillDatabase, date: string, categories: string[]): Promise<void> {
  await db.sessions.put(makeSession({ id: `s-${date}`, businessDate: date }))
  await db.expenses.bulkPut(
    categories.map((category, i) =>
      expense({
        id: `e-${date}-${i}`,
        number: `EXP-${date}-${i}`,
        category,
        registerSessionId: `s-${date}`,
        expenseDate: date,
      }),
    ),
  )
}

async function exportRange(db: TillDatabase, range: ExportRange, dryRun = false) {
  const options = {
    db,
    what: 'ledger' as const,
    destinationId: 'ledger',
    range,
    mapping: await readMapping(db),
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
  }
  if (dryRun) return previewExport(options)
  const run = runExport(options)
  for (;;) {
    const next = await run.next()
    if (next.done) return next.value
  }
}

const codes = async (db: TillDatabase) => (await readMapping(db)).subAccountCodes

const SETTINGS_ORDER = {
  'expense:Cleaning': '6001',
  'expense:Rent': '6002',
  'expense:Supplies': '6003',
}

describe('sub-account codes', () => {
  it('are the same whether Settings, an export, its preview or the range check meets the names first', async () => {
    const settingsFirst = await freshCache()
    await rolesInCache(settingsFirst)
    expect(await codes(settingsFirst)).toEqual(SETTINGS_ORDER)

    const exportFirst = await freshCache()
    const exported = await exportRange(exportFirst, rangeOf(DAY))

    expect(exported.batch).not.toBeNull()
    expect(await codes(exportFirst)).toEqual(SETTINGS_ORDER)

    const previewFirst = await freshCache()
    const previewed = await exportRange(previewFirst, rangeOf(DAY), true)
    expect(Object.fromEntries(previewed.defaulted.map((d) => [d.roleKey, d.account.code]))).toEqual(
      SETTINGS_ORDER,
    )
    // What the preview showed is what the export then posts, and what Settings shows.
    await exportRange(previewFirst, rangeOf(DAY))
    expect(await codes(previewFirst)).toEqual(SETTINGS_ORDER)

    const checkFirst = await freshCache()
    await defaultedInRange(checkFirst, EMPTY_MAPPING, rangeOf(DAY))
    expect(await codes(checkFirst)).toEqual(SETTINGS_ORDER)
  })

  it('once given never change: names met later take the next free codes', async () => {
    const db = await freshCache()
    await exportRange(db, rangeOf(DAY))
    // Both sort before every older name; neither shifts them.
    await addExpenses(db, NEXT_DAY, ['Bank fees', 'Art', 'Rent'])
    const result = await exportRange(db, rangeOf(NEXT_DAY))
    expect(result.batch).not.toBeNull()
    expect(await codes(db)).toEqual({
      ...SETTINGS_ORDER,
      'expense:Art': '6004',
      'expense:Bank fees': '6005',
    })
    await rolesInCache(db)
    expect(await codes(db)).toEqual({
      ...SETTINGS_ORDER,
      'expense:Art': '6004',
      'expense:Bank fees': '6005',
    })
  })

  it("of taxes follow the names, from the sessions' tallies or, without them, from the bills", async () => {
    // Each in a session of its own, so also an export by session summaries meets them in turn.
    const taxed = (id: string, tax: string, hour: number) =>
      sale({
        id,
        number: id,
        registerSessionId: `s-${id}`,
        createdAt: T0 + hour * 3_600_000,
        updatedAt: T0 + hour * 3_600_000,
        lines: [],
        discounts: [],
        fees: [],
        taxes: [{ name: tax, rate: 10, amount: 100 }],
        payments: [],
      })
    const byName = {
      'tax-payable:Alcohol': '2101',
      'tax-payable:City tax': '2102',
      'tax-payable:VAT': '2103',
    }
    // Met in the order VAT, City tax, Alcohol: every code says where the name sorts.
    const bills = [taxed('b1', 'VAT', 0), taxed('b2', 'City tax', 1), taxed('b3', 'Alcohol', 2)]
    const taxCodes = async (db: TillDatabase) =>
      Object.fromEntries(
        Object.entries((await codes(db)) ?? {}).filter(([key]) => key.startsWith('tax-payable:')),
      )

    const tallied = emptyCache()
    await writeSyncedBills(tallied, bills, T0)
    expect(await tallied.sessionTallies.count()).toBe(3)
    expect((await exportRange(tallied, rangeOf(DAY))).batch).not.toBeNull()
    expect(await taxCodes(tallied)).toEqual(byName)

    const untallied = emptyCache()
    await writeSyncedBills(untallied, bills, T0)
    await untallied.sessionTallies.clear()
    expect((await exportRange(untallied, rangeOf(DAY))).batch).not.toBeNull()
    expect(await taxCodes(untallied)).toEqual(byName)
  })
})
