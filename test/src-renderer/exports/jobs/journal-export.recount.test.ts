import { afterAll, afterEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { reopenSession } from '../../../../src-renderer/day-close/jobs/reconcile'
import { collectText } from '../../../support/exports/collect'
import { journalFolder, toolCsvRows, toolOutput } from '../../../support/exports/tools'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * A count exported, then reopened and counted again: the next export posts the variance of the
 * count that stands, as a correction of the one the books hold, and the books add up to it.
 */

const LATER = SALE_AT + 13 * 3600_000
const folder = journalFolder('till-recount-')
afterAll(() => folder.remove())

let db: TillDatabase | undefined
afterEach(() => db?.close())

const count = (database: TillDatabase, countedCash: number, now: number): Promise<void> =>
  countSession(database, { countedCash, countedBy: 'Ana', note: 'Drawer differs', now })

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
  db = await cashSessionCache()
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
