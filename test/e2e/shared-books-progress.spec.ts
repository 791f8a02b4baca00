import { expect, test, type Page } from '@playwright/test'
import { startBrowserShell, type RunningBrowserShell } from '../support/browser-shell'
import { startTestPostgres, type TestPostgres } from '../support/postgres'
import { dateInJakarta } from './demo-shell'
import { pcPage, sharedBooksDemo, tidyPcPages } from './shared-books-pcs'

/**
 * Any size commits as a person sees them (docs/shared-books.md#any-size-commits): in the browser
 * shell, which takes 1 MiB a call, a PC whose export log is too large for one call joins, and then
 * exports a day too large for one call; both go up in parts, and while they go the screen says
 * which part is on its way. The second part is held until the words for the first are on screen.
 */

const DATABASE = 'till'
/** Days of a few hundred bills: a day's batch is several parts. */
const demo = { ...sharedBooksDemo, billsPerSession: 400 }
let database: TestPostgres
let shell: RunningBrowserShell

test.beforeAll(async () => {
  database = await startTestPostgres({ trustLoopback: true })
  await database.createDatabase(DATABASE)
  shell = await startBrowserShell({ TILL_DEMO_OPTIONS: JSON.stringify(demo) })
})
tidyPcPages()
test.afterAll(async () => {
  await shell?.stop()
  await database?.stop()
})

const STAGE_PART = '**/bridge/call/sharedBooks.stagePart'

/**
 * Holds the second part of the next staged upload until `release` is called; the first goes at
 * once. `stop` takes the hold away once the upload is done.
 */
async function holdSecondPart(
  page: Page,
): Promise<{ release: () => void; stop: () => Promise<void> }> {
  let release = (): void => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let parts = 0
  await page.route(STAGE_PART, async (route) => {
    if (++parts === 2) await held
    await route.continue()
  })
  return { release, stop: () => page.unroute(STAGE_PART) }
}

/** Exports one business date to the journal CSV destination from the Exports screen. */
async function exportDay(page: Page, date: string): Promise<void> {
  await page.getByRole('link', { name: 'Exports' }).click()
  await page.getByLabel('Format').selectOption('journal-csv')
  await expect(page.getByLabel('To')).not.toHaveValue('')
  await page.getByLabel('From').fill(date)
  await page.getByLabel('To').fill(date)
  const open = page.getByRole('checkbox', { name: /^Include them anyway/ })
  if (await open.isVisible()) await open.check()
  await page.getByRole('button', { name: 'Export', exact: true }).click()
}

/** The books' export log of the journal CSV destination: its entries, by batch. */
async function entriesOnBooks(): Promise<number[]> {
  const pool = database.pool(DATABASE, { max: 1 })
  try {
    const { rows } = await pool.query<{ entries: number }>(
      `SELECT (r.body->'batch'->'batch'->>'entryCount')::int AS entries
         FROM till_export_log l
         JOIN till_rows r ON r.store_id = l.store_id AND r.kind = 'exportBatch' AND r.key = l.batch_id
        WHERE l.destination_id = 'journal-csv' ORDER BY l.seq`,
    )
    return rows.map((row) => row.entries)
  } finally {
    await pool.end()
  }
}

test('a join and an export too large for one call go up in parts, the screen saying which part is on its way', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const page = await pcPage(browser, shell)

  // Before shared books: the day before yesterday, exported on this PC alone.
  const first = page.waitForEvent('download')
  await exportDay(page, dateInJakarta(-2))
  await first
  await expect(page.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(2)

  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Shared books', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Shared books' })
  await panel.getByLabel('Database address').fill(database.url(DATABASE))
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByText('Saved. Join to share this PC’s records.')).toBeVisible()
  const joining = await holdSecondPart(page)
  await panel.getByRole('button', { name: 'Join' }).click()
  await expect(
    panel.getByText(/^Joining… sent part 1 of \d+ of this PC’s export log$/),
  ).toBeVisible({
    timeout: 60_000,
  })
  expect(await entriesOnBooks()).toEqual([])
  joining.release()
  await expect(panel.getByText(/^Joined\./)).toBeVisible({ timeout: 60_000 })
  await joining.stop()
  const [joined] = await entriesOnBooks()
  expect(joined).toBeGreaterThan(0)

  // Joined: yesterday's export goes up in parts before its file is written.
  const exporting = await holdSecondPart(page)
  const second = page.waitForEvent('download')
  await exportDay(page, dateInJakarta(-1))
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Sending the batch to the shared books: part 1 of \d+$/ }),
  ).toBeVisible({ timeout: 60_000 })
  expect(await entriesOnBooks()).toEqual([joined])
  exporting.release()
  await second
  await exporting.stop()
  await expect(page.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(3)
  const logged = await entriesOnBooks()
  expect(logged).toHaveLength(2)
  expect(logged[1]).toBeGreaterThan(0)
})
