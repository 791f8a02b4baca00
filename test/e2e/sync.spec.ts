import { expect, test } from '@playwright/test'
import { openTill } from '../support/browser-shell'
import type { DemoControl } from '../support/demo-control'
import { useDemoShell, openSynced, shopControl } from './demo-shell'
import { goToAddress } from './addresses'

const CONTROL_TOKEN = 'e2e-demo-control-token-5c1d'
const shell = useDemoShell({
  seed: 11,
  days: 4,
  locations: 2,
  billsPerSession: 60,
  live: false,
  controlToken: CONTROL_TOKEN,
})

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

test('demo mode syncs with visible progress, shows sessions, and a new sale appears within 5 s', async ({
  page,
}) => {
  await openTill(page, shell())
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
  const progress = page.getByRole('progressbar', { name: 'Sync progress' })
  await expect(progress).toBeVisible()
  await expect(page.locator('.sync-count')).toHaveText(/: [\d,]+( of [\d,]+)?/)
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })

  const sessions = page.getByRole('table', { name: 'Register sessions' })
  await expect(sessions.getByRole('row')).not.toHaveCount(1)
  type Sale = { number: string; register_session_id: string }
  const [sale] = (await control()<{ data: Sale[] }>('POST', '/sales', { count: 1 })).data as [Sale]
  await goToAddress(page, 'sessions', sale.register_session_id)
  const bills = page.getByRole('table', { name: /^Bills of session / })
  await expect(bills.getByRole('cell', { name: sale.number, exact: true })).toBeVisible({
    timeout: 5_000,
  })
})

test('with the service cut off, Till says it is offline and the saved data stays browsable', async ({
  page,
}) => {
  await openSynced(page, shell())
  await control()('PUT', '/faults', { dropped_connection: { rate: 1 } })
  try {
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Offline — showing what Till has saved' }),
    ).toBeVisible({ timeout: 60_000 })
    const sessions = page.getByRole('table', { name: 'Register sessions' })
    await expect(sessions.getByRole('row')).not.toHaveCount(1)
    const first = sessions.getByRole('button').first()
    const sessionName = (await first.textContent())!.trim()
    await first.click()
    await expect(
      page.getByRole('table', { name: `Bills of session ${sessionName}` }).getByRole('row'),
    ).not.toHaveCount(1)
  } finally {
    await control()('DELETE', '/faults')
  }
})

test('Settings shows the webhook receiver listening, with what it received', async ({ page }) => {
  await openTill(page, shell())
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Live updates', exact: true }).click()
  await expect(page).toHaveTitle('Live updates · Settings · Till')
  const status = page.getByLabel('Webhook receiver status')
  await expect(status).toContainText('Listening')
  await expect(status).toContainText(/http:\/\/127\.0\.0\.1:\d+\/webhooks/)
  // The sale of the first test arrived as signed events: at least one was accepted.
  await expect(status.getByText(/^[1-9]\d* \/ \d+ \/ \d+$/)).toBeVisible()
})

test('the sync schedule is set per connection in Settings, and limits are explained', async ({
  page,
}) => {
  await openTill(page, shell())
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Sync schedule', exact: true }).click()
  await page.getByLabel('Sweep every (minutes)').fill('30')
  await page.getByLabel('Deep sweep covers (days)').fill('10')
  await page.getByRole('button', { name: 'Save schedule', exact: true }).click()
  await expect(
    page.getByText('Saved: a sweep every 30 minutes; the daily deep sweep re-reads 10 days.'),
  ).toBeVisible()
  await page.getByLabel('Deep sweep covers (days)').fill('400')
  await page.getByRole('button', { name: 'Save schedule', exact: true }).click()
  await expect(page.getByText('The deep sweep covers 1 to 60 days.')).toBeVisible()
  // The section has its own address: a reload comes back to it.
  await page.reload()
  await expect(page.getByLabel('Sweep every (minutes)')).toHaveValue('30')
})

test('a sync Till starts on its own leaves "Sync now" as it is; pressing it makes the run yours to cancel', async ({
  page,
}) => {
  await openSynced(page, shell())
  // Slow answers keep the background run going long enough to look at.
  await control()('PUT', '/faults', { slow: { rate: 1, delay_ms: 2_000 } })
  try {
    // The sale's webhook starts a sync in the background.
    await control()('POST', '/sales', { count: 1 })
    await expect(page.getByRole('status').filter({ hasText: 'Checking for changes…' })).toBeVisible(
      { timeout: 15_000 },
    )
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Cancel sync' })).toHaveCount(0)
    await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible()
    await page.getByRole('button', { name: 'Cancel sync' }).click()
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 15_000 })
  } finally {
    await control()('DELETE', '/faults')
  }
})
