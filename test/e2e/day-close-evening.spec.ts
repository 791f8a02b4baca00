import { expect, test, type Locator, type Page } from '@playwright/test'
import type { DemoControl } from '../support/demo-control'
import { useDemoShell, shopControl, yesterdayMiddayInJakarta } from './demo-shell'
import { idr, openDayCloseScreen, recordFloatFirst } from './day-close-page'
import { screenLink } from '../support/screen-link'

/**
 * The day close as a shop runs it in the evening, on a demo shop in IDR whose clock stands at
 * midday (Jakarta) of yesterday: today's sessions trade, yesterday's are over but no close event
 * ever came for them (the history is synced by polling). Till's page is held at the same moment.
 */

const CONTROL_TOKEN = 'demo_control_day_close_evening_e2e_4242'

const DEMO_NOW = yesterdayMiddayInJakarta()

const shell = useDemoShell({
  seed: 41,
  timezone: 'Asia/Jakarta',
  currency: 'IDR',
  now: DEMO_NOW,
  days: 2,
  locations: 2,
  billsPerSession: 12,
  live: false,
  controlToken: CONTROL_TOKEN,
})

/** The demo shop's control API. */
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

// Till's clock a few minutes after the demo shop's: the shop's sessions of the day still trade.
const openDayClose = (page: Page): Promise<void> =>
  openDayCloseScreen(page, shell(), { clockAt: new Date(Date.parse(DEMO_NOW) + 10 * 60_000) })

// A session is headed by its label: "Session Mon 16 Nov · Salmiya · 08:10–17:45".
const sessionRegions = (page: Page): Locator => page.getByRole('region', { name: /^Session / })

async function expectedCashOf(session: Locator): Promise<number> {
  const name = (await session.getByRole('heading', { level: 2 }).textContent())!.replace(
    'Session ',
    '',
  )
  const drawer = session.getByRole('table', { name: `Cash drawer of session ${name}` })
  return idr(
    (await drawer
      .getByRole('row', { name: /Expected cash/ })
      .getByRole('cell')
      .textContent())!,
  )
}

async function netSalesOf(region: Locator, subject: string): Promise<number> {
  const sales = region.getByRole('table', { name: `Sales of ${subject}` })
  return idr(
    (await sales
      .getByRole('row', { name: /Net sales/ })
      .getByRole('cell')
      .textContent())!,
  )
}

/**
 * The net sales of the sessions shown, added up as they are now: a reconciled session shows its
 * frozen figures beside the current ones.
 */
async function sessionsNetSales(page: Page): Promise<number> {
  const names = await sessionRegions(page).getByRole('heading', { level: 2 }).allTextContents()
  let sum = 0
  for (const name of names.map((t) => t.replace('Session ', ''))) {
    const region = page.getByRole('region', { name: `Session ${name}`, exact: true })
    const changed = region.getByRole('table', { name: 'Frozen and current figures' })
    const netNow = changed.getByRole('row', { name: /^Net sales/ })
    sum +=
      (await netNow.count()) > 0
        ? idr((await netNow.getByRole('cell').last().textContent())!)
        : await netSalesOf(region, `session ${name}`)
  }
  return sum
}

test('a session with no close event is shown closed once a later one started, today’s is open; the printout names the shop, location and date', async ({
  page,
}) => {
  await openDayClose(page)
  const dates = page.getByLabel('Business date')
  // The evening opens on its work: the newest day with a session to count, not today's, which
  // is still trading.
  await expect(
    sessionRegions(page).first().getByText('Status: Closed (no close event)'),
  ).toBeVisible()
  const today = (await dates.locator('option').first().getAttribute('value'))!
  expect(await dates.inputValue()).not.toBe(today)
  await dates.selectOption(today)
  await expect(sessionRegions(page).first().getByText('Status: Open')).toBeVisible()
  // The day chosen is kept for this PC: leaving the screen and coming back opens it again.
  await screenLink(page, 'Sessions').click()
  await screenLink(page, 'Day close').click()
  await expect(dates).toHaveValue(today)
  await expect(sessionRegions(page).first().getByText('Status: Open')).toBeVisible()
  await dates.selectOption({ index: 1 })
  const yesterday = sessionRegions(page).first()
  await expect(yesterday.getByText('Status: Closed (no close event)')).toBeVisible()
  // Its record stays open, but its name never says so: no close time is recorded.
  await expect(yesterday.getByRole('heading', { level: 2 })).toHaveText(
    /^Session \w{3} \d{1,2} \w{3} · .+ · .+–close not recorded$/,
  )
  // The demo shop closes after midnight, under 12 hours before its midday: the later session is
  // what says this one is over.
  await expect(
    yesterday.getByText(
      /no close event came, but a later session has started or no bill came for 12 hours/,
    ),
  ).toBeVisible()

  // On paper: the shop, the location and the date at the top, lines to sign under each session.
  const location = await page
    .getByLabel('Location', { exact: true })
    .locator('option:checked')
    .textContent()
  const date = await dates.locator('option:checked').textContent()
  await page.emulateMedia({ media: 'print' })
  // Paper shows them in every page's top margin (day-close-screen.css, @page), which reads them
  // from the root's style; day-sheet-print.spec.ts reads them off each page of the PDF.
  const header = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--day-sheet-header'),
  )
  expect(header).toContain('Demo shop')
  expect(header).toContain(`Day close of ${location} · ${date}`)
  await expect(yesterday.getByText('Checked by')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await expect(page.locator('#content').getByText('Demo shop', { exact: true })).toBeHidden()

  await screenLink(page, 'Sessions').click()
  const table = page.getByRole('table', { name: 'Register sessions' })
  await expect(table.getByRole('cell', { name: 'Closed (no close event)' }).first()).toBeVisible()
  await expect(table.getByRole('cell', { name: 'Open', exact: true }).first()).toBeVisible()
  const named = (status: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: status, exact: true }) })
      .first()
      .getByRole('button')
  await expect(named('Closed (no close event)')).toHaveText(/–close not recorded$/)
  await expect(named('Open')).toHaveText(/–open$/)
})

test('a drawer counted by notes and coins, in IDR as the locale writes it, and a variance needs a note', async ({
  page,
}) => {
  await openDayClose(page)
  await page.getByLabel('Business date').selectOption({ index: 1 })
  const session = sessionRegions(page).first()
  const counted = session.getByLabel('Counted cash')

  await session.getByLabel('Number of IDR 100,000 notes').fill('3')
  await session.getByLabel('Number of IDR 500 coins').fill('2')
  await expect(counted).toHaveValue('301,000')
  await session.getByLabel('Number of IDR 500 coins').fill('')
  await expect(counted).toHaveValue('300,000')

  await counted.fill('')
  await counted.pressSequentially('300000')
  await expect(counted).toHaveValue('300,000')
  // A dot typed in a whole-rupiah amount is kept as typed (never turned into a comma) and read
  // as the grouping it is.
  await counted.fill('')
  await counted.pressSequentially('300.000')
  await expect(counted).toHaveValue('300.000')
  await expect(counted).toHaveAccessibleDescription('Whole amounts, e.g. 1,234,500 or 1234500.')
  await recordFloatFirst(session, '100000')
  const expected = await expectedCashOf(session)
  const variance = session.getByRole('status', { name: 'Cash variance' })
  await expect(variance).toContainText(expected > 300_000 ? '(short)' : '(over)')
  expect(idr((await variance.textContent())!.replace(/\((short|over)\)/, ''))).toBe(
    300_000 - expected,
  )

  await session.getByLabel('Counted by (name or initials)').fill('E2E')
  const confirm = session.getByRole('button', { name: 'Confirm count' })
  await expect(confirm).toBeDisabled()
  await expect(
    session.getByText('Say why the count differs in the variance note to confirm.'),
  ).toBeVisible()
  await session.getByLabel('Variance note').fill('Float left in the safe')
  await confirm.click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  await expect(session.getByText('Float left in the safe')).toBeVisible()
  expect(idr((await session.getByLabel('Frozen cash variance').textContent())!)).toBe(
    300_000 - expected,
  )
})

test('a mid-shift count is flagged, and updated when the close event brings the opening cash; the Day total adds the sessions up', async ({
  page,
}) => {
  await openDayClose(page)
  await page.getByLabel('Business date').selectOption({ index: 0 })
  const session = sessionRegions(page).first()
  await expect(session.getByText('Status: Open')).toBeVisible()
  const sessionId = await session.getAttribute('data-session-id')

  // No close event yet: the opening float is the manager's to record, before any count, and the
  // expected cash says so; a pay-out and a drop to the safe take cash out of the drawer.
  const before = await expectedCashOf(session)
  const name = await session.getByRole('heading', { level: 2 }).textContent()
  const movements = session.getByRole('table', {
    name: `Cash movements of ${name!.replace(/^Session/, 'session')}`,
  })
  const form = session.getByRole('form', { name: 'Record a cash movement' })
  const record = async (kind: string, amount: string, note = ''): Promise<void> => {
    await form.getByLabel('Movement', { exact: true }).selectOption({ label: kind })
    await form.getByLabel('Amount', { exact: true }).fill(amount)
    await form.getByLabel('Moved by (name or initials)').fill('E2E')
    await form.getByLabel('Note', { exact: true }).fill(note)
    await form.getByRole('button', { name: 'Record movement' }).click()
  }
  await record('Opening float', '200000')
  // The float is dated at the session's start (its first bill: no close event gives the opening
  // time yet), with its date, not at the typing time; the opening-time wording is not a float's.
  const times = (await session.locator('.session-times').textContent())!
  const firstBill =
    /First bill (.+?) \(the register's opening time comes with its close event\)/.exec(times)![1]!
  await expect(movements.locator('tbody tr').first().getByRole('cell').first()).toHaveText(
    firstBill,
  )
  // A time outside the session is refused, and says what the session's span is.
  await form.getByLabel(/^Time \(/).fill('2000-01-01T09:00')
  await form.getByLabel('Movement', { exact: true }).selectOption({ label: 'Pay-in' })
  await form.getByLabel('Amount', { exact: true }).fill('1000')
  await form.getByLabel('Moved by (name or initials)').fill('E2E')
  await form.getByRole('button', { name: 'Record movement' }).click()
  await expect(form.getByRole('alert')).toHaveText(/^Set a time within the session: /)
  await expect(movements.locator('tbody tr')).toHaveCount(1)
  await form.getByLabel(/^Time \(/).fill('')
  await expect(session.getByRole('status', { name: 'Expected cash' })).toHaveText(
    `IDR ${(before + 200_000).toLocaleString('en-US')}`,
  )
  await expect(session.getByText('(entered as the opening float)')).toBeVisible()
  await record('Pay-out', '60000', 'ice for the cooler')
  await record('Drop to safe', '100000')
  await expect(movements.getByRole('row')).toHaveCount(4)
  // The pay-out was 50,000: the correction replaces it, and both stay listed.
  await movements.getByRole('button', { name: /^Correct the pay-out of IDR\s60,000/ }).click()
  const correction = session.getByRole('form', { name: 'Correct a cash movement' })
  await correction.getByLabel('Amount', { exact: true }).fill('50000')
  await correction.getByLabel('Moved by (name or initials)').fill('E2E')
  await correction.getByRole('button', { name: 'Record the correction' }).click()
  await expect(movements.getByRole('row')).toHaveCount(5)
  await expect(movements.getByText(/replaces the pay-out of IDR\s60,000/)).toBeVisible()
  const expected = before + 200_000 - 50_000 - 100_000
  await expect(session.getByRole('status', { name: 'Expected cash' })).toHaveText(
    `IDR ${expected.toLocaleString('en-US')}`,
  )
  // On paper the movements are listed, corrections with them, without the buttons and the form.
  await page.emulateMedia({ media: 'print' })
  await expect(movements.getByText(/replaces the pay-out of IDR\s60,000/)).toBeVisible()
  await expect(movements.getByRole('button').first()).toBeHidden()
  await expect(form).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await session.getByLabel('Counted cash').fill(String(expected))
  await session.getByLabel('Counted by (name or initials)').fill('E2E')
  const confirm = session.getByRole('button', { name: 'Confirm count' })
  await expect(confirm).toBeDisabled()
  await session.getByLabel('Count mid-shift').check()
  await confirm.click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  await expect(
    session.getByText(/^Counted mid-shift, while the session could still be trading/),
  ).toBeVisible()

  // The register closes; the next cashier opens a new session and sells.
  type Session = { id: string; location_id: string; opening_cash: string }
  const closed = await control()<{ closed: Session; opened: Session }>(
    'POST',
    `/sessions/${sessionId}/close`,
    { reopen: true },
  )
  await control()('POST', '/sales', { count: 2, location_id: closed.closed.location_id })

  await expect(session.getByText(/The session closed on .*, after the count\./)).toBeVisible({
    timeout: 30_000,
  })
  const changes = session.getByRole('table', { name: 'Frozen and current figures' })
  const openingRow = changes.getByRole('row', { name: /Opening cash/ })
  await expect(openingRow).toContainText('IDR 200,000')
  await expect(openingRow).toContainText(
    `IDR ${Number(closed.closed.opening_cash).toLocaleString('en-US')}`,
  )

  // The day now has two sessions at this location: the Day total is their sum.
  await expect(sessionRegions(page)).toHaveCount(2, { timeout: 30_000 })
  const dayTotal = page.getByRole('region', { name: 'Day total' })
  await expect(dayTotal).toContainText('2 register sessions this day')
  await expect
    .poll(async () => (await netSalesOf(dayTotal, 'the day')) - (await sessionsNetSales(page)))
    .toBe(0)
})

test('every location’s day stands beside the shown one, added up, and follows a sale at another location', async ({
  page,
}) => {
  await openDayClose(page)
  const locations = page.getByLabel('Location', { exact: true })
  // The demo shop's two locations, once the sync has brought a session of each.
  await expect(locations.locator('option')).toHaveCount(2, { timeout: 30_000 })
  // Today, where the sale below lands.
  await page.getByLabel('Business date').selectOption({ index: 0 })
  const names = await locations.locator('option').allTextContents()
  const everyLocation = page.getByRole('table', { name: 'The day at every location' })
  const netSalesAt = async (name: string): Promise<number> =>
    idr((await everyLocation.getByRole('row', { name }).getByRole('cell').nth(1).textContent())!)

  // Each location's row is what Day close shows for that location, its sessions added up here.
  const shownNetSales: number[] = []
  for (const name of names) {
    await locations.selectOption({ label: name })
    await expect(sessionRegions(page).first()).toBeVisible()
    await expect.poll(async () => (await netSalesAt(name)) - (await sessionsNetSales(page))).toBe(0)
    shownNetSales.push(await sessionsNetSales(page))
  }
  const total = everyLocation.getByRole('row', { name: /^All locations/ })
  expect(idr((await total.getByRole('cell').nth(1).textContent())!)).toBe(
    shownNetSales[0]! + shownNetSales[1]!,
  )

  // A sale at the location not shown reaches its row and the total while this one stays open.
  const other = names[0]!
  const before = await netSalesAt(other)
  const otherId = await locations.locator('option', { hasText: other }).getAttribute('value')
  await control()('POST', '/sales', { count: 3, location_id: otherId })
  await expect.poll(() => netSalesAt(other), { timeout: 30_000 }).toBeGreaterThan(before)
  await expect
    .poll(async () => idr((await total.getByRole('cell').nth(1).textContent())!))
    .toBe((await netSalesAt(other)) + shownNetSales[1]!)
})
