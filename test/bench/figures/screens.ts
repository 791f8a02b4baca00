import type { Locator, Page } from '@playwright/test'
import { inPage } from '../chromium'
import type { ScreenProbe } from '../in-page/screen-timing'
import type { Figure } from '../results'
import { median } from '../stats'

/** Figures a person sees on the screens, over the seeded cache, timed inside the page. */

const SETTLE_MS = 120_000
const CHANGE_MS = 30_000

/** Milliseconds from the input `act` causes to the settled screen it leads to, per probe. */
async function timeAction(
  page: Page,
  probes: ScreenProbe[],
  act: () => Promise<void>,
): Promise<number[]> {
  const changes = probes.map((probe) => inPage(page, 'timeNextChange', probe, CHANGE_MS))
  try {
    await act()
  } catch (error) {
    for (const change of changes) change.catch(() => undefined)
    throw error
  }
  return Promise.all(changes)
}

/** When, since the page's navigation, the probe first showed a settled screen. */
export function settledSince(page: Page, probe: ScreenProbe): Promise<number> {
  return inPage(page, 'timeSinceNavigation', probe, SETTLE_MS)
}

export async function measureSessionOpen(page: Page, sessionBills: number): Promise<Figure[]> {
  // Each row's one button opens its session (named by day, location and hours).
  const listed = page.getByRole('table', { name: 'Register sessions' }).getByRole('button')
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const button = listed.nth(i)
    const [ms] = await timeAction(page, ['session-bills'], () => button.click())
    times.push(ms!)
  }
  return [
    {
      id: 'session-open',
      key: 'session-open.median',
      label: `open a ${sessionBills.toLocaleString('en-US')}-bill session to first rows (median of 5)`,
      value: median(times),
      unit: 'ms',
      target: { at: 'most', value: 150 },
      note: `each: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    },
  ]
}

interface BillsAction {
  name: string
  act: (page: Page) => Promise<void>
}

const header = (page: Page, name: string): Locator =>
  page.getByRole('grid', { name: 'Bills' }).getByRole('button', { name: new RegExp(`^${name}`) })
/** A filter's field by its caption (a select's label also holds its options' text). */
const field = (page: Page, caption: string): Locator =>
  page
    .locator('label.bill-filter')
    .filter({ has: page.locator('span', { hasText: new RegExp(`^${caption}$`) }) })
    .locator('select, input')
const choose = (caption: string, value: string) => (page: Page) =>
  field(page, caption)
    .selectOption(value)
    .then(() => undefined)
const clearFilters = (page: Page): Promise<void> =>
  page.getByRole('button', { name: 'Clear filters' }).first().click()

function billsActions(shop: {
  days: string[]
  locations: string[]
  sessions: string[]
}): BillsAction[] {
  const sorts = ['Number', 'Total', 'Paid', 'Due', 'Type', 'Location', 'Session', 'State', 'Time']
  const day = shop.days[Math.floor(shop.days.length / 2)]!
  const location = shop.locations[1] ?? shop.locations[0]!
  const filters: BillsAction[] = [
    { name: 'type = refund', act: choose('Type', 'refund') },
    { name: 'payment method = QRIS', act: choose('Payment method', 'qris') },
    { name: 'payment state = unpaid', act: choose('Payment state', 'unpaid') },
    { name: `location = ${location}`, act: choose('Location', location) },
    {
      name: 'bill number starts with',
      act: (page) => page.getByRole('searchbox').fill(`${shop.locations[0]!.toLowerCase()}-00001`),
    },
    { name: `from = ${day}`, act: (page) => field(page, 'From').fill(day) },
  ]
  return [
    ...sorts.map((name) => ({
      name: `sort by ${name}`,
      act: (page: Page) => header(page, name).click(),
    })),
    ...filters.flatMap((filter) => [
      filter,
      { name: `clear (after ${filter.name})`, act: clearFilters },
    ]),
  ]
}

export async function measureBillsSortFilter(
  page: Page,
  shop: { days: string[]; locations: string[]; sessions: string[] },
  cachedBills: number,
): Promise<Figure[]> {
  await page.getByRole('link', { name: 'Bills', exact: true }).click()
  await page
    .getByRole('grid', { name: 'Bills' })
    .locator('tr.row[data-index="0"]:not([aria-busy])')
    .waitFor({
      timeout: SETTLE_MS,
    })
  const measured: Array<Timed | Failed> = []
  for (const action of billsActions(shop)) {
    try {
      const [rows, counted] = await timeAction(page, ['bills-rows', 'bills'], () =>
        action.act(page),
      )
      measured.push({ name: action.name, rows: rows!, counted: counted! })
    } catch (error) {
      measured.push({ name: action.name, error: (error as Error).message })
    }
  }
  const timed = measured.filter((m): m is Timed => !('error' in m))
  const failed = measured.filter((m): m is Failed => 'error' in m)
  const worstBy = (pick: (m: Timed) => number) =>
    timed.reduce((a, b) => (pick(b) > pick(a) ? b : a), timed[0]!)
  const worst = (what: string, pick: (m: Timed) => number): Figure => ({
    id: 'bills-sort-filter',
    key: `bills-sort-filter.worst-${what.replace(/\W+/g, '-')}`,
    label: `Bills screen sort/filter over ${cachedBills.toLocaleString('en-US')} bills: ${what} (worst)`,
    value: failed.length || timed.length === 0 ? null : pick(worstBy(pick)),
    unit: 'ms',
    target: { at: 'most', value: 300 },
    note: failed.length
      ? failed.map((f) => `${f.name}: ${f.error}`).join('; ')
      : `worst: ${worstBy(pick).name}`,
  })
  return [
    worst('first rows', (m) => m.rows),
    worst('rows and count', (m) => m.counted),
    ...measured.map((m) => ({
      id: 'bills-sort-filter',
      key: `bills-sort-filter.${m.name}`,
      label: `  Bills: ${m.name}: first rows`,
      value: 'error' in m ? null : m.rows,
      unit: 'ms',
      target: { at: 'most' as const, value: 300 },
      note: 'error' in m ? m.error : `counted at ${m.counted.toFixed(0)} ms`,
    })),
  ]
}

interface Timed {
  name: string
  rows: number
  counted: number
}

interface Failed {
  name: string
  error: string
}
