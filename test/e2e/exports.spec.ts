import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { readableDate, useDemoShell, zoneAtHour, openSynced } from './demo-shell'
import { parseCsvFile } from './csv-file'
import { screenLink } from '../support/screen-link'
import { cachedRecords } from './cache-read'

// Late evening there now: yesterday's sessions have all closed; today's earlier shift has
// closed and its last is still trading (the shop opens 06:30–09:00, closes 00:15–02:15).
const zone = zoneAtHour(23)
const shell = useDemoShell({
  seed: 11,
  timezone: zone,
  days: 1,
  locations: 1,
  billsPerSession: 12,
  live: false,
  appKey: 'demo_key_exports_e2e_4411',
})

// Weeks start on Monday in this locale.
test.use({ locale: 'en-GB' })

const DAY_MS = 86_400_000
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** Last week in the shop's zone, Monday to Sunday. */
function lastWeek(): { from: string; to: string } {
  const today = Date.parse(
    `${new Date().toLocaleDateString('en-CA', { timeZone: zone })}T00:00:00Z`,
  )
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS
  return { from: dayOf(monday - 7 * DAY_MS), to: dayOf(monday - DAY_MS) }
}

test("exports a day's generic journal CSV that balances, then nothing new", async ({ page }) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Exports' }).click()
  await expect(page.getByRole('heading', { name: 'Exports' })).toBeVisible()
  await page.getByLabel('Format').selectOption('journal-csv')
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('')
  const day = await page.getByLabel('From', { exact: true }).inputValue()
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  const download = await downloading
  // The file is named for the destination, the range and the batch's number.
  expect(download.suggestedFilename()).toBe(`till-generic-csv-journal-${day}-batch-1.csv`)
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
  const second = (await nextDay).suggestedFilename()
  expect(second).toMatch(/^till-generic-csv-journal-\d{4}-\d{2}-\d{2}-batch-2\.csv$/)
  await expect(log.getByRole('row')).toHaveCount(3)
  await expect(log.getByRole('row').nth(1)).toContainText(second)
  await expect(log.getByRole('row').nth(2)).toContainText(download.suggestedFilename())
  await page.getByRole('button', { name: 'Export' }).click()
  await expect(
    page.getByText(/^Nothing new to export to Generic CSV journal: the rest/),
  ).toContainText('still open waits for an export after it closes')
  await expect(log.getByRole('row')).toHaveCount(3)
  // Dates typed: the form's choice changes, and the banner of the last export goes.
  await page.getByLabel('From', { exact: true }).fill(day)
  await expect(page.getByText(/^Nothing new to export/)).toHaveCount(0)
  await page.getByLabel('To', { exact: true }).fill(day)
  await expect(page.getByLabel('Range chosen')).toHaveText(`${readableDate(day)}, all locations`)
  await page.getByRole('button', { name: 'Export' }).click()
  // The export that holds the day is named by its day as the shop reads it.
  await expect(page.getByText(/^Nothing new to export/)).toHaveText(
    new RegExp(`its export of .+ \\(${readableDate(day)}\\)\\.$`),
  )
  await expect(log.getByRole('row')).toHaveCount(3)

  // Download again: the same bytes, under the batch's own name.
  const again = page.waitForEvent('download')
  await log.getByRole('button', { name: 'Download again' }).last().click()
  expect((await again).suggestedFilename()).toBe(download.suggestedFilename())
  expect(await readFile((await (await again).path())!)).toEqual(bytes)

  // A preset: last week, Monday to Sunday in the shop's zone.
  const week = lastWeek()
  await page.getByLabel('Dates').selectOption({ label: 'Last week' })
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(week.from)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(week.to)
  await expect(page.getByLabel('Range chosen')).toHaveText(
    `${readableDate(week.from)} to ${readableDate(week.to)}, all locations`,
  )
  // Last closed day: yesterday, whose sessions have all closed.
  await page.getByLabel('Dates').selectOption({ label: 'Last closed day' })
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day)

  // The choices stay when the screen is left and when Till is loaded again.
  await screenLink(page, 'Sessions').click()
  await page.getByRole('link', { name: 'Exports' }).click()
  await expect(page.getByLabel('Format')).toHaveValue('journal-csv')
  await expect(page.getByLabel('Dates')).toHaveValue('last-closed-day')
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day)
  await page.getByLabel('Format').selectOption('bills')
  await page.getByLabel('Dates').selectOption({ label: 'Last week' })
  // A reload forgets a choice the cache has not written yet: wait until it has.
  await expect
    .poll(async () => {
      const [kept] = await cachedRecords(page, [['meta', 'export-choices:bills']])
      return String(kept?.value ?? '')
    })
    .toContain('last-week')
  await page.reload()
  await expect(page.getByLabel('Format')).toHaveValue('bills')
  await expect(page.getByLabel('Dates')).toHaveValue('last-week')
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(week.from)
  // Each destination keeps its own.
  await page.getByLabel('Format').selectOption('journal-csv')
  await expect(page.getByLabel('Dates')).toHaveValue('last-closed-day')
  // A table's files are numbered too: two exports of one range, two names.
  await page.getByLabel('Format').selectOption('bills')
  const tableNames: string[] = []
  for (const _ of [1, 2]) {
    const table = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export' }).click()
    tableNames.push((await table).suggestedFilename())
  }
  expect(tableNames).toEqual([
    `till-bills-${week.from}_${week.to}-export-1.csv`,
    `till-bills-${week.from}_${week.to}-export-2.csv`,
  ])

  // Locked through the exported day, the destination takes nothing dated on it: the screen says
  // where what it would post for that day goes.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel('Lock date of Generic CSV journal').fill(day)
  await destinations.getByRole('button', { name: 'Lock Generic CSV journal' }).click()
  await expect(destinations.getByRole('status')).toContainText(
    `Generic CSV journal is locked through ${readableDate(day)}`,
  )
  await page.getByRole('link', { name: 'Exports' }).click()
  // The screen opens on the format chosen last; the journal's own choices come with it.
  await expect(page.getByLabel('Format')).toHaveValue('bills')
  await page.getByLabel('Format').selectOption('journal-csv')
  await expect(page.getByLabel('Dates')).toHaveValue('last-closed-day')
  await page.getByLabel('From', { exact: true }).fill(day)
  await page.getByLabel('To', { exact: true }).fill(day)
  await expect(page.getByLabel('Format')).toHaveValue('journal-csv')
  await expect(page.getByRole('note', { name: 'Lock date' })).toContainText(
    `Generic CSV journal is locked through ${readableDate(day)}`,
  )
})
