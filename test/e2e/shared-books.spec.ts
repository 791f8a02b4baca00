import { expect, test } from '@playwright/test'
import { startBrowserShell, type RunningBrowserShell } from '../support/browser-shell'
import { startTestPostgres, type TestPostgres } from '../support/postgres'
import {
  exportDemoDay,
  joinSharedBooks,
  pcPage,
  tidyPcPages,
  sessionsOfDayBefore,
  sharedBooksDemo,
} from './shared-books-pcs'

/**
 * Shared books end to end (docs/shared-books.md): two browser shells with their own data folders,
 * two PCs of the same demo shop, against one throwaway PostgreSQL. Both join from Settings; a
 * location named and a drawer counted on one show on the other; both export the same range to the same destination:
 * one file, and the second PC is told there is nothing new to post. Then the books go away for a
 * while: a count made meanwhile waits and goes up once they are back, and an export is refused
 * with the reason.
 */

let database: TestPostgres
const shells: RunningBrowserShell[] = []

test.beforeAll(async () => {
  database = await startTestPostgres({ trustLoopback: true })
  await database.createDatabase('till')
  for (let i = 0; i < 2; i++)
    shells.push(await startBrowserShell({ TILL_DEMO_OPTIONS: JSON.stringify(sharedBooksDemo) }))
})
tidyPcPages()
test.afterAll(async () => {
  for (const shell of shells) await shell.stop()
  await database?.stop()
})

test('two PCs on shared books: a name and a count made on one show on the other; the same range exported on both posts once; offline for a while, then back', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const office = await pcPage(browser, shells[0]!)
  const laptop = await pcPage(browser, shells[1]!)
  await joinSharedBooks(office, database.url('till'))
  await joinSharedBooks(laptop, database.url('till'))

  await office.getByRole('link', { name: 'Locations', exact: true }).click()
  const officeNames = office.getByRole('region', { name: 'Locations' })
  await officeNames.getByRole('textbox', { name: 'Location name' }).first().fill('Jalan Sabang')
  await officeNames.getByRole('button', { name: 'Save location names' }).click()
  await expect(officeNames.getByText('Location names saved.')).toBeVisible()

  const laptopName = laptop
    .getByRole('region', { name: 'Locations' })
    .getByRole('textbox', { name: 'Location name' })
    .first()
  await expect
    .poll(
      async () => {
        await laptop.getByRole('link', { name: 'Shared books', exact: true }).click()
        await laptop.getByRole('link', { name: 'Locations', exact: true }).click()
        return laptopName.inputValue()
      },
      { timeout: 30_000 },
    )
    .toBe('Jalan Sabang')

  const counted = (await sessionsOfDayBefore(office)).first()
  await counted.getByLabel('Counted cash').fill('100')
  await counted.getByLabel('Counted by (name or initials)').fill('Ana')
  await counted.getByLabel('Variance note').fill('Counted on the office PC')
  await counted.getByRole('button', { name: 'Confirm count' }).click()
  const variance = (await counted.getByLabel('Frozen cash variance').textContent())!
  await expect
    .poll(
      async () => {
        await laptop.getByRole('link', { name: 'Exports' }).click()
        const seen = (await sessionsOfDayBefore(laptop)).first().getByLabel('Frozen cash variance')
        // Day close reads the day after the navigation: give it time to show before looking.
        await seen.waitFor({ timeout: 5_000 }).catch(() => undefined)
        // Read without waiting: the poll, not the read, decides how long to look.
        return (await seen.allTextContents())[0] ?? null
      },
      { timeout: 30_000 },
    )
    .toBe(variance)

  const downloaded = office.waitForEvent('download')
  await exportDemoDay(office)
  await downloaded
  await expect(office.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(2)

  let laptopDownloads = 0
  laptop.on('download', () => laptopDownloads++)
  await exportDemoDay(laptop)
  await expect(laptop.getByText(/^Nothing new to export/)).toBeVisible({ timeout: 30_000 })
  await expect(laptop.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(2)
  expect(laptopDownloads).toBe(0)

  // The books go away for a while: the count made meanwhile waits, an export is refused.
  await database.halt()
  const offline = (await sessionsOfDayBefore(laptop)).nth(1)
  await offline.getByLabel('Counted cash').fill('200')
  await offline.getByLabel('Counted by (name or initials)').fill('Budi')
  await offline.getByLabel('Variance note').fill('Counted while the books were away')
  await offline.getByRole('button', { name: 'Confirm count' }).click()
  const offlineVariance = (await offline.getByLabel('Frozen cash variance').textContent())!
  await expect(laptop.getByRole('status', { name: 'Shared books' })).toContainText(
    '1 change waiting to be sent',
    { timeout: 30_000 },
  )
  await exportDemoDay(laptop, 'xero')
  await expect(laptop.getByRole('alert')).toContainText(
    /^The export failed: Shared books not reached for .+: Nothing answers at /,
    {
      timeout: 60_000,
    },
  )
  expect(laptopDownloads).toBe(0)

  await database.start()
  await expect(laptop.getByRole('status', { name: 'Shared books' })).not.toContainText(
    'waiting to be sent',
    { timeout: 60_000 },
  )
  await expect
    .poll(
      async () => {
        await office.getByRole('link', { name: 'Exports' }).click()
        const seen = (await sessionsOfDayBefore(office)).nth(1).getByLabel('Frozen cash variance')
        await seen.waitFor({ timeout: 5_000 }).catch(() => undefined)
        return (await seen.allTextContents())[0] ?? null
      },
      { timeout: 60_000 },
    )
    .toBe(offlineVariance)
})
