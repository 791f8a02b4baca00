import type { Locator, Page } from '@playwright/test'
import { inPage } from '../chromium'
import type { ScreenProbe } from '../in-page/screen-timing'
import type { Figure } from '../results'
import { median } from '../stats'
import { screenLink } from '../../support/screen-link'

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

/** When, since navigation, the Sessions screen showed rows, and the figures of those on screen. */
export async function sessionsSinceNavigation(
  page: Page,
): Promise<{ rows: number; figures: number }> {
  const [rows, figures] = await Promise.all([
    settledSince(page, 'sessions'),
    settledSince(page, 'sessions-figures'),
  ])
  return { rows, figures }
}

/**
 * From the click on Sessions (coming from Settings, a screen that reads little) to the figures
 * of every row on screen, five times; the page's load (the list is the first screen) in the note.
 */
export async function measureSessionsFigures(
  page: Page,
  cachedBills: number,
  loaded: { rows: number; figures: number },
): Promise<Figure> {
  const list = page.getByRole('table', { name: 'Register sessions' })
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    await screenLink(page, 'Settings').click()
    await list.waitFor({ state: 'detached' })
    const [ms] = await timeAction(page, ['sessions-figures'], () =>
      screenLink(page, 'Sessions').click(),
    )
    times.push(ms!)
  }
  return {
    id: 'session-open',
    key: 'sessions.figures',
    label: `Sessions list, ${cachedBills.toLocaleString('en-US')} bills cached: figures of the rows on screen (median of 5)`,
    value: median(times),
    unit: 'ms',
    target: { at: 'most', value: 200 },
    note:
      `from the click on Sessions; each: ${times.map((t) => t.toFixed(0)).join(', ')} ms; ` +
      `at the page's load: rows at ${loaded.rows.toFixed(0)} ms, figures at ${loaded.figures.toFixed(0)} ms since navigation`,
  }
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

async function timeBillsAction(page: Page, action: BillsAction): Promise<Timed | Failed> {
  try {
    const [rows, counted] = await timeAction(page, ['bills-rows', 'bills'], () => action.act(page))
    return { name: action.name, rows: rows!, counted: counted! }
  } catch (error) {
    return { name: action.name, error: (error as Error).message }
  }
}

export async function measureBillsSortFilter(
  page: Page,
  shop: { days: string[]; locations: string[]; sessions: string[] },
  cachedBills: number,
): Promise<Figure[]> {
  // The first case is the screen's opening, with the count of every bill.
  const measured = [
    await timeBillsAction(page, {
      name: 'open the screen',
      act: (p) => screenLink(p, 'Bills').click(),
    }),
  ]
  await page
    .getByRole('grid', { name: 'Bills' })
    .locator('tr.row[data-index="0"]:not([aria-busy])')
    .waitFor({
      timeout: SETTLE_MS,
    })
  for (const action of billsActions(shop)) measured.push(await timeBillsAction(page, action))
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
      label: `  Bills: ${m.name}: rows and count`,
      value: 'error' in m ? null : m.counted,
      unit: 'ms',
      target: { at: 'most' as const, value: 300 },
      note: 'error' in m ? m.error : `first rows at ${m.rows.toFixed(0)} ms`,
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
