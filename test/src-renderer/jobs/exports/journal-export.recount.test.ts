import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/cache/database'
import { sessionFigures } from '../../../../src-renderer/cache/session-tally-store'
import { writeBills } from '../../../../src-renderer/cache/writes'
import { runExport } from '../../../../src-renderer/jobs/exports/run-export'
import { confirmCount, reopenSession } from '../../../../src-renderer/jobs/reconcile'
import { collectText } from '../../../support/exports/collect'
import { journalFolder, toolCsvRows, toolOutput } from '../../../support/exports/tools'
import { makeBill } from '../../../support/bill-factory'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * A count exported, then reopened and counted again: the next export posts the variance of the
 * count that stands, as a correction of the one the books hold, and the books add up to it.
 */

const DAY = Date.UTC(2026, 10, 20, 3, 0)
const LATER = DAY + 13 * 3600_000
const folder = journalFolder('till-recount-')
afterAll(() => folder.remove())

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function shopWithOneSession(): Promise<TillDatabase> {
  const database = new TillDatabase(`till-recount-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const sale = makeBill({
    id: 'A',
    session: 'S',
    lines: [5000],
    payments: [{ method: 'cash', amount: 5000 }],
  })
  await writeBills(database, {
    bills: [sale],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: DAY,
  })
  await database.sessions.update('S', { openingCash: 1000 })
  await database.checkpoints.put({
    key: 'bills',
    backfillPage: null,
    backfillDone: true,
    cursor: null,
    cursorPage: 1,
    lastSuccessAt: DAY,
  })
  return database
}

async function count(database: TillDatabase, countedCash: number, now: number): Promise<void> {
  await confirmCount(database, {
    sessionId: 'S',
    count: { countedCash, countedByMethod: {} },
    countedBy: 'Ana',
    varianceNote: 'Drawer differs',
    seen: await sessionFigures(database, (await database.sessions.get('S'))!),
    currency: 'USD',
    now,
  })
}

function exportDay(database: TillDatabase, at: number): Promise<string> {
  return collectText(
    runExport({
      db: database,
      what: 'ledger',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      now: () => new Date(at),
    }),
  )
}

/** What hledger says the books hold in the over/short account, in cents. */
async function overShort(files: string[]): Promise<number> {
  const args = files.flatMap((text) => ['-f', folder.file('journal', text)])
  const { stdout, stderr } = await toolOutput('hledger', [
    ...args,
    'balance',
    'Cash-over-short',
    '--strict',
    '-O',
    'csv',
    '--no-total',
  ])
  expect(stderr).toBe('')
  const rows = toolCsvRows(stdout)
  expect(rows).toHaveLength(1)
  return Math.round(Number(rows[0]![1]!.replace(/[^\d.-]/g, '')) * 100)
}

it('posts the variance of the count that stands across two exports, as a correction', async () => {
  db = await shopWithOneSession()
  // Expected 6000 (1000 opening + 5000 cash); counted 5950: 50 short.
  await count(db, 5950, LATER)
  const first = await exportDay(db, LATER + 1000)
  expect(first).toMatch(/Cash count variance/)
  expect(await overShort([first])).toBe(50)

  await reopenSession(db, {
    sessionId: 'S',
    by: 'Budi',
    reason: 'Coins left in the bag',
    now: LATER + 2000,
  })
  await count(db, 6120, LATER + 3000)
  const second = await exportDay(db, LATER + 4000)
  // The second export corrects the first: it reverses the posted variance and posts the new one.
  expect(second).toMatch(/reversal/i)
  expect(await overShort([first, second])).toBe(-120)

  // Nothing changed since: a third export posts nothing more.
  expect(await exportDay(db, LATER + 5000)).toBe('')
})
