import { inflateSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { useDemoShell } from './demo-shell'
import { idr, openDayCloseScreen, recordFloatFirst } from './day-close-page'
import { openTill } from '../support/browser-shell'

const shell = useDemoShell({
  seed: 17,
  days: 3,
  locations: 2,
  billsPerSession: 30,
  live: false,
})

/** How many different byte values a PNG's decompressed image data holds: 1 colour gives a few. */
function distinctPixelBytes(png: Buffer): number {
  const idat: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT')
      idat.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  return new Set(inflateSync(Buffer.concat(idat))).size
}

async function openDayClose(page: Page, businessDate?: string): Promise<void> {
  await openDayCloseScreen(page, shell())
  if (businessDate) await page.getByLabel('Business date').selectOption(businessDate)
}

test('a manager counts the drawer, sees the variance, confirms, and the frozen count survives a reload', async ({
  page,
}) => {
  await openDayClose(page)
  // The day before the latest: its sessions are over.
  const dateField = page.getByLabel('Business date')
  await dateField.selectOption({ index: 1 })
  const businessDate = await dateField.inputValue()

  // Headed by its label: "Session Mon 16 Nov · Salmiya · 08:10–17:45".
  const session = page.getByRole('region', { name: /^Session / }).first()
  const sessionName = (await session.getByRole('heading', { level: 2 }).textContent())!
  expect(sessionName).toMatch(/^Session \w{3} \d{1,2} \w{3} · .+ · .+–.+$/)
  const label = sessionName.replace('Session ', '')
  const sales = session.getByRole('table', { name: `Sales of session ${label}` })
  await expect(sales.getByRole('row', { name: /Net sales/ })).toBeVisible()
  await expect(
    session.getByRole('table', { name: `Payments by method of session ${label}` }),
  ).toContainText('Cash')
  await expect(page.getByRole('img', { name: /^Net sales by hour/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Payment mix/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Net sales per business day/ })).toBeVisible()

  // The demo's sessions have no close event: a count has no variance until the float is known.
  await session.getByLabel('Counted cash').fill('5000000')
  await recordFloatFirst(session, '250000')
  const drawer = session.getByRole('table', { name: `Cash drawer of session ${label}` })
  const expected = idr(
    (await drawer
      .getByRole('row', { name: /Expected cash/ })
      .getByRole('cell')
      .textContent())!,
  )
  const counted = expected + 2500
  // An amount no drawer holds is refused beside the field; the page goes on working.
  await session.getByLabel('Counted cash').fill('9999999999999999')
  // Beside the field, and (prefixed by the field's name) beside Confirm count.
  await expect(
    session.getByText('Too large: an amount is at most 999,999,999,999 IDR.', { exact: true }),
  ).toBeVisible()
  await expect(session.getByLabel('Counted cash')).toHaveAttribute('aria-invalid', 'true')
  await expect(session.getByRole('button', { name: 'Confirm count' })).toBeDisabled()
  await session.getByLabel('Counted cash').fill(String(counted))
  const variance = session.getByRole('status', { name: 'Cash variance' })
  await expect(variance).toContainText('(over)')
  expect(idr((await variance.textContent())!.replace('(over)', ''))).toBe(2500)
  await session.getByLabel('Counted by (name or initials)').fill('E2E')
  await session.getByLabel('Variance note').fill('Change given short')
  await session.getByRole('button', { name: 'Confirm count' }).click()

  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  await expect(session.getByText(/^Reconciled by E2E on /)).toBeVisible()
  await expect(session.getByLabel('Frozen cash variance')).toContainText('(over)')
  const frozen = await sales.textContent()
  const frozenDrawer = await drawer.textContent()
  expect(idr((await session.getByLabel('Frozen cash variance').textContent())!)).toBe(2500)

  const screenshot = await page.screenshot({ fullPage: true })
  expect(distinctPixelBytes(screenshot)).toBeGreaterThan(64)

  await page.reload()
  await openDayClose(page, businessDate)
  const again = page.getByRole('region', { name: sessionName, exact: true })
  await expect(again.getByText('Status: Reconciled')).toBeVisible()
  await expect(again.getByText(/^Reconciled by E2E on /)).toBeVisible()
  expect(await again.getByRole('table', { name: `Sales of session ${label}` }).textContent()).toBe(
    frozen,
  )
  expect(
    await again.getByRole('table', { name: `Cash drawer of session ${label}` }).textContent(),
  ).toBe(frozenDrawer)
  expect(idr((await again.getByLabel('Frozen cash variance').textContent())!)).toBe(2500)
})

/** The first amount in a cell ("at least IDR 1,234,500 incomplete: …"), in IDR's minor units. */
function firstAmount(text: string): number {
  const found = /-?IDR\s[\d,]+/.exec(text)
  if (!found) throw new Error(`no amount in ${text}`)
  return idr(found[0])
}

test('a reopen asks why, and the recount says on screen and on paper which count it replaced; the day total adds up', async ({
  page,
}) => {
  await openDayClose(page)
  await page.getByLabel('Business date').selectOption({ index: 1 })
  const session = page.getByRole('region', { name: /^Session / }).last()
  const label = (await session.getByRole('heading', { level: 2 }).textContent())!.replace(
    'Session ',
    '',
  )
  const drawer = session.getByRole('table', { name: `Cash drawer of session ${label}` })
  const expectedCell = drawer.getByRole('row', { name: /Expected cash/ }).getByRole('cell')
  const expected = firstAmount((await expectedCell.textContent())!)

  await session.getByLabel('Counted cash').fill(String(expected + 1000))
  await session.getByLabel('Counted by (name or initials)').fill('E2E')
  await session.getByLabel('Variance note').fill('Counted in a hurry')
  await session.getByRole('button', { name: 'Confirm count' }).click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()

  // No reason, no reopen: the form says so and the count stands.
  const reopen = session.getByRole('form', { name: `Reopen session ${label}` })
  await reopen.getByLabel('Reopened by (name or initials)').fill('Manager')
  await reopen.getByRole('button', { name: 'Reopen' }).click()
  await expect(reopen.getByRole('alert')).toContainText('Say why the count is reopened')
  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  await reopen.getByLabel('Why reopen').fill('Coins left in the bag')
  await reopen.getByRole('button', { name: 'Reopen' }).click()
  await expect(session.getByText('Status: Reconciled')).toBeHidden()

  // The recount starts from the count it replaces; who counts is the recount's own.
  await expect(
    session.getByText('Starts from the count it replaces: correct what differs.'),
  ).toBeVisible()
  await expect(session.getByLabel('Counted cash')).toHaveValue(
    (expected + 1000).toLocaleString('en-US'),
  )
  await expect(session.getByLabel('Counted by (name or initials)')).toHaveValue('')
  await session.getByLabel('Counted cash').fill(String(expected))
  await session.getByLabel('Counted by (name or initials)').fill('E2E')
  await session.getByRole('button', { name: 'Confirm count' }).click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  const replaced = session.getByText(/^This count replaces an earlier one: /)
  await expect(replaced).toContainText(
    new RegExp(`IDR\\s${(expected + 1000).toLocaleString('en-US')} counted by E2E`),
  )
  await expect(replaced).toContainText('reopened by Manager')
  await expect(replaced).toContainText('Coins left in the bag')
  await session.getByText(/^History of this count/).click()
  await expect(session.getByText(/reopened by Manager: Coins left in the bag$/)).toBeVisible()

  // On paper the history folds away, and the sheet still says what was replaced and why.
  await page.emulateMedia({ media: 'print' })
  await expect(replaced).toBeVisible()
  await expect(session.getByText(/reopened by Manager: Coins left in the bag$/)).toBeHidden()

  // The day total's expected cash is the sum of the lines above it, on paper as on screen.
  const dayDrawer = page.getByRole('table', { name: 'Cash drawer of the day' })
  await expect(dayDrawer).toBeVisible()
  const line = async (name: RegExp): Promise<string> =>
    (await dayDrawer.getByRole('row', { name }).getByRole('cell').textContent())!
  const opening = await line(/Opening cash/)
  const openingAmount = /IDR/.test(opening) ? firstAmount(opening) : 0
  expect(firstAmount(await line(/Expected cash/))).toBe(
    openingAmount + firstAmount(await line(/net cash/)) - firstAmount(await line(/cash expenses/)),
  )
  await page.emulateMedia({ media: 'screen' })
})

test('the screenshot check tells a blank page from a screen', async ({ page }) => {
  await page.goto('about:blank')
  expect(distinctPixelBytes(await page.screenshot())).toBeLessThan(8)
})

test('the shop’s number format, chosen in Settings with its example, is how amounts are typed', async ({
  page,
}) => {
  await openTill(page, shell())
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  const demo = page.getByRole('listitem', { name: 'Demo shop' })
  await expect(demo).toContainText('This PC’s (American English: 1,234,567.89)')
  await demo.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Number format').selectOption('id-ID')
  await expect(
    page.getByText('Amount fields take and show amounts like 1.234.567,89.'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Save connection' }).click()
  await expect(demo).toContainText('Indonesian (Indonesia): 1.234.567,89')

  await openDayClose(page)
  const counted = page
    .getByRole('region', { name: /^Session / })
    .first()
    .getByLabel('Counted cash')
  await counted.pressSequentially('1234500')
  await expect(counted).toHaveValue('1.234.500')
  await expect(counted).toHaveAccessibleDescription('Whole amounts, e.g. 1.234.500 or 1234500.')
})
