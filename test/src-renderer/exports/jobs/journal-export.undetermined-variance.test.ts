import { afterAll, afterEach, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { recordMovement } from '../../../../src-renderer/day-close/tables/cash-movement-store'
import { loadReconciliation } from '../../../../src-renderer/day-close/tables/reconciliation-record'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import type { ExportResult } from '../../../../src-renderer/exports/jobs/journal-export'
import { journalFolder, toolCsvRows, toolOutput } from '../../../support/exports/tools'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { EMPTY_MAPPING } from '../../../support/journal-context'

/**
 * A count whose opening cash is not known has no variance: the export holds it back and says
 * so, and once the opening float is recorded an export of the day posts the variance, which
 * hledger (strict) and ledger read.
 */

const LATER = SALE_AT + 13 * 3600_000
const folder = journalFolder('till-undetermined-variance-')
afterAll(() => folder.remove())

let db: TillDatabase
beforeEach(async () => {
  db = await cashSessionCache()
  // No close event: the opening cash of session S is not known.
  await db.sessions.update('S', { openingCash: null })
})
afterEach(() => db.close())

async function exportDay(at: number): Promise<{ text: string; result: ExportResult }> {
  const run = runExport({
    db,
    what: 'ledger',
    range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    now: () => new Date(at),
  })
  let text = ''
  for (;;) {
    const next = await run.next()
    if (next.done) return { text, result: next.value }
    text += next.value.text
  }
}

/** What hledger (strict) says the books hold in an account, in cents; ledger reads them too. */
async function balance(files: string[], account: string): Promise<number> {
  const paths = files.map((text) => folder.file('journal', text))
  const args = paths.flatMap((p) => ['-f', p])
  const ledger = await toolOutput('ledger', ['--strict', ...args, 'balance'])
  expect(ledger.stderr).toBe('')
  const { stdout, stderr } = await toolOutput('hledger', [
    '--strict',
    ...args,
    'balance',
    account,
    '-O',
    'csv',
    '--no-total',
  ])
  expect(stderr).toBe('')
  const rows = toolCsvRows(stdout)
  return rows.length === 0 ? 0 : Math.round(Number(rows[0]![1]!.replace(/[^\d.-]/g, '')) * 100)
}

const float = (at: number) =>
  recordMovement(db, {
    id: 'float',
    sessionId: 'S',
    kind: 'float',
    amount: 1000,
    currency: 'USD',
    category: null,
    at,
    by: 'Ana',
    note: '',
    replaces: null,
  })

it('holds a count’s variance back while the opening is not known, and posts it once a float is recorded', async () => {
  // Expected at least 5000 (the cash sale); 5950 counted would read 950 over, the float's guess.
  await countSession(db, { countedCash: 5950, countedBy: 'Ana', note: '', now: LATER })
  const stored = await loadReconciliation(db, 'S')
  expect(stored.state === 'ok' && stored.record.count.cashVariance).toBeNull()

  const first = await exportDay(LATER + 1000)
  expect(first.result.variancesHeld).toBe(1)
  expect(first.text).toMatch(/Cash sale|Sales/)
  expect(first.text).not.toMatch(/Cash count variance/)
  expect(await balance([first.text], 'Cash-over-short')).toBe(0)

  // The float of 1000 completes the expected cash: 6000, so the count is 50 short.
  await float(SALE_AT - 3600_000)
  const second = await exportDay(LATER + 2000)
  expect(second.result.variancesHeld).toBe(0)
  expect(second.text).toMatch(/Cash count variance/)
  expect(await balance([first.text, second.text], 'Cash-over-short')).toBe(50)

  // Posted once: the next export of the day has nothing new.
  expect((await exportDay(LATER + 3000)).text).toBe('')
})

it('takes back a variance the books hold from a guess while the opening is still not known', async () => {
  await countSession(db, { countedCash: 5950, countedBy: 'Ana', note: 'Over', now: LATER })
  const saved = (await db.reconciliations.get('S'))!
  // An earlier Till took the unknown opening for 0 and posted the float as 950 over.
  const figures = saved.figures as { openingCash: number | null }
  await db.reconciliations.put({ ...saved, figures: { ...figures, openingCash: 0 } })
  const guessed = await exportDay(LATER + 1000)
  expect(await balance([guessed.text], 'Cash-over-short')).toBe(-950)

  await db.reconciliations.put(saved)
  const taken = await exportDay(LATER + 2000)
  expect(taken.result.variancesHeld).toBe(1)
  expect(taken.text).toMatch(/reversal/i)
  expect(await balance([guessed.text, taken.text], 'Cash-over-short')).toBe(0)
})
