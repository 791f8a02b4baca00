import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { useDemoShell, openSynced } from './demo-shell'
import { parseCsvFile } from './csv-file'
import { screenLink } from '../support/screen-link'

const shell = useDemoShell({ seed: 19, days: 2, locations: 2, billsPerSession: 8, live: false })

test('the demo shop’s locations come named; a location named once in Settings (a row per location) goes by its name on Account mapping, Sessions, Bills, Day close, its print and in a Xero export', async ({
  page,
}) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Locations' })
  const fields = panel.getByRole('textbox', { name: 'Location name', exact: true })
  await expect(fields).toHaveCount(2)
  // The demo shop's locations come with the demo's own names: no "Location 101" to a new user.
  for (const field of await fields.all()) await expect(field).not.toHaveValue('')
  const otherName = await fields.nth(1).inputValue()
  const first = panel.getByRole('group').first()
  const locationId = (await first.locator('legend').textContent())!.replace('Location ', '')
  await first.getByRole('textbox', { name: 'Location name' }).fill('Jalan Sabang')
  await panel.getByRole('button', { name: 'Save location names' }).click()
  await expect(panel.getByText('Location names saved.')).toBeVisible()
  // One row per location: its id beside its field, the fields in one column, each in its group.
  const layout = await panel.getByRole('group').evaluateAll((groups) =>
    groups.map((group) => {
      const box = (el: Element | null) => el!.getBoundingClientRect()
      const [g, legend, input] = [
        box(group),
        box(group.querySelector('legend')),
        box(group.querySelector('input')),
      ]
      return {
        inside: input.left >= g.left && input.right <= g.right,
        beside:
          legend.right <= input.left && legend.top < input.bottom && legend.bottom > input.top,
        left: Math.round(input.left),
      }
    }),
  )
  expect(layout.map((r) => [r.inside, r.beside])).toEqual(layout.map(() => [true, true]))
  expect(new Set(layout.map((r) => r.left)).size).toBe(1)

  await page.getByRole('link', { name: 'Account mapping', exact: true }).click()
  const scope = page.getByLabel('Accounts for', { exact: true })
  await expect(scope.locator('option', { hasText: 'Jalan Sabang only' })).toHaveCount(1)
  await expect(scope.locator('option', { hasText: `Location ${locationId} only` })).toHaveCount(0)

  await screenLink(page, 'Sessions').click()
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  // Sessions are named "Mon 23 Nov · <location> · 19:24–02:10".
  await expect(sessions.getByRole('button', { name: / · Jalan Sabang · / }).first()).toBeVisible()
  await expect(sessions.getByRole('button', { name: ` · ${locationId} · ` })).toHaveCount(0)
  // The other location keeps the demo's name; none goes by its number.
  await expect(sessions.getByRole('button', { name: ` · ${otherName} · ` }).first()).toBeVisible()
  await expect(sessions.getByRole('button', { name: / · Location \d+ · / })).toHaveCount(0)

  await page.getByRole('link', { name: 'Bills', exact: true }).click()
  const bills = page.getByRole('grid', { name: 'Bills' })
  await expect(
    bills.getByRole('gridcell', { name: 'Jalan Sabang', exact: true }).first(),
  ).toBeVisible()
  await expect(bills.getByRole('gridcell', { name: locationId, exact: true })).toHaveCount(0)

  await page.getByRole('link', { name: 'Day close', exact: true }).click()
  const location = page.getByLabel('Location', { exact: true })
  await location.selectOption({ label: 'Jalan Sabang' })
  await expect(location).toHaveValue(locationId)
  await expect(page.locator('.print-header')).toContainText('Jalan Sabang')

  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  await page.getByLabel('Format').selectOption('xero')
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Jalan Sabang' })
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  const rows = parseCsvFile(await readFile((await (await downloading).path())!))
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows)
    expect(row).toMatchObject({ TrackingName1: 'Location', TrackingOption1: 'Jalan Sabang' })
})
