import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { screenLink } from '../support/screen-link'
import {
  dateInJakarta,
  openSynced,
  readableDate,
  useDemoShell,
  yesterdayMiddayInJakarta,
} from './demo-shell'

/**
 * Tonight's work, found: Sessions' date presets and its Needs counting filter, the count in the
 * navigation falling after a count, and Day close for every location at once adding up. The
 * shop's clock stands at midday (Jakarta) of yesterday, while this PC's zone is Los Angeles', where
 * it is still the evening before: "today" must be the shop's.
 */

const DEMO_NOW = yesterdayMiddayInJakarta()
/** The shop's business dates: its today (the demo clock's) and the day before. */
const TODAY = dateInJakarta(-1)
const YESTERDAY = dateInJakarta(-2)
const WEEK_AGO = dateInJakarta(-7)

const shell = useDemoShell({
  seed: 23,
  timezone: 'Asia/Jakarta',
  currency: 'IDR',
  now: DEMO_NOW,
  days: 2,
  locations: 2,
  billsPerSession: 10,
  live: false,
})

test.use({ timezoneId: 'America/Los_Angeles' })

/** An amount as en-US shows it ("IDR 1,234,500", "-IDR 2,500"), in IDR's minor units. */
function idr(text: string): number {
  // The first figure of the cell: "at least IDR 1,260,000 incomplete: opening cash of … not known"
  // is a floor, and the floors add up like the figures.
  const figure = /(-?)(?:IDR\s*)?(\d[\d,]*)/.exec(text.replace(/\(.*\)/, ''))
  if (!figure) throw new Error(`no figure in "${text}"`)
  const digits = Number(figure[2]!.replace(/,/g, ''))
  return figure[1] ? -digits : digits
}

const sessionsLink = (page: Page): Locator => screenLink(page, 'Sessions')

async function toCountInNav(page: Page): Promise<number> {
  const text = (await sessionsLink(page).textContent())!
  return Number(/· (\d+) to count$/.exec(text)?.[1] ?? 0)
}

/** Day close for every location on a date: each column's lines, and the total line. */
async function everyLocationOn(page: Page, date: string) {
  await page.getByRole('link', { name: 'Day close', exact: true }).click()
  await page.getByLabel('Every location at once').check()
  await page.getByLabel('Business date').selectOption(date)
  const table = page.getByRole('table', { name: 'The day at every location' })
  const total = table.getByRole('row', { name: /^All locations/ })
  await expect(total.getByRole('cell').first()).not.toHaveText('…')
  const lines = table.locator('tbody tr')
  const column = async (rows: Locator, index: number): Promise<number[]> => {
    const values: number[] = []
    for (const row of await rows.all())
      values.push(idr((await row.getByRole('cell').nth(index).textContent())!))
    return values
  }
  return { table, total, lines, column }
}

/** What axe finds serious or critical on the page as it is. */
async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function showSessions(
  page: Page,
  filter: { dates: string; from?: string; to?: string; needsCounting?: boolean },
): Promise<Locator> {
  await sessionsLink(page).click()
  await page.getByLabel('Dates').selectOption({ label: filter.dates })
  if (filter.from) await page.getByLabel('From').fill(filter.from)
  if (filter.to) await page.getByLabel('To', { exact: true }).fill(filter.to)
  await page.getByLabel(/^Needs counting/).setChecked(filter.needsCounting ?? false)
  return page.getByRole('table', { name: 'Register sessions' }).locator('tbody tr')
}

test('presets in the shop’s calendar, Needs counting and its count in the navigation falling after a count, every location’s day adding up', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(Date.parse(DEMO_NOW) + 10 * 60_000))
  await openSynced(page, shell())

  // Every location's day: a line per location, and a total that is their sum, column by column.
  const sessionsOn: Record<string, number> = {}
  for (const date of [TODAY, YESTERDAY]) {
    const day = await everyLocationOn(page, date)
    await expect(day.lines).toHaveCount(2)
    for (const index of [0, 1, 2, 3]) {
      const sum = (await day.column(day.lines, index)).reduce((a, b) => a + b, 0)
      expect(sum).toBe((await day.column(day.total, index))[0])
    }
    sessionsOn[date] = (await day.column(day.total, 0))[0]!
    expect(sessionsOn[date]).toBeGreaterThan(0)
  }

  // The presets list the sessions of the shop's dates, whatever this PC's zone says: today's
  // are trading, and none of yesterday's is.
  const open = page.getByRole('cell', { name: 'Open', exact: true })
  const today = await showSessions(page, { dates: 'Today' })
  await expect(today).toHaveCount(sessionsOn[TODAY]!)
  await expect(today.filter({ has: open })).not.toHaveCount(0)
  const yesterday = await showSessions(page, { dates: 'Yesterday' })
  await expect(yesterday).toHaveCount(sessionsOn[YESTERDAY]!)
  await expect(yesterday.filter({ has: open })).toHaveCount(0)
  await expect(
    await showSessions(page, { dates: 'Chosen range', from: YESTERDAY, to: TODAY }),
  ).toHaveCount(sessionsOn[TODAY]! + sessionsOn[YESTERDAY]!)
  expect(await seriousAxe(page)).toEqual([])

  // Needs counting: yesterday's sessions are over and none is counted; the navigation counts the
  // week's.
  await expect(sessionsLink(page)).toHaveText(/^Sessions · \d+ to count$/)
  const toCount = await toCountInNav(page)
  expect(toCount).toBeGreaterThanOrEqual(sessionsOn[YESTERDAY]!)
  const week = { dates: 'Chosen range', from: WEEK_AGO, to: TODAY, needsCounting: true }
  const needing = await showSessions(page, week)
  await expect(needing).toHaveCount(toCount)
  for (const row of await needing.all()) await expect(row).toContainText('Closed')

  // Count one of yesterday's sessions.
  await page.getByRole('link', { name: 'Day close', exact: true }).click()
  await page.getByLabel('Every location at once').uncheck()
  await page.getByLabel('Business date').selectOption(YESTERDAY)
  const session = page.getByRole('region', { name: /^Session / }).first()
  const expected = session
    .getByRole('row', { name: /Expected cash/ })
    .first()
    .getByRole('cell')
  const expectedCash = idr((await expected.first().textContent())!)
  await session.getByLabel('Counted cash').fill(String(expectedCash))
  await session.getByLabel(/^Counted by/).fill('E2E')
  await session.getByRole('button', { name: 'Confirm count' }).click()
  await expect(session.getByText('Status: Reconciled')).toBeVisible()

  // One fewer to count, in the navigation and the filter; the count shows where sessions are listed.
  await expect.poll(() => toCountInNav(page)).toBe(toCount - 1)
  await expect(await showSessions(page, week)).toHaveCount(toCount - 1)
  const reconciled = (await showSessions(page, { dates: 'Yesterday' })).filter({
    hasText: 'Reconciled',
  })
  await expect(reconciled).toHaveCount(1)
  // Session, status, sales, refunds and voids, net sales, collected, then counted and variance.
  await expect(reconciled.getByRole('cell').nth(6)).toHaveText(
    `IDR ${expectedCash.toLocaleString('en-US')}`,
  )
  // Counted against an expected cash without its opening (no close event, no float): no variance.
  await expect(reconciled.getByRole('cell').nth(7)).toHaveText(
    'not determined: opening cash not known',
  )
  const day = await everyLocationOn(page, YESTERDAY)
  await expect(day.total.getByRole('cell').nth(4)).toContainText(
    `IDR ${expectedCash.toLocaleString('en-US')}`,
  )
  await expect(day.total.getByRole('cell').nth(4)).toContainText(
    `(1 of ${sessionsOn[YESTERDAY]} sessions)`,
  )
  expect(await seriousAxe(page)).toEqual([])

  // The days before yesterday were closed on paper: marked so, what is left to count is
  // yesterday's and today's only, in the list and the navigation; the mark can be taken back.
  const left = await showSessions(page, week)
  await page.getByLabel('Closed on paper through').fill(dateInJakarta(-3))
  await page.getByRole('button', { name: 'Mark closed on paper' }).click()
  await expect(page.getByText(/^Days through .* were closed on paper/)).toBeVisible()
  const days = [YESTERDAY, TODAY].map((d) => readableDate(d).replace(/ \d{4}$/, ''))
  // The list takes the mark after the words say so: wait for it rather than read it once.
  await expect.poll(() => left.count()).toBeLessThan(toCount - 1)
  const leftNow = await left.count()
  await expect.poll(() => toCountInNav(page)).toBe(leftNow)
  for (const name of await left.getByRole('button').allInnerTexts())
    expect(
      days.some((d) => name.startsWith(d)),
      name,
    ).toBe(true)
  await page.getByRole('button', { name: 'List them again' }).click()
  await expect.poll(() => toCountInNav(page)).toBe(toCount - 1)
})
