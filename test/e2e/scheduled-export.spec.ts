import { mkdtempSync } from 'node:fs'
import { mkdir, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { useDemoShell, yesterdayMiddayInJakarta, openSynced, shopControl } from './demo-shell'
import type { DemoControl } from '../support/demo-control'
import { parseCsvFile } from './csv-file'

const CONTROL_TOKEN = 'demo_control_scheduled_export_e2e_3141'
/** The shell's home folder: a typed export folder must be inside it. */
const home = mkdtempSync(join(tmpdir(), 'till-scheduled-export-home-'))
const folder = join(home, 'books')

const shell = useDemoShell(
  {
    seed: 23,
    timezone: 'Asia/Jakarta',
    now: yesterdayMiddayInJakarta(),
    days: 2,
    locations: 1,
    billsPerSession: 10,
    live: false,
    appKey: 'demo_key_scheduled_export_e2e_2718',
    controlToken: CONTROL_TOKEN,
  },
  { HOME: home },
)
test.beforeAll(async () => {
  await mkdir(folder)
})
test.afterAll(async () => {
  await rm(home, { recursive: true, force: true })
})

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

test('closing a register session writes the new journal entries into the chosen folder', async ({
  page,
}) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Settings' }).click()
  // The scheduled destination posts with a mapping of its own: its Sales code, not the shared one.
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  await page.getByLabel('Account mapping of Generic CSV journal').selectOption('Its own')
  await expect(page.getByRole('status')).toContainText('posts with its own account mapping')
  await page.getByRole('link', { name: 'Account mapping', exact: true }).click()
  await page
    .getByLabel('Mapping for', { exact: true })
    .selectOption({ label: 'Generic CSV journal' })
  const mapping = page.getByRole('form', { name: 'Account mapping' })
  await mapping.getByLabel('Code for Sales', { exact: true }).fill('4010')
  await mapping.getByLabel('Name for Sales', { exact: true }).fill('Shop sales')
  await mapping.getByRole('button', { name: 'Save account mapping' }).click()
  await expect(mapping.getByRole('status')).toContainText('Saved')
  await page.getByRole('link', { name: 'Scheduled export', exact: true }).click()
  const panel = page.getByRole('region', { name: /^Scheduled export for / })
  await expect(panel.getByText('No scheduled export has run yet.')).toBeVisible()

  await panel.getByLabel('Export on a schedule').check()
  await panel.getByLabel('After a register session closes').check()
  await panel.getByLabel('Scheduled destination').selectOption('journal-csv')
  await panel.getByLabel('Export folder').fill('books/exports')
  await panel.getByRole('button', { name: 'Save scheduled export' }).click()
  await expect(panel.getByRole('alert')).toContainText('not a full path')
  await panel.getByLabel('Export folder').fill('/etc')
  await panel.getByRole('button', { name: 'Save scheduled export' }).click()
  await expect(panel.getByRole('alert')).toContainText('inside your home folder')

  await panel.getByLabel('Export folder').fill(folder)
  await panel.getByRole('button', { name: 'Save scheduled export' }).click()
  await expect(panel.getByRole('status').first()).toContainText(`new entries go to ${folder}`)
  expect(await readdir(folder)).toEqual([])

  type Session = { id: string; closed_at: string | null }
  const { data: sessions } = await control()<{ data: Session[] }>('GET', '/sessions')
  const open = sessions.find((s) => s.closed_at === null)
  expect(open, 'the demo shop has an open register session').toBeDefined()
  await control()('POST', `/sessions/${open!.id}/close`, {})

  // Main writes to a hidden temporary file and renames it into place once the export is whole.
  const visible = async (): Promise<string[]> =>
    (await readdir(folder)).filter((n) => !n.startsWith('.'))
  await expect.poll(visible, { timeout: 30_000 }).toHaveLength(1)
  const [name] = await visible()
  expect(await readdir(folder)).toEqual([name])
  // Named like any export to the destination: its range and the batch's number.
  expect(name).toMatch(
    /^till-generic-csv-journal-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-batch-1\.csv$/,
  )
  const rows = parseCsvFile(await readFile(join(folder, name!)))
  const entries = new Set(rows.map((row) => row.entry_id))
  expect(entries.size).toBeGreaterThan(0)
  const sales = rows
    .filter((row) => row.account_name === 'Shop sales')
    .map((row) => row.account_code)
  expect(sales.length).toBeGreaterThan(0)
  expect(new Set(sales)).toEqual(new Set(['4010']))
  await expect(panel.getByLabel('Last scheduled export')).toContainText(
    `${entries.size} entries written to ${name}`,
  )

  // Exported once: the Exports screen has nothing new for the same day.
  await page.getByRole('link', { name: 'Exports' }).click()
  const log = page.getByRole('table', { name: 'Export log' })
  await expect(log.getByRole('row')).toHaveCount(2)
  // Download again gives the batch the name its file has in the folder.
  await expect(log.getByRole('row').nth(1)).toContainText(name!)
  const again = page.waitForEvent('download')
  await log.getByRole('button', { name: 'Download again' }).click()
  expect((await again).suggestedFilename()).toBe(name)
})
