import { expect, test, type Locator, type Page } from '@playwright/test'
import { openTill } from '../support/browser-shell'
import type { DemoControl } from '../support/demo-control'
import { screenLink } from '../support/screen-link'
import { dateInJakarta, readableDate, shopControl, useDemoShell } from './demo-shell'

/**
 * Tonight first (issue 50): a shop with two months of history connects, and yesterday's count is
 * confirmed while the Sessions screen still shows older days arriving. The service answers every
 * request 300 ms late once the page is open, so the history takes a minute or more to arrive.
 */

const CONTROL_TOKEN = 'e2e-demo-control-token-7a40'
const shell = useDemoShell({
  seed: 31,
  days: 60,
  locations: 2,
  billsPerSession: 30,
  live: false,
  controlToken: CONTROL_TOKEN,
})
const control = (): DemoControl => shopControl(shell(), CONTROL_TOKEN)

/** The shop's yesterday (Asia/Jakarta, the demo's zone), one of the last two business days. */
const YESTERDAY = dateInJakarta(-1)
const ARRIVING = 'incomplete — still arriving'

async function sessionRows(page: Page, dates: string): Promise<Locator> {
  await screenLink(page, 'Sessions').click()
  await page.getByLabel('Dates').selectOption({ label: dates })
  return page.getByRole('table', { name: 'Register sessions' }).locator('tbody tr')
}

test('a shop with a long history: yesterday is counted while older days are still arriving', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openTill(page, shell())
  await control()('PUT', '/faults', { slow: { rate: 1, delay_ms: 300 } })
  try {
    // Yesterday's sessions come whole first: figures, not the words for figures still arriving.
    const yesterday = await sessionRows(page, 'Yesterday')
    await expect(yesterday.first()).toBeVisible({ timeout: 60_000 })
    await expect(yesterday.filter({ hasText: ARRIVING })).toHaveCount(0, { timeout: 60_000 })

    // Count one of them in Day close.
    await page.getByRole('link', { name: 'Day close', exact: true }).click()
    await page.getByLabel('Every location at once').uncheck()
    await page.getByLabel('Business date').selectOption(YESTERDAY)
    // A session of that date (the day shown before the choice stays until the new one is read).
    const day = readableDate(YESTERDAY).replace(/ \d{4}$/, '')
    const session = page.getByRole('region', { name: new RegExp(`^Session ${day} `) }).first()
    const expected = session
      .getByRole('row', { name: /Expected cash/ })
      .first()
      .getByRole('cell')
    const sid = await session
      .first()
      .getAttribute('data-session-id')
      .catch(() => null)
    console.log('session', sid)
    await page.evaluate(async () => {
      const dbs = await indexedDB.databases()
      const name = dbs.map((d) => d.name!).find((n) => n.startsWith('till'))!
      const w = window as unknown as { seen: string[] }
      w.seen = [name]
      const open = indexedDB.open(name)
      open.onsuccess = () => {
        const db = open.result
        let last = ''
        setInterval(() => {
          const tx = db.transaction('sessions', 'readonly')
          const all = tx.objectStore('sessions').getAll()
          all.onsuccess = () => {
            const rows = (
              all.result as {
                id: string
                businessDate: string
                locationId: string
                firstActivityAt: number
              }[]
            )
              .filter((r) => r.businessDate >= '2026-12-05')
              .map(
                (r) =>
                  `${r.id}:${r.locationId}:${r.businessDate}:${new Date(r.firstActivityAt).toISOString()}`,
              )
              .sort()
              .join(' ')
            if (rows !== last) w.seen.push(`${Date.now()} ${rows}`)
            last = rows
          }
        }, 50)
      }
    })
    await page.waitForTimeout(8000)
    console.log(
      (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).join('\n'),
    )
    const expectedCash = Number(
      /IDR\s*([\d,]+)/.exec((await expected.first().textContent())!)![1]!.replace(/,/g, ''),
    )
    // Typed once: the session keeps its day and its panel while the history arrives.
    await session.getByLabel('Counted cash').fill(String(expectedCash))
    await session.getByLabel(/^Counted by/).fill('E2E')
    await session.getByRole('button', { name: 'Confirm count' }).click()
    await expect(session.getByText('Status: Reconciled')).toBeVisible()

    // Meanwhile the first sync has not ended: older days are still arriving.
    const all = await sessionRows(page, 'All dates')
    await expect(all.filter({ hasText: 'Reconciled' })).toHaveCount(1)
    await expect(all.filter({ hasText: ARRIVING }).first()).toBeVisible()
    await expect(page.getByText(/^Last synced /)).toHaveCount(0)
  } finally {
    await control()('DELETE', '/faults')
  }
})
