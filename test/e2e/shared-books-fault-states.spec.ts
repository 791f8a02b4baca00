import { expect, test, type Page } from '@playwright/test'
import {
  BOOKS_DATABASE,
  exportDemoDay,
  joinSharedBooks,
  pcPage,
  sessionsOfDayBefore,
  twoShellsOnOneDatabase,
} from './shared-books-pcs'

/**
 * The shared books' faults as designed states, end to end (docs/shared-books.md#faults): two
 * browser shells, two PCs of the same demo shop, on one throwaway PostgreSQL that both reach
 * through one loopback proxy. The database answers too slowly, then garbles an answer, then its
 * disk is full. Each time both PCs say so in words, keep working on their own, and catch up once
 * the books answer again: nothing lost, nothing twice.
 */

test.describe.configure({ mode: 'serial' })

/** Longer than Till waits for a connection (5 s) or for any one statement's answer (15 s). */
const SLOWER_THAN_TILL_WAITS_MS = 20_000
const books = twoShellsOnOneDatabase()
let office: Page
let laptop: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000)
  office = await pcPage(browser, books.shells[0]!)
  laptop = await pcPage(browser, books.shells[1]!)
  await joinSharedBooks(office, books.throughProxy)
  await joinSharedBooks(laptop, books.throughProxy)
  for (const page of [office, laptop]) await recordStatusLine(page)
})

const statusLine = (page: Page) => page.getByRole('status', { name: 'Shared books' })

/**
 * Keeps every text the navigation's shared-books line shows from now on, so a state that lasts
 * only until the next retry is still seen.
 */
async function recordStatusLine(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { sharedBooksLines: seen })
    const note = () => {
      const text = document.querySelector('[role="status"][aria-label="Shared books"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    })
    note()
  })
}

/** The shared-books lines a page showed since `recordStatusLine`, and forgets them. */
function statusLinesShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = (window as unknown as { sharedBooksLines: string[] }).sharedBooksLines
    return seen.splice(0, seen.length)
  })
}

/** Waits until a page has shown a shared-books line matching `pattern`. */
async function untilShown(page: Page, pattern: RegExp, timeout: number): Promise<void> {
  const shown: string[] = []
  await expect
    .poll(
      async () => {
        shown.push(...(await statusLinesShown(page)))
        return shown.join('\n')
      },
      { timeout },
    )
    .toMatch(new RegExp(pattern.source, 'm'))
}

/** Until a PC's line says the books answer and nothing of it waits or waits for a person. */
async function caughtUp(page: Page, timeout = 60_000): Promise<void> {
  await expect(statusLine(page)).toHaveText('Shared books: connected', { timeout })
}

/** Confirms a count of the `index`th session of the day before; its frozen variance. */
async function countSession(page: Page, index: number, cash: string, by: string) {
  const session = (await sessionsOfDayBefore(page)).nth(index)
  await session.getByLabel('Counted cash').fill(cash)
  await session.getByLabel('Counted by (name or initials)').fill(by)
  await session.getByLabel('Variance note').fill(`Counted by ${by}`)
  await session.getByRole('button', { name: 'Confirm count' }).click()
  return (await session.getByLabel('Frozen cash variance').textContent())!
}

/** The frozen variance a PC shows for the `index`th session, once it shows one. */
async function varianceSeen(page: Page, index: number): Promise<string | null> {
  await page.getByRole('link', { name: 'Exports' }).click()
  const seen = (await sessionsOfDayBefore(page)).nth(index).getByLabel('Frozen cash variance')
  await seen.waitFor({ timeout: 5_000 }).catch(() => undefined)
  return (await seen.allTextContents())[0] ?? null
}

/** Names the first location on a PC's Locations screen. */
async function nameLocation(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  const names = page.getByRole('region', { name: 'Locations' })
  await names.getByRole('textbox', { name: 'Location name' }).first().fill(name)
  await names.getByRole('button', { name: 'Save location names' }).click()
  await expect(names.getByText('Location names saved.')).toBeVisible()
}

/** The name of the first location a PC shows, read afresh. */
async function locationNameSeen(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Exports' }).click()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  return page
    .getByRole('region', { name: 'Locations' })
    .getByRole('textbox', { name: 'Location name' })
    .first()
    .inputValue()
}

/** Each shared record the books hold: kind, key and version. */
async function booksRows(): Promise<string[]> {
  const rows = await books.query<{ row: string }>(
    `SELECT kind || ' ' || key || ' v' || version AS row FROM till_rows ORDER BY change`,
  )
  return rows.map((r) => r.row)
}

const locationNames = (rows: string[]) => rows.filter((row) => row.startsWith('locationName '))

/** Rows as `kind key vN`, each at the next version. */
const nextVersions = (rows: string[]) =>
  rows.map((row) => row.replace(/ v(\d+)$/, (_, version: string) => ` v${Number(version) + 1}`))

test('slower than Till waits: both PCs say so, keep counting, and catch up once the books answer', async () => {
  test.setTimeout(120_000)
  books.proxy.delayAnswers(SLOWER_THAN_TILL_WAITS_MS)
  const officeVariance = await countSession(office, 0, '100', 'Ana')
  const laptopVariance = await countSession(laptop, 1, '200', 'Budi')
  const slow = /^Shared books: last reached .+ did not answer within \d+ seconds/
  for (const page of [office, laptop]) {
    await untilShown(page, slow, 40_000)
    await expect(statusLine(page)).toContainText(/ · \d+ changes? waiting to be sent$/)
  }

  // A push may have committed with its answer still on the way: sent again from the same
  // version, the books answer with this PC's own count, which settles it, taken once.
  books.proxy.delayAnswers(0)
  await caughtUp(office)
  await caughtUp(laptop)
  await expect.poll(() => varianceSeen(office, 1), { timeout: 30_000 }).toBe(laptopVariance)
  await expect.poll(() => varianceSeen(laptop, 0), { timeout: 30_000 }).toBe(officeVariance)
  const counts = (await booksRows()).filter((row) => row.startsWith('reconciliation '))
  expect(counts).toEqual([
    expect.stringMatching(/^reconciliation \S+ v1$/),
    expect.stringMatching(/^reconciliation \S+ v1$/),
  ])
})

test('a garbled answer: refused, the connection made again, and the change taken once', async () => {
  test.setTimeout(90_000)
  const namesBefore = locationNames(await booksRows())
  // The laptop's push of the name: the office may push codes of its own meanwhile.
  books.proxy.garbleNextAnswer(/\btill_push\s*\([\s\S]*Jalan Sabang/)
  await nameLocation(laptop, 'Jalan Sabang')
  // The push committed; its answer never reads as rows: Till drops the connection and asks again.
  // The name waits with whatever else the laptop had to send (codes the Exports screen keeps).
  await untilShown(
    laptop,
    /^Shared books: last reached .+: Till dropped that connection and asks again over a new one\.\) · \d+ changes? waiting to be sent$/,
    40_000,
  )
  // The connection that carried it is closed: the answer after it will not be read either.
  await books.proxy.droppedAfterGarbling()
  await caughtUp(laptop)
  await expect.poll(() => locationNameSeen(office), { timeout: 30_000 }).toBe('Jalan Sabang')
  // Asked again from the same version, the books' row is this PC's own: no conflict, no second version.
  expect(locationNames(await booksRows())).toEqual(nextVersions(namesBefore))
  await caughtUp(office)
})

test('a full disk: the change and the export are refused with the reason; once there is room the change goes up and the export posts once', async () => {
  test.setTimeout(120_000)
  // PostgreSQL's own answer when it cannot extend a table's file, for every write of a row.
  const admin = books.database.pool(BOOKS_DATABASE, { max: 1 })
  await admin.query(`
    CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file "base/16384/16400": No space left on device'
        USING ERRCODE = '53100';
    END $$;
    CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON till_rows
      FOR EACH ROW EXECUTE FUNCTION disk_full();
  `)
  const rowsBefore = await booksRows()
  try {
    await nameLocation(office, 'Jalan Sabang Raya')
    const refusing =
      /^Shared books: answering, but refusing changes \(The database at .+ is out of disk space and refused the change \(could not extend file .+: No space left on device\)\.\) · \d+ changes? waiting to be sent$/
    await expect(statusLine(office)).toHaveText(refusing, { timeout: 30_000 })

    let downloads = 0
    const counted = () => downloads++
    office.on('download', counted)
    await exportDemoDay(office, 'journal-csv')
    await expect(office.getByRole('alert').filter({ hasText: 'The export failed' })).toHaveText(
      /^The export failed: The database at .+ is out of disk space and refused the change \(.+No space left on device\)\. Nothing was posted and no file was made: export again once the database takes changes\.$/,
      { timeout: 30_000 },
    )
    // The export read the books, and the line still says why changes do not go up.
    await expect(statusLine(office)).toHaveText(refusing)
    expect(downloads).toBe(0)
    office.off('download', counted)
    expect(await booksRows()).toEqual(rowsBefore)
  } finally {
    await admin.query('DROP TRIGGER IF EXISTS disk_full ON till_rows')
    await admin.end()
  }

  await caughtUp(office)
  await expect.poll(() => locationNameSeen(laptop), { timeout: 30_000 }).toBe('Jalan Sabang Raya')
  expect(locationNames(await booksRows())).toEqual(nextVersions(locationNames(rowsBefore)))
  await caughtUp(laptop)

  // Exported again once there is room: it posts, once.
  const downloaded = office.waitForEvent('download')
  await exportDemoDay(office, 'journal-csv')
  await downloaded
  expect((await booksRows()).filter((row) => row.startsWith('exportBatch'))).toEqual([
    expect.stringMatching(/^exportBatch \S+ v1$/),
  ])
})
