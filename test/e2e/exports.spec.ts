import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { useDemoShell, zoneAtHour } from './demo-shell'
import { parseCsvFile } from './csv-file'
import { openTill } from '../support/browser-shell'

const shell = useDemoShell({
  seed: 11,
  // Late evening there now: yesterday's sessions have all closed; today's earlier shift has
  // closed and its last is still trading (the shop opens 06:30–09:00, closes 00:15–02:15).
  timezone: zoneAtHour(23),
  days: 1,
  locations: 1,
  billsPerSession: 12,
  live: false,
  appKey: 'demo_key_exports_e2e_4411',
})

test("exports a day's generic journal CSV that balances, then nothing new", async ({ page }) => {
  await openTill(page, shell())
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })
  await page.getByRole('link', { name: 'Exports' }).click()
  await expect(page.getByRole('heading', { name: 'Exports' })).toBeVisible()
  await page.getByLabel('Format').selectOption('journal-csv')
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('')
  const day = await page.getByLabel('From', { exact: true }).inputValue()
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`till-journal-csv-${day}.csv`)
  const bytes = await readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8')
  expect(text.slice(1).split('\r\n')[0]).toBe(
    'entry_id,date,account_code,account_name,debit,credit,currency,description,bill_id,register_session_id,location_id,location_name',
  )
  expect(text.endsWith('\r\n')).toBe(true)
  expect(text.replace(/\r\n/g, '')).not.toContain('\n')

  const rows = parseCsvFile(bytes)
  expect(rows.length).toBeGreaterThan(10)
  const sums = new Map<string, number>()
  for (const row of rows) {
    expect(row.date).toBe(day)
    const cents = (v: string | undefined): number => Math.round(Number(v || '0') * 1000)
    sums.set(row.entry_id!, (sums.get(row.entry_id!) ?? 0) + cents(row.debit) - cents(row.credit))
  }
  expect(sums.size).toBeGreaterThan(1)
  for (const [entry, sum] of sums) expect(sum, entry).toBe(0)

  const log = page.getByRole('table', { name: 'Export log' })
  await expect(log.getByRole('row')).toHaveCount(2)
  await expect(log.getByRole('cell', { name: String(sums.size), exact: true })).toBeVisible()

  // The form now offers the next day, where a session is still trading and is held back.
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue(day)
  await expect(page.getByRole('note', { name: 'Sessions still open' })).toContainText('still open:')
  // Its closed session posts; exporting it again finds only the open one, held back.
  const nextDay = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await nextDay
  await expect(log.getByRole('row')).toHaveCount(3)
  await page.getByRole('button', { name: 'Export' }).click()
  await expect(
    page.getByText(/^Nothing new to export to Generic CSV journal: the rest/),
  ).toContainText('still open waits for an export after it closes')
  await expect(log.getByRole('row')).toHaveCount(3)
  await page.getByLabel('From', { exact: true }).fill(day)
  await page.getByLabel('To', { exact: true }).fill(day)
  await page.getByRole('button', { name: 'Export' }).click()
  await expect(page.getByText(/^Nothing new to export/)).toBeVisible()
  await expect(log.getByRole('row')).toHaveCount(3)

  const again = page.waitForEvent('download')
  await log.getByRole('button', { name: 'Download again' }).last().click()
  expect(await readFile((await (await again).path())!)).toEqual(bytes)

  // Locked through the exported day, the destination takes nothing dated on it: the screen says
  // where what it would post for that day goes.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel('Lock date of Generic CSV journal').fill(day)
  await destinations.getByRole('button', { name: 'Lock Generic CSV journal' }).click()
  await expect(destinations.getByRole('status')).toContainText(
    `Generic CSV journal is locked through ${day}`,
  )
  await page.getByRole('link', { name: 'Exports' }).click()
  await page.getByLabel('Format').selectOption('journal-csv')
  await page.getByLabel('From', { exact: true }).fill(day)
  await expect(page.getByRole('note', { name: 'Lock date' })).toContainText(
    `Generic CSV journal is locked through ${day}`,
  )
})
