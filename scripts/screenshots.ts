// `npm run screenshots`: the README's pictures of the main screens, made anew from the app as it
// is. Builds Till, starts the browser shell on a demo shop as the end-to-end tests do, waits for
// its first sync, and saves a 1280×800 PNG of each screen to docs/screenshots/. Uses Debian's
// Chromium (/usr/bin/chromium; TILL_CHROMIUM chooses another). TILL_SKIP_BUILD=1 reuses out/.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, type Locator, type Page } from '@playwright/test'
import { startBrowserShell } from '../test/support/browser-shell'
import { screenLink } from '../test/support/screen-link'
import { dateInJakarta, openSynced } from '../test/e2e/demo-shell'

const OUT = join(__dirname, '..', 'docs', 'screenshots')

/**
 * A shop of two weeks and three locations in Jakarta, not trading live, so each run shows the same
 * kind of day; the Day close picture counts yesterday's drawer at Market Hall (location 102), which had one session.
 */
const DEMO_SHOP = { seed: 7, days: 14, locations: 3, billsPerSession: 30, live: false }
const COUNTED_LOCATION = 'Market Hall'
const PIECES = { 'IDR 100,000 notes': 21, 'IDR 50,000 notes': 9, 'IDR 10,000 notes': 14 }

/** Opens a screen from the navigation and waits until it has loaded. */
async function openScreen(page: Page, name: string): Promise<void> {
  await screenLink(page, name).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

/** Scrolls the page so that this part of it is at the top, its heading above it in view. */
async function scrollToTop(page: Page, part: Locator, headingRoom = 0): Promise<void> {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await page.evaluate((room) => window.scrollBy(0, -room), headingRoom)
}

async function save(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.screenshot({ path: join(OUT, `${name}.png`) })
  console.log(`docs/screenshots/${name}.png`)
}

/** The statement the demo shop's bank wrote for this launch (CAMT.053, in the data folder). */
function demoBankStatement(dataDir: string): string {
  const folder = join(dataDir, 'demo-bank')
  const name = readdirSync(folder).find((file) => file.endsWith('.xml'))
  if (!name) throw new Error(`no CAMT.053 statement in ${folder}`)
  return join(folder, name)
}

async function shoot(page: Page, dataDir: string): Promise<void> {
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  await expect(sessions.getByRole('cell', { name: '…' })).toHaveCount(0, { timeout: 20_000 })
  await save(page, 'sessions')

  // A session that is over, so its figures are whole: the list's rows past the open ones.
  const closed = sessions.getByRole('row').filter({ hasNotText: /–open/ }).getByRole('button')
  const name = (await closed.first().textContent())!.trim()
  await closed.first().click()
  await expect(page.getByRole('heading', { name: `Session ${name}` })).toBeFocused()
  const bills = page.getByRole('table', { name: `Bills of session ${name}` })
  await expect(bills.getByRole('row').nth(1)).toBeVisible()
  await scrollToTop(page, bills, 40)
  await save(page, 'session-bills')
  await page.keyboard.press('Escape')

  // The evening: the float the shift opened with, then the drawer counted note by note.
  await openScreen(page, 'Day close')
  await page.getByLabel('Location', { exact: true }).selectOption({ label: COUNTED_LOCATION })
  await page.getByLabel('Business date').selectOption(dateInJakarta(-1))
  const session = page.getByRole('region', { name: /^Session / }).first()
  const movement = session.getByRole('form', { name: 'Record a cash movement' })
  await movement.getByLabel('Movement', { exact: true }).selectOption({ label: 'Opening float' })
  await movement.getByLabel('Amount', { exact: true }).fill('500000')
  await movement.getByLabel('Moved by (name or initials)').fill('Ana')
  await movement.getByRole('button', { name: 'Record movement' }).click()
  const movements = session.getByRole('table', { name: /^Cash movements of session / })
  await expect(movements.locator('tbody tr')).toHaveCount(1)
  const count = session.getByRole('form', { name: /^Count the drawer of session / })
  for (const [piece, n] of Object.entries(PIECES))
    await count.getByLabel(`Number of ${piece}`).fill(String(n))
  await count.getByLabel('Counted by (name or initials)').fill('Ana')
  await scrollToTop(page, movements, 40)
  await save(page, 'day-close')

  await openScreen(page, 'Deposits')
  const importing = page.getByRole('region', { name: 'Import a bank statement' })
  await importing.getByLabel('Statement file').setInputFiles(demoBankStatement(dataDir))
  await importing.getByRole('button', { name: /^Import \d+ lines$/ }).click()
  await expect(importing.getByRole('status')).toContainText(/Imported \d+ new lines/)
  await page.evaluate(() => window.scrollTo(0, 0))
  await save(page, 'deposits')

  await openScreen(page, 'Exports')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await downloading
  await expect(page.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(2)
  // The form moves on to what is not exported yet: today, whose sessions are still trading, and
  // names the taxes the range would post to a default account.
  await expect(page.getByRole('checkbox', { name: /^Include them anyway/ })).toBeVisible()
  await expect(page.getByText(/^Not mapped yet/)).toBeVisible()
  await save(page, 'exports')

  await openScreen(page, 'Settings')
  await page.getByRole('link', { name: 'Account mapping', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Account mapping' })).toBeVisible()
  await save(page, 'settings')
}

async function main(): Promise<void> {
  if (!process.env.TILL_SKIP_BUILD) {
    const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }
  mkdirSync(OUT, { recursive: true })
  const shell = await startBrowserShell({ TILL_DEMO_OPTIONS: JSON.stringify(DEMO_SHOP) })
  const browser = await chromium.launch({
    executablePath: process.env.TILL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
      locale: 'en-GB',
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await openSynced(page, shell)
    await shoot(page, shell.dataDir)
  } finally {
    await browser.close()
    await shell.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
