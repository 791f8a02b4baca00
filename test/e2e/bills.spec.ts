import { expect, test, type Page } from '@playwright/test'
import { distinctColours } from './screenshot'
import { savedProfiles } from '../support/browser-shell'
import { useDemoShell, openSynced } from './demo-shell'

const APP_KEY = 'demo_key_bills_e2e_41d7'
// A fixed clock: how many refunds the seeded shop has made depends on the hour it is asked at,
// and this shop has two at this instant.
const shell = useDemoShell({
  seed: 31,
  now: '2026-11-20T12:00:00.000Z',
  days: 3,
  locations: 2,
  billsPerSession: 25,
  live: false,
  appKey: APP_KEY,
})

interface ServiceBill {
  id: string
  register_session_id: string | null
  number: string
  type: string
  parent_bill_id: string | null
  payments: Array<{ method: string; reversed_at: string | null }>
}

/** Reads the Apps API with the demo shop's key, as any client would. */
async function service<T>(path: string): Promise<T> {
  const demo = savedProfiles(shell()).find((p) => p.id === 'demo-shop')!
  const response = await fetch(`${demo.baseUrl}/apps-v1${path}`, {
    headers: { Authorization: `Bearer ${APP_KEY}`, 'X-Service-Store': demo.storeId },
  })
  expect(response.ok, `${path}: ${response.status}`).toBe(true)
  return (await response.json()) as T
}

/** Every bill of the demo shop with its payments: the list, then each bill's detail. */
async function serviceBills(): Promise<ServiceBill[]> {
  const summaries: Array<{ id: string }> = []
  for (let page = 1; ; page++) {
    const body = await service<{ data: Array<{ id: string }>; meta: { last_page: number } }>(
      `/sales/bills/location/all?page=${page}&limit=200`,
    )
    summaries.push(...body.data)
    if (page >= body.meta.last_page) break
  }
  return Promise.all(summaries.map((s) => service<ServiceBill>(`/sales/bills/${s.id}`)))
}

const paidWith = (bill: ServiceBill, method: string): boolean =>
  bill.payments.some((p) => p.method === method && p.reversed_at === null)

async function openBills(page: Page): Promise<void> {
  await openSynced(page, shell())
  await page.getByRole('link', { name: 'Bills', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible()
}

const count = (n: number): string => n.toLocaleString('en-US')

test('filtering by type and by payment method shows the counts the service has', async ({
  page,
}) => {
  const bills = await serviceBills()
  const refunds = bills.filter((b) => b.type === 'refund').length
  const card = bills.filter((b) => paidWith(b, 'card')).length
  const cashSales = bills.filter((b) => b.type === 'sale' && paidWith(b, 'cash')).length
  expect(refunds).toBeGreaterThan(0)
  expect(card).toBeGreaterThan(0)

  await openBills(page)
  const status = page.locator('.data-table-count')
  // Payment methods come with each bill's detail, which the sync fetches after the lists.
  await expect(status).toHaveText(`${count(bills.length)} bills`, { timeout: 30_000 })

  await page.getByLabel('Type').selectOption('refund')
  await expect(status).toHaveText(`${count(refunds)} bills match`)
  const grid = page.getByRole('grid', { name: 'Bills' })
  await expect(grid).toHaveAttribute('aria-rowcount', String(refunds + 1))
  await expect(grid.getByRole('row').nth(1)).toContainText('Refund')
  // A refund is money going out, in a state of its own.
  const refundCells = grid.getByRole('row').nth(1).locator('td')
  await expect(refundCells.last()).toHaveText('Refunded')
  await expect(refundCells.nth(5)).toHaveText(/^[-−]/)

  await page.getByLabel('Type').selectOption('')
  await page.getByLabel('Payment method').selectOption('card')
  await expect(status).toHaveText(`${count(card)} bills match`, {
    timeout: 30_000,
  })

  await page.getByLabel('Payment method').selectOption('cash')
  await page.getByLabel('Type').selectOption('sale')
  await expect(status).toHaveText(`${count(cashSales)} bills match`)

  await page.getByLabel('Bill number').fill('no-such-bill')
  await expect(page.getByText('No bill matches these filters.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).last().click()
  await expect(status).toHaveText(`${count(bills.length)} bills`)
})

test('a refund opens in the detail panel, and its parent link opens the sale it refunds', async ({
  page,
}) => {
  const bills = await serviceBills()
  const byId = new Map(bills.map((b) => [b.id, b]))
  await openBills(page)
  await page.getByLabel('Type').selectOption('refund')
  const grid = page.getByRole('grid', { name: 'Bills' })
  await expect(grid.getByRole('row').nth(1)).toContainText('Refund')
  // A refund of a sale that was paid, so the sale's panel has payments to show.
  const refund = bills.find(
    (b) => b.type === 'refund' && byId.get(b.parent_bill_id!)!.payments.length > 0,
  )!
  const refundNumber = refund.number
  const parent = byId.get(refund.parent_bill_id!)!
  const refundRow = grid.getByRole('row').filter({ hasText: refundNumber })

  await refundRow.click()
  const panel = page.getByRole('dialog', { name: `Bill ${refundNumber}` })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('table', { name: 'Lines' }).getByRole('row')).not.toHaveCount(1)
  // Times are labelled with the merchant's zone.
  await expect(panel.getByRole('term').filter({ hasText: /^Time \(\w+\/\w+\)$/ })).toBeVisible()

  await panel.getByRole('button', { name: `Sale ${parent.number}` }).click()
  const parentPanel = page.getByRole('dialog', { name: `Bill ${parent.number}` })
  await expect(parentPanel).toBeVisible()
  const children = parentPanel.getByRole('region', { name: 'Refunds and voids' })
  await expect(children.getByRole('button', { name: `Refund ${refundNumber}` })).toBeVisible()
  await expect(parentPanel.getByRole('table', { name: 'Payments' })).toBeVisible()
})

test('the table is walked with the keyboard alone: arrows, Home, End, Enter and Escape', async ({
  page,
}) => {
  await openBills(page)
  await expect(page.locator('.data-table-count')).toHaveText(/^[\d,]+ bills$/)
  const grid = page.getByRole('grid', { name: 'Bills' })
  const rows = Number(await grid.getAttribute('aria-rowcount')) - 1
  expect(rows).toBeGreaterThan(20)
  const focusedRowIndex = (): Promise<string | null> =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex') ?? null)

  // Tab from the top of the page until the focus reaches the table's single tab stop.
  for (let presses = 0; presses < 40 && (await focusedRowIndex()) === null; presses++)
    await page.keyboard.press('Tab')
  expect(await focusedRowIndex()).toBe('2')

  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  expect(await focusedRowIndex()).toBe('3')
  await page.keyboard.press('End')
  await expect.poll(focusedRowIndex).toBe(String(rows + 1))
  await page.keyboard.press('Home')
  await expect.poll(focusedRowIndex).toBe('2')
  await page.keyboard.press('PageDown')
  await expect.poll(async () => Number(await focusedRowIndex())).toBeGreaterThan(4)
  const before = await focusedRowIndex()
  const number = await page.evaluate(
    () => document.activeElement?.querySelector('td')?.textContent ?? '',
  )

  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: `Bill ${number}` })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('heading', { name: `Bill ${number}` })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect.poll(focusedRowIndex).toBe(before)
  await expect(grid.locator(`tr[aria-rowindex="${before}"]`)).toBeFocused()
})

test('the Bills screen and its detail panel render something a person can see', async ({
  page,
}) => {
  await openBills(page)
  await page.getByRole('grid', { name: 'Bills' }).getByRole('row').nth(1).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  const colours = await distinctColours(page, await page.screenshot())
  expect(colours).toBeGreaterThan(12)
})

test('the Session filter is a combobox: type words of a session’s name, choose with the keyboard', async ({
  page,
}) => {
  const bills = await serviceBills()
  const perSession = new Map<string, number>()
  for (const b of bills)
    if (b.register_session_id)
      perSession.set(b.register_session_id, (perSession.get(b.register_session_id) ?? 0) + 1)
  await openBills(page)
  const status = page.locator('.data-table-count')
  await expect(status).toHaveText(`${count(bills.length)} bills`, { timeout: 30_000 })

  const session = page.getByRole('combobox', { name: 'Session' })
  await session.focus()
  await page.keyboard.press('ArrowDown')
  await expect(session).toHaveAttribute('aria-expanded', 'true')
  const options = page.getByRole('listbox', { name: 'Session' }).getByRole('option')
  await expect(options.first()).toHaveText('Any')
  const name = (await options.nth(2).textContent())!
  const [day, location] = name.split(' · ')
  // Words in any order and case narrow the list.
  await session.fill(`${location!.toLowerCase()} ${day}`)
  await expect(options.filter({ hasText: name })).toHaveCount(1)
  const position = await options.evaluateAll(
    (all, wanted) => all.findIndex((o) => o.textContent === wanted),
    name,
  )
  for (let i = 0; i < position; i++) await page.keyboard.press('ArrowDown')
  await expect(session).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(position).getAttribute('id'))!,
  )
  await page.keyboard.press('Enter')
  await expect(session).toHaveAttribute('aria-expanded', 'false')
  await expect(session).toHaveValue(name)

  await expect(status).toHaveText(/ bills match$/)
  const matched = Number((await status.textContent())!.replace(/\D/g, ''))
  expect([...perSession.values()]).toContain(matched)
  const grid = page.getByRole('grid', { name: 'Bills' })
  // Beside each bill's date and location, the table names its session by its hours.
  const hours = name.split(' · ')[2]!
  const sessionCells = grid.getByRole('row').locator('td:nth-child(5)')
  await expect(sessionCells.first()).toHaveText(hours)
  for (const text of await sessionCells.allTextContents()) expect(text).toBe(hours)
  const locations = await grid.getByRole('row').locator('td:nth-child(4)').allTextContents()
  expect(new Set(locations)).toEqual(new Set([location]))

  // Escape on a closed combobox clears the choice.
  await page.keyboard.press('Escape')
  await expect(session).toHaveValue('')
  await expect(status).toHaveText(`${count(bills.length)} bills`)
})
