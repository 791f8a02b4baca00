import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { useDemoShell, openSynced } from './demo-shell'

const shell = useDemoShell({ seed: 23, days: 1, locations: 2, billsPerSession: 4, live: false })

test('Settings → Backup: a backup is checked (dry run) and restored; a cut one is refused with its line, changing nothing', async ({
  page,
}) => {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  const locations = page.getByRole('region', { name: 'Locations' })
  const name = locations.getByRole('textbox', { name: 'Location name' }).first()
  await name.fill('Jalan Sabang')
  await locations.getByRole('button', { name: 'Save location names' }).click()
  await expect(locations.getByText('Location names saved.')).toBeVisible()

  await page.getByRole('link', { name: 'Till’s records', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Till’s records' })
  const downloading = page.waitForEvent('download')
  await panel.getByRole('button', { name: 'Back up Till’s records' }).click()
  const backup = await readFile((await (await downloading).path())!, 'utf8')
  const lines = backup.trimEnd().split('\n')
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'till-records-backup-end' })

  // Renamed meanwhile: the dry run says the backup would put the name back, and writes nothing.
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  await name.fill('Sabang Baru')
  await locations.getByRole('button', { name: 'Save location names' }).click()
  await expect(locations.getByText('Location names saved.')).toBeVisible()
  await page.getByRole('link', { name: 'Till’s records', exact: true }).click()
  const file = (text: string) => ({
    name: 'till-records.jsonl',
    mimeType: 'application/jsonl',
    buffer: Buffer.from(text),
  })
  await panel.getByLabel(/Check a backup \(dry run\)/).setInputFiles(file(backup))
  // Both names are replaced: the renamed one, and the other location's, which the demo named.
  await expect(panel.getByRole('status')).toContainText('location names: 2 replaced')
  await expect(panel.getByRole('status')).toContainText('Nothing was written.')

  // Cut at a line end, without its trailer: refused, naming the line.
  const cut = lines
    .slice(0, -1)
    .map((line) => `${line}\n`)
    .join('')
  await panel.getByLabel('Restore Till’s records from a backup').setInputFiles(file(cut))
  await expect(panel.getByRole('alert')).toContainText(
    `was not restored, and nothing changed. Line ${lines.length - 1} of the backup: the file ends without its trailer`,
  )
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  await expect(name).toHaveValue('Sabang Baru')

  await page.getByRole('link', { name: 'Till’s records', exact: true }).click()
  await panel.getByLabel('Restore Till’s records from a backup').setInputFiles(file(backup))
  await expect(panel.getByRole('status')).toContainText('Restored')
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  await expect(name).toHaveValue('Jalan Sabang')
})
