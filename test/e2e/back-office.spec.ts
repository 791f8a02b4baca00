import { expect, test, type Page } from '@playwright/test'
import { distinctColours } from './screenshot'
import { goToAddress, openItemId } from './addresses'
import { savedProfiles } from '../support/browser-shell'
import { callShellBridge } from '../support/shell-bridge'
import type { DemoControl } from '../support/demo-control'
import { postSigned, webhookBody } from '../support/sign-webhook'
import { useDemoShell, openSynced, shopControl } from './demo-shell'
import { screenLink } from '../support/screen-link'

const APP_KEY = 'demo_key_back_office_e2e_7788'
const CONTROL_TOKEN = 'demo_control_back_office_e2e_5566'
const WEBHOOK_SECRET = 'whsec_demo_back_office_e2e_3344'
const shell = useDemoShell({
  seed: 5,
  days: 5,
  locations: 2,
  billsPerSession: 30,
  live: false,
  appKey: APP_KEY,
  controlToken: CONTROL_TOKEN,
  webhookSecret: WEBHOOK_SECRET,
})

/** Every expense as the service lists it, read with the demo shop's key like any client would. */
async function serviceExpenses(): Promise<Array<{ payment_method: string }>> {
  const demo = savedProfiles(shell()).find((p) => p.id === 'demo-shop')!
  const all: Array<{ payment_method: string }> = []
  for (let page = 1; ; page++) {
    const response = await fetch(`${demo.baseUrl}/apps-v1/expenses?page=${page}&limit=200`, {
      headers: { Authorization: `Bearer ${APP_KEY}`, 'X-Service-Store': demo.storeId },
    })
    const body = (await response.json()) as {
      data: Array<{ payment_method: string }>
      meta: { last_page: number }
    }
    all.push(...body.data)
    if (page >= body.meta.last_page) return all
  }
}

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

async function synced(page: Page): Promise<void> {
  await openSynced(page, shell())
}

test('a session opens with its figures, payments by method, expenses and bills', async ({
  page,
}) => {
  await synced(page)
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  const first = sessions.getByRole('button').first()
  const sessionName = (await first.textContent())!.trim()
  expect(sessionName).toMatch(/^\w{3} \d{1,2} \w{3} · .+ · .+–.+$/)
  await first.click()
  await expect(page.getByRole('heading', { name: `Session ${sessionName}` })).toBeFocused()
  const figures = page.getByRole('table', { name: `Sales of session ${sessionName}` })
  await expect(figures.getByRole('row', { name: /^Net sales/ })).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: `Payments by method of session ${sessionName}` })
      .getByRole('row'),
  ).not.toHaveCount(1)
  await expect(
    page.getByRole('table', { name: `Bills of session ${sessionName}` }).getByRole('row'),
  ).not.toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(figures).toHaveCount(0)
})

test('from a session, a sale opens with a link to its refund', async ({ page }) => {
  await synced(page)
  type Bill = { id: string; number: string; register_session_id: string }
  const [sale] = (await control()<{ data: Bill[] }>('POST', '/sales', { count: 1 })).data as [Bill]
  await control()('POST', `/bills/${sale.id}/refund`, {})
  await goToAddress(page, 'sessions', sale.register_session_id)
  const bills = page.getByRole('table', { name: /^Bills of session / })
  await bills.getByRole('button', { name: sale.number, exact: true }).click()
  const detail = page.getByRole('dialog', { name: `Bill ${sale.number}` })
  await expect(detail.getByRole('button', { name: /^Refund / })).toBeVisible({ timeout: 10_000 })
})

test('expenses filter by payment method, with counts that match the service', async ({ page }) => {
  await synced(page)
  const expected = await serviceExpenses()
  await page.getByRole('link', { name: 'Expenses', exact: true }).click()
  const totals = page.getByLabel('Expense totals')
  await expect(totals).toContainText(`Expenses${expected.length}`)
  const cash = expected.filter((e) => e.payment_method === 'cash').length
  await page.getByLabel('Payment method').selectOption('cash')
  await expect(totals).toContainText(`Expenses${cash}`)
  await expect(page.getByRole('table', { name: 'Expenses' }).getByRole('row')).toHaveCount(cash + 1)
})

test('Problems says plainly that nothing was set aside', async ({ page }) => {
  await synced(page)
  await page.getByRole('link', { name: 'Problems', exact: true }).click()
  await expect(page.getByText('None. Every record synced so far was readable.')).toBeVisible()
  await expect(page.getByText('None. Every synced bill adds up.')).toBeVisible()
  await expect(page.getByText('None. Every live update received so far was applied.')).toBeVisible()
})

test('a live update that cannot be applied is listed under Problems, to retry or dismiss', async ({
  page,
}) => {
  await synced(page)
  const demo = savedProfiles(shell()).find((p) => p.id === 'demo-shop')!
  const { url } = await callShellBridge<{ url: string }>(shell(), 'webhooks.status')
  const body = webhookBody(demo.storeId, 'register_session.closed', {
    register_session_id: 'rs-e2e-broken',
    location_id: 'loc-1',
    opening_cash: 'a lot',
  })
  expect((await postSigned(url, WEBHOOK_SECRET, body)).status).toBe(200)
  await page.getByRole('link', { name: 'Problems', exact: true }).click()
  const listed = page.getByRole('listitem').filter({ hasText: 'register_session.closed' })
  await expect(listed).toContainText('“a lot” is not an amount')
  await expect(page.getByRole('heading', { name: /could not apply \(1\)/ })).toBeVisible()

  // Retried, it is applied again, fails again and is set aside anew; dismissed, it is gone.
  type SetAside = { events: Array<{ setAsideAt: string }> }
  const setAsideAt = async () =>
    (await callShellBridge<SetAside>(shell(), 'webhooks.setAsideList', {})).events.map(
      (e) => e.setAsideAt,
    )
  const [first] = await setAsideAt()
  await listed.getByRole('button', { name: 'Retry' }).click()
  await expect.poll(setAsideAt).toEqual([expect.not.stringMatching(first!)])
  await expect(listed).toContainText('“a lot” is not an amount')
  await listed.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('None. Every live update received so far was applied.')).toBeVisible()
  expect(await callShellBridge(shell(), 'webhooks.setAsideList', {})).toMatchObject({
    events: [],
    kept: 0,
  })
})

test('every screen renders something a person can see', async ({ page }) => {
  await synced(page)
  for (const name of [
    'Sessions',
    'Bills',
    'Expenses',
    'Day close',
    'Exports',
    'Problems',
    'Settings',
  ]) {
    await screenLink(page, name).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const shot = await page.screenshot()
    expect(await distinctColours(page, shot), `${name} looks blank`).toBeGreaterThan(12)
  }
})

test('a session and a bill have their own address: a reload reopens them, named in the title', async ({
  page,
}) => {
  await synced(page)
  await expect(page).toHaveTitle('Sessions · Till')
  const first = page.getByRole('table', { name: 'Register sessions' }).getByRole('button').first()
  await expect(first).toHaveText(/\S/)
  await first.click()
  const sessionId = openItemId(page)
  expect(sessionId).toMatch(/\S/)
  // Named as the screen names it once open: the live shop can reorder the list, and a session's
  // start can move earlier as its history arrives, between reading a row and clicking it.
  const heading = page.getByRole('heading', { name: /^Session / })
  const sessionName = (await heading.textContent())!.trim().replace(/^Session /, '')
  await expect(page).toHaveTitle(`Session ${sessionName} · Till`)
  await page.reload()
  await expect(page.getByRole('heading', { name: `Session ${sessionName}` })).toBeVisible()
  await expect(page.getByRole('table', { name: `Bills of session ${sessionName}` })).toBeVisible()
  await expect(page).toHaveTitle(`Session ${sessionName} · Till`)
  expect(openItemId(page)).toBe(sessionId)

  await page.getByRole('link', { name: 'Bills', exact: true }).click()
  await expect(page).toHaveTitle('Bills · Till')
  const row = page.getByRole('grid', { name: 'Bills' }).getByRole('row').nth(1)
  const number = (await row.locator('td').first().textContent())!
  await row.click()
  const panel = page.getByRole('dialog', { name: `Bill ${number}` })
  await expect(panel).toBeVisible()
  await expect(page).toHaveTitle(`Bill ${number} · Till`)
  await page.reload()
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('table', { name: 'Lines' })).toBeVisible()
  await expect(page).toHaveTitle(`Bill ${number} · Till`)
  // Closing it goes back to the list's own address, and Back reopens the bill.
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toHaveCount(0)
  expect(openItemId(page)).toBeNull()
  await page.goBack()
  await expect(panel).toBeVisible()
})

test('a skip link leads past the header and navigation to the screen', async ({ page }) => {
  await synced(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  const address = page.url()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  // The fragment is the router's: the skip link leaves it alone.
  expect(page.url()).toBe(address)
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
})
