import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { openTill } from '../support/browser-shell'
import { useDemoShell } from './demo-shell'

const shell = useDemoShell({ seed: 26, days: 14, locations: 1, billsPerSession: 4, live: false })

/** The CAMT.053 statement main wrote for this launch of the demo shop (docs/deposits.md). */
function demoBankStatement(dataDir: string): string {
  const folder = join(dataDir, 'demo-bank')
  const name = readdirSync(folder).find((file) => file.endsWith('.xml'))
  if (!name) throw new Error(`no CAMT.053 statement in ${folder}`)
  return join(folder, name)
}

test('Deposits: the demo shop’s own bank statement is imported, Till matches it on its own and the older takings all reach the bank', async ({
  page,
}) => {
  await openTill(page, shell())
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  const waiting = page.getByRole('table', { name: 'Still waiting' })
  await expect(waiting).toBeVisible()

  const importing = page.getByRole('region', { name: 'Import a bank statement' })
  await importing.getByLabel('Statement file').setInputFiles(demoBankStatement(shell().dataDir))
  await expect(importing.getByText(/read as CAMT\.053\./)).toBeVisible()
  await importing.getByRole('button', { name: /^Import \d+ lines$/ }).click()
  await expect(importing.getByRole('status')).toContainText(/Imported \d+ new lines/)

  // Matched by Till, each by one of its rules, and none by a person.
  const matched = page.getByRole('table', { name: 'Matched' })
  const automatic = matched
    .getByRole('row')
    .filter({ hasText: /Exact amount|Within the fee|Several days in one deposit/ })
  await expect(automatic.first()).toBeVisible()
  expect(await automatic.count()).toBeGreaterThan(3)
  await expect(matched).not.toContainText('Matched by hand')

  // Every clearing account: what the bank has had time to pay (older than a week) has all reached it.
  const rows = waiting.getByRole('row').filter({ has: page.getByRole('rowheader') })
  const accounts = await rows.count()
  for (let i = 0; i < accounts; i++) {
    const older = rows.nth(i).getByRole('cell').nth(3)
    await expect(older).toHaveText(/^\D*0$/)
  }
})
