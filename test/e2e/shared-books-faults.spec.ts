import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { waitForLockWait } from '../support/postgres'
import {
  BOOKS_DATABASE,
  exportDemoDay,
  joinSharedBooks,
  pcPage,
  twoShellsOnOneDatabase,
} from './shared-books-pcs'

/**
 * Shared books end to end under the faults of issue 24 (docs/shared-books.md#exporting): two
 * browser shells, two PCs of the same demo shop, on one throwaway PostgreSQL. The office PC
 * reaches it directly and the server restarts while its export's commit waits half-way; the
 * laptop reaches it through a loopback proxy that delivers its export's commit and drops the
 * answer. Each export posts once: one file, one entry in the books' log, and the other PC has
 * nothing new to export to that destination.
 */

test.describe.configure({ mode: 'serial' })

const books = twoShellsOnOneDatabase()
let office: Page
let laptop: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000)
  office = await pcPage(browser, books.shells[0]!)
  laptop = await pcPage(browser, books.shells[1]!)
  await joinSharedBooks(office, books.direct)
  await joinSharedBooks(laptop, books.throughProxy)
})

/** The books' log of each destination: its batch ids in seq order. */
async function booksLog(): Promise<Record<string, string[]>> {
  const rows = await books.query<{ destination_id: string; batch_ids: string[] }>(
    `SELECT destination_id, array_agg(batch_id ORDER BY seq) AS batch_ids
       FROM till_export_log GROUP BY destination_id`,
  )
  return Object.fromEntries(rows.map((row) => [row.destination_id, row.batch_ids]))
}

/** Counts the files a page downloads from now on. */
function countDownloads(page: Page): () => number {
  let downloads = 0
  page.on('download', () => downloads++)
  return () => downloads
}

/**
 * Another session holds a row of the store's next change number half inserted: an export's
 * commit then waits half-way, its log entry written, its batch row not yet.
 */
async function holdNextChange(): Promise<pg.Client> {
  const blocker = new pg.Client({
    host: '127.0.0.1',
    port: books.database.port,
    user: 'postgres',
    database: BOOKS_DATABASE,
  })
  blocker.on('error', () => undefined)
  await blocker.connect()
  await blocker.query('BEGIN')
  await blocker.query(
    `INSERT INTO till_rows (store_id, kind, key, version, change, by_pc)
     SELECT store_id, 'blocker', 'blocker', 1, head + 1, 'blocker' FROM till_stores`,
  )
  return blocker
}

test('the server restarted while an export commits: it is refused with the reason or commits, and posts once', async () => {
  test.setTimeout(180_000)
  const downloads = countDownloads(office)
  const blocker = await holdNextChange()
  const watcher = books.database.pool('postgres', { max: 1 })
  await exportDemoDay(office, 'journal-csv')
  await waitForLockWait(watcher, BOOKS_DATABASE, 'till_append_export')
  await watcher.end()
  await books.database.restart()
  await blocker.end().catch(() => undefined)

  // Asked again at once, the commit either reached the server back or was refused for now.
  const refused = office.getByRole('alert').filter({ hasText: /^The export failed: / })
  const logRows = office.getByRole('table', { name: 'Export log' }).getByRole('row')
  await expect(refused.or(logRows.nth(1))).toBeVisible({ timeout: 60_000 })
  if (await refused.isVisible()) {
    await expect(refused).toContainText(/Shared books not reached for .+: /)
    expect(downloads()).toBe(0)
    expect(await booksLog()).toEqual({})
    await exportDemoDay(office, 'journal-csv')
  }
  await expect(logRows).toHaveCount(2, { timeout: 60_000 })
  await expect.poll(downloads, { timeout: 10_000 }).toBe(1)
  const log = await booksLog()
  expect(Object.keys(log)).toEqual(['journal-csv'])
  expect(log['journal-csv']).toHaveLength(1)

  // The laptop pulled the batch: the same day to the same destination has nothing new there.
  await exportDemoDay(laptop, 'journal-csv')
  await expect(laptop.getByText(/^Nothing new to export/)).toBeVisible({ timeout: 30_000 })
  expect(downloads()).toBe(1)
})

test('the answer to an export’s commit lost on the way: the retry is recognised by its batch id, one file', async () => {
  test.setTimeout(120_000)
  const downloads = countDownloads(laptop)
  const lost = books.proxy.loseNextCommitAnswer(/till_append_export/)
  await exportDemoDay(laptop, 'xero')
  await lost
  const logRows = laptop.getByRole('table', { name: 'Export log' }).getByRole('row')
  await expect(logRows).toHaveCount(2, { timeout: 60_000 })
  await expect.poll(downloads, { timeout: 10_000 }).toBe(1)
  expect(await booksLog()).toMatchObject({ xero: [expect.any(String)] })

  await exportDemoDay(office, 'xero')
  await expect(office.getByText(/^Nothing new to export/)).toBeVisible({ timeout: 30_000 })
  // Nothing more reached a file meanwhile.
  expect(downloads()).toBe(1)
})
