import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { screenLink } from '../support/screen-link'
import { toolCsvRows, toolOutput } from '../support/exports/tools'
import { dateInJakarta, useDemoShell, yesterdayMiddayInJakarta, openSynced } from './demo-shell'
import { booksFolder, entryIds, hledgerStrict, ledgerStrict } from './week-books'

/**
 * A manager's evening, end to end in the browser shell: find the sessions that need a count,
 * record the drawer's float, a pay-out and a drop, count by notes and coins with a mistake put
 * right, confirm, reopen with a reason, recount, print, and export to an hledger journal that the
 * real tools check. The IDR demo shop's clock stands at midday (Jakarta) of its today, whenever
 * the test runs: the sessions of the day before are over, with no close event, and none counted.
 */

const DEMO_NOW = yesterdayMiddayInJakarta()
/** The business date of the sessions to count: the day before the demo shop's today. */
const DAY = dateInJakarta(-2)

const shell = useDemoShell({
  seed: 57,
  timezone: 'Asia/Jakarta',
  currency: 'IDR',
  now: DEMO_NOW,
  days: 2,
  locations: 1,
  billsPerSession: 8,
  live: false,
})

const books = booksFolder('ledger')
test.afterAll(() => books.remove())

/** What the test types, and the amounts it works out from that alone. */
const FLOAT = 200_000
const PAY_OUT = 35_000
const DROP = 150_000
const FIRST_COUNT = { 'IDR 100,000 notes': 3, 'IDR 50,000 notes': 2 }
const FIRST_TOTAL = 3 * 100_000 + 2 * 50_000
const RECOUNT = { 'IDR 100,000 notes': 2, 'IDR 20,000 notes': 3, 'IDR 500 coins': 3 }
const RECOUNT_TOTAL = 2 * 100_000 + 3 * 20_000 + 3 * 500
const REASON = 'A 100,000 note was counted twice'

/**
 * An amount as en-US shows it ("IDR 1,234,500", "-IDR 2,500", a word joiner after the minus), in
 * IDR's minor units.
 */
function idr(text: string): number {
  const figure = /([-−]?)(?:IDR\s*)?([-−]?)(\d[\d,]*)/.exec(text.replace(/\u2060/g, ''))
  if (!figure) throw new Error(`no figure in "${text}"`)
  const digits = Number(figure[3]!.replace(/,/g, ''))
  return figure[1] || figure[2] ? -digits : digits
}

const shown = (minor: number): string => `IDR ${minor.toLocaleString('en-US')}`

async function toCountInNav(page: Page): Promise<number> {
  const text = (await screenLink(page, 'Sessions').textContent())!
  return Number(/· (\d+) to count$/.exec(text)?.[1] ?? 0)
}

/** What axe finds serious or critical on the page, or in one part of it. */
async function seriousAxe(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * The lines of a cash drawer table above its Expected cash, signed as their labels say ("Less
 * pay-outs" takes away), and the expected cash it shows.
 */
async function drawerLines(drawer: Locator): Promise<{ sum: number; expected: number }> {
  let sum = 0
  let expected: number | null = null
  for (const row of await drawer.locator('tr').all()) {
    const header = (await row.locator('th').first().textContent())?.trim() ?? ''
    const cells = row.locator('td')
    if ((await cells.count()) === 0) continue
    const value = idr((await cells.first().textContent())!)
    if (header.startsWith('Expected cash')) expected = value
    else sum += header.startsWith('Less') ? -Math.abs(value) : value
  }
  if (expected === null) throw new Error('no Expected cash line')
  return { sum, expected }
}

async function countPieces(form: Locator, pieces: Record<string, number>): Promise<void> {
  // Every field of pieces emptied first (a recount starts from the count it replaces).
  const fields = form.locator('input[aria-label^="Number of IDR"]')
  await expect(fields.first()).toBeVisible()
  for (const field of await fields.all()) await field.fill('')
  for (const [piece, n] of Object.entries(pieces))
    await form.getByLabel(`Number of ${piece}`).fill(String(n))
}

test('an evening: find what needs counting, movements, a count corrected and replaced, the sheet, the journal', async ({
  page,
}) => {
  test.setTimeout(6 * 60_000)
  await page.clock.setFixedTime(new Date(Date.parse(DEMO_NOW) + 10 * 60_000))
  await openSynced(page, shell())

  // Sessions → Needs counting: the day's sessions, all over and none counted; the navigation
  // says how many wait.
  await screenLink(page, 'Sessions').click()
  await page.getByLabel('Dates').selectOption({ label: 'Yesterday' })
  await page.getByLabel(/^Needs counting/).check()
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  const needing = sessions.locator('tbody tr')
  await expect(needing.first()).toBeVisible({ timeout: 30_000 })
  // Every row's figures worked out, so the list is the one the filter settles on.
  await expect(sessions.getByRole('cell', { name: '…' })).toHaveCount(0, { timeout: 20_000 })
  await expect(screenLink(page, 'Sessions')).toHaveText(/^Sessions · \d+ to count$/)
  const toCount = await toCountInNav(page)
  expect(toCount).toBeGreaterThanOrEqual(await needing.count())
  const waiting = await needing.getByRole('button').allTextContents()
  expect(await seriousAxe(page)).toEqual([])

  // Day close of that day: the first session, one of those waiting.
  await screenLink(page, 'Day close').click()
  await page.getByLabel('Business date').selectOption(DAY)
  const session = page.getByRole('region', { name: /^Session / }).first()
  await expect(session.getByText('Status: Closed (no close event)')).toBeVisible()
  const name = (await session.getByRole('heading', { level: 2 }).textContent())!.replace(
    /^Session /,
    '',
  )
  expect(waiting).toContain(name)
  const sessionId = (await session.getAttribute('data-session-id'))!
  const drawer = session.getByRole('table', { name: `Cash drawer of session ${name}` })
  const expectedCash = session.getByRole('status', { name: 'Expected cash' })
  const before = idr((await drawer.getByRole('row', { name: /Expected cash/ }).textContent())!)
  expect(await seriousAxe(page)).toEqual([])

  // The float the shift opened with, a pay-out to a supplier, a drop into the safe.
  const movementForm = session.getByRole('form', { name: 'Record a cash movement' })
  const record = async (
    kind: string,
    amount: number,
    extra: { category?: string; note?: string } = {},
  ): Promise<void> => {
    await movementForm.getByLabel('Movement', { exact: true }).selectOption({ label: kind })
    await movementForm.getByLabel('Amount', { exact: true }).fill(String(amount))
    if (extra.category) await movementForm.getByLabel('Expense category').fill(extra.category)
    await movementForm.getByLabel('Moved by (name or initials)').fill('Ana')
    await movementForm.getByLabel('Note', { exact: true }).fill(extra.note ?? '')
    await movementForm.getByRole('button', { name: 'Record movement' }).click()
  }
  const movements = session.getByRole('table', { name: `Cash movements of session ${name}` })
  await record('Opening float', FLOAT)
  await expect(expectedCash).toHaveText(shown(before + FLOAT))
  await record('Pay-out', PAY_OUT, { category: 'Ice', note: 'ice for the cooler' })
  await record('Drop to safe', DROP, { note: 'evening drop' })
  await expect(movements.locator('tbody tr')).toHaveCount(3)
  const expected = before + FLOAT - PAY_OUT - DROP
  await expect(expectedCash).toHaveText(shown(expected))

  // Count by notes and coins, a half note typed by mistake: no total, Confirm says why.
  const form = session.getByRole('form', { name: `Count the drawer of session ${name}` })
  const counted = form.getByLabel('Counted cash')
  const confirm = form.getByRole('button', { name: 'Confirm count' })
  await countPieces(form, { ...FIRST_COUNT, 'IDR 50,000 notes': 2.5 })
  await form.getByLabel('Counted by (name or initials)').fill('Ana')
  await form.getByLabel('Variance note').fill('Counted at closing')
  await expect(confirm).toBeDisabled()
  await expect(confirm).toHaveAccessibleDescription(
    'IDR 50,000 notes: “2.5” is not a whole number of pieces: type digits only, without a decimal or thousands mark. Correct it to confirm.',
  )
  await expect(counted).toHaveValue('')
  expect(await seriousAxe(page, 'form.count-form')).toEqual([])
  await form.getByLabel('Number of IDR 50,000 notes').fill('2')
  await expect(counted).toHaveValue(FIRST_TOTAL.toLocaleString('en-US'))
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()

  // Reopened, with the reason; recounted to another amount.
  const reopen = session.getByRole('form', { name: `Reopen session ${name}` })
  await reopen.getByLabel('Reopened by (name or initials)').fill('Budi')
  await reopen.getByLabel('Why reopen').fill(REASON)
  await reopen.getByRole('button', { name: 'Reopen' }).click()
  await expect(form).toBeVisible()
  // The recount starts from the pieces of the count it replaces.
  await expect(
    form.getByText('Starts from the count it replaces: correct what differs.'),
  ).toBeVisible()
  await expect(form.getByLabel('Number of IDR 100,000 notes')).toHaveValue('3')
  await expect(counted).toHaveValue(FIRST_TOTAL.toLocaleString('en-US'))
  await countPieces(form, RECOUNT)
  await expect(counted).toHaveValue(RECOUNT_TOTAL.toLocaleString('en-US'))
  await form.getByLabel('Counted by (name or initials)').fill('Budi')
  await form.getByLabel('Variance note').fill('Recounted after the reopen')
  await confirm.click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()
  const variance = RECOUNT_TOTAL - expected
  // The count that stands differs from the first, or the journal could not tell them apart.
  expect(variance).not.toBe(FIRST_TOTAL - expected)
  expect(idr((await session.getByLabel('Frozen cash variance').textContent())!)).toBe(variance)
  await expect.poll(() => toCountInNav(page)).toBe(toCount - 1)

  // On paper: the movements, the notes and coins, the count replaced and why, and a drawer whose
  // lines add up to the expected cash, in the session and in the day total.
  await page.emulateMedia({ media: 'print' })
  await expect(movements).toBeVisible()
  await expect(movements.getByText(/Pay-out/)).toBeVisible()
  await expect(movements.getByText(shown(PAY_OUT))).toBeVisible()
  await expect(movements.getByText(shown(DROP))).toBeVisible()
  const breakdown = session.getByRole('table', { name: 'Notes and coins counted' })
  await expect(breakdown).toBeVisible()
  await expect(breakdown.getByRole('row', { name: /^IDR 20,000 notes/ })).toContainText('3')
  await expect(breakdown.getByRole('row', { name: /^Total/ })).toContainText(shown(RECOUNT_TOTAL))
  const replaced = session.getByText(/^This count replaces an earlier one/)
  await expect(replaced).toBeVisible()
  await expect(replaced).toContainText(`${shown(FIRST_TOTAL)} counted by Ana`)
  await expect(replaced).toContainText(`because: ${REASON}`)
  await expect(drawer).toBeVisible()
  const paper = await drawerLines(drawer)
  expect(paper.expected).toBe(expected)
  expect(paper.sum).toBe(expected)
  // The day has more sessions than this one: its own drawer adds up too, and carries this
  // session's movements, the only ones of the day.
  expect(await page.getByRole('region', { name: /^Session / }).count()).toBeGreaterThan(1)
  const dayDrawer = page.getByRole('table', { name: 'Cash drawer of the day' })
  await expect(dayDrawer).toBeVisible()
  const day = await drawerLines(dayDrawer)
  expect(day.sum).toBe(day.expected)
  await expect(dayDrawer.getByRole('row', { name: /^Less pay-outs/ })).toContainText(shown(PAY_OUT))
  await expect(dayDrawer.getByRole('row', { name: /^Less drops to the safe/ })).toContainText(
    shown(DROP),
  )
  await page.emulateMedia({ media: 'screen' })

  // Counted: no longer among those that need counting.
  await screenLink(page, 'Sessions').click()
  await page.getByLabel('Dates').selectOption({ label: 'Yesterday' })
  await page.getByLabel(/^Needs counting/).check()
  await expect(needing).toHaveCount(waiting.length - 1)
  expect(await needing.getByRole('button').allTextContents()).not.toContain(name)

  // Export the day to an hledger journal, per bill. The session is over (a later one started), so
  // no export holds it back as open: the journal must post its count.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Destinations', exact: true }).click()
  const destinations = page.getByRole('region', { name: 'Destinations' })
  await destinations.getByLabel('Destination name').fill('Evening books')
  await destinations.getByLabel('Destination format').selectOption('ledger')
  await destinations.getByRole('button', { name: 'Add destination' }).click()
  await expect(destinations.getByRole('status')).toContainText('Added Evening books')
  await page.getByRole('link', { name: 'Exports', exact: true }).click()
  await page.getByLabel('Format').selectOption({ label: 'Evening books (Journal, hledger/ledger)' })
  const perBill = page.getByLabel('Per bill')
  if (!(await perBill.isChecked())) await perBill.check()
  await page.getByLabel('From', { exact: true }).fill(DAY)
  await page.getByLabel('To', { exact: true }).fill(DAY)
  const downloading = page.waitForEvent('download', { timeout: 120_000 })
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const text = await readFile((await (await downloading).path())!, 'utf8')
  const file = books.save(text)

  // The real tools read it, and it posts the pay-out, the drop and the standing variance.
  await hledgerStrict(file)
  await ledgerStrict(file)
  expect(entryIds(text)).toContain(`session:${sessionId}:variance`)
  const balances = async (query: string): Promise<Map<string, number>> => {
    const { stdout } = await toolOutput('hledger', [
      '-f',
      file,
      'balance',
      '--flat',
      '--no-total',
      '--output-format',
      'csv',
      query,
    ])
    return new Map(
      toolCsvRows(stdout).map(([account, amount]) => [
        account!,
        Number(amount!.replace(/[^\d.-]/g, '')),
      ]),
    )
  }
  const paidOut = await balances('desc:^Pay-out')
  expect([...paidOut.values()].sort((a, b) => a - b)).toEqual([-PAY_OUT, PAY_OUT])
  expect([...paidOut.keys()].find((a) => paidOut.get(a) === PAY_OUT)).toMatch(/Ice/)
  const dropped = await balances('desc:^Drop')
  expect(dropped.get([...dropped.keys()].find((a) => /safe/i.test(a))!)).toBe(DROP)
  const counts = await balances('desc:^Cash count variance')
  const overShort = [...counts.keys()].find((a) => /over.?short/i.test(a))!
  expect(counts.get(overShort)).toBe(-variance)
  expect(counts.get([...counts.keys()].find((a) => a !== overShort)!)).toBe(variance)
})
