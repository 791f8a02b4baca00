import { expect, test } from '@playwright/test'
import { openTill } from '../support/browser-shell'
import { WITHOUT_KEYTAR } from '../support/without-keytar'
import { useDemoShell } from './demo-shell'

// The built browser shell on a machine where npm install could not build keytar (issue 14, 9).
const shell = useDemoShell(
  { days: 1, locations: 1, billsPerSession: 5, live: false },
  { NODE_OPTIONS: WITHOUT_KEYTAR },
)

test('without keytar built, the demo shop runs and Settings says what to install', async ({
  page,
}) => {
  await openTill(page, shell())
  await expect(page.getByLabel('Active connection')).toHaveText('Demo shop')
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(
    page.getByRole('listitem', { name: 'Demo shop' }).getByTestId('api-key-status'),
  ).toHaveText(/^•••• .{4}$/)

  const problem = page.getByRole('alert').filter({ hasText: 'can’t use the system keychain' })
  await expect(problem).toContainText(
    "Till's keychain module (keytar) is not built on this machine. On Debian or Ubuntu run sudo apt install libsecret-1-dev",
  )
  await expect(problem).toContainText('then npm install in Till')

  await page.getByLabel('Connection name').fill('High street')
  await page.getByLabel('Service URL').fill('https://pos.example.com')
  await page.getByLabel('API key').fill('real-key-never-in-memory-1234')
  await page.getByLabel('Store ID').fill('store-77')
  await page.getByRole('button', { name: 'Save connection' }).click()
  // Refused, and the form says the same.
  await expect(page.getByRole('status').filter({ hasText: 'then npm install in Till' })).toHaveText(
    (await problem.locator('p').nth(1).textContent())!,
  )
  await expect(page.getByRole('listitem', { name: 'High street' })).toHaveCount(0)
})
