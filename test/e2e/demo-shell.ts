import { expect, test, type Page } from '@playwright/test'
import {
  openTill,
  savedProfiles,
  startBrowserShell,
  type RunningBrowserShell,
} from '../support/browser-shell'
import { demoControl, type DemoControl } from '../support/demo-control'
import { screenLink } from '../support/screen-link'

/**
 * Registers the hooks that start the built browser shell on a demo shop with these options
 * (and these environment variables) before a spec's tests and stop it after them. Returns the running shell, to call in tests.
 */
export function useDemoShell(
  demoOptions: Record<string, unknown>,
  env: Record<string, string> = {},
): () => RunningBrowserShell {
  let shell: RunningBrowserShell | undefined
  test.beforeAll(async () => {
    shell = await startBrowserShell({ ...env, TILL_DEMO_OPTIONS: JSON.stringify(demoOptions) })
  })
  test.afterAll(async () => {
    await shell?.stop()
  })
  return () => {
    if (!shell) throw new Error('the demo shell is not running (use it in a test or hook)')
    return shell
  }
}

const HOUR = 3_600_000

/**
 * Midday of yesterday in Jakarta (UTC+7, no daylight saving), for a demo clock: the shop's only
 * location is open then (it closes between 00:30 and 02:00), the moment is past whenever the
 * test runs, and it lies inside a scheduled export's window of recent business days.
 */
export function yesterdayMiddayInJakarta(): string {
  return `${dateInJakarta(-1)}T05:00:00.000Z`
}

/** The date in Jakarta `days` days from now (before it when negative), as YYYY-MM-DD. */
export function dateInJakarta(days: number): string {
  return new Date(Date.now() + 7 * HOUR + days * 24 * HOUR).toISOString().slice(0, 10)
}

/**
 * An Etc/GMT zone where the local hour now is `hour` (0–23), for a demo shop whose trading a test
 * needs at a set time of its day, whenever the test runs.
 */
export function zoneAtHour(hour: number, now = new Date()): string {
  const offset = ((hour - now.getUTCHours() + 36) % 24) - 12
  if (offset === 0) return 'UTC'
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A business date (YYYY-MM-DD) as the screens write it in prose: "Mon 16 Nov 2026". */
export function readableDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

/** Opens Till on the shell's demo shop and waits until its first sync has ended. */
export async function openSynced(page: Page, shell: RunningBrowserShell): Promise<void> {
  await openTill(page, shell)
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })
}

/** The demo shop's control API; the shell saves the shop's address once a page opened it. */
export function shopControl(shell: RunningBrowserShell, token: string): DemoControl {
  return demoControl(savedProfiles(shell).find((p) => p.id === 'demo-shop')!.baseUrl, token)
}

/**
 * The evening's shop the screen-fit and print specs open: three days of two IDR locations in
 * Jakarta, its clock at yesterday's midday, not trading live.
 */
export function eveningShop(): Record<string, unknown> {
  return {
    seed: 47,
    timezone: 'Asia/Jakarta',
    currency: 'IDR',
    now: yesterdayMiddayInJakarta(),
    days: 3,
    locations: 2,
    billsPerSession: 20,
    live: false,
  }
}

/** A location name of 60 characters, the longest a layout has to hold. */
export const LONG_LOCATION_NAME = 'Jalan Jenderal Sudirman Kavling 52-53 Senayan Kebayoran Baru'

/** Names the demo shop's first location (in Settings → Locations) `name`. */
export async function nameFirstLocation(page: Page, name: string): Promise<void> {
  await screenLink(page, 'Settings').click()
  await page.getByRole('link', { name: 'Locations', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Locations' })
  await panel.getByRole('textbox', { name: 'Location name' }).first().fill(name)
  await panel.getByRole('button', { name: 'Save location names' }).click()
}
