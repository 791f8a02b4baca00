import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { startBrowserShell, type RunningBrowserShell } from '../support/browser-shell'
import { startTestPostgres, type TestPostgres } from '../support/postgres'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { yesterdayMiddayInJakarta, openSynced } from './demo-shell'

/** The demo shop both PCs of a shared-books spec sync: one day, one location, a few bills. */
export const sharedBooksDemo = {
  seed: 23,
  days: 1,
  locations: 1,
  billsPerSession: 4,
  live: false,
  now: yesterdayMiddayInJakarta(),
}

const openPcPages = new Set<Page>()

/** A page of one PC (one browser shell), once its first sync is done. */
export async function pcPage(browser: Browser, shell: RunningBrowserShell): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  openPcPages.add(page)
  await openSynced(page, shell)
  return page
}

/**
 * Closes the PC pages opened so far, with their contexts. Left open, the pages of shells a spec
 * has stopped live on in the worker's browser for the rest of the run, asking every second.
 */
async function closePcPages(): Promise<void> {
  const pages = [...openPcPages]
  openPcPages.clear()
  await Promise.allSettled(pages.map((page) => page.context().close()))
}

/**
 * For a failed spec's output: whether each PC page open still runs script, is shown, and draws
 * frames (a click waits for two frames alike before it clicks).
 */
async function describePcPages(): Promise<string[]> {
  return Promise.all(
    [...openPcPages].map(async (page, index) => {
      const looked = page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const shown = `visibility ${document.visibilityState}, focus ${document.hasFocus()}`
            requestAnimationFrame(() => resolve(`${shown}, draws frames`))
            setTimeout(() => resolve(`${shown}, no frame in 2 s`), 2_000)
          }),
      )
      const silent = sleep(5_000, 'runs no script within 5 s', { ref: false })
      const state = await Promise.race([looked, silent]).catch((error: Error) => error.message)
      return `PC page ${index + 1} (${page.url().replace(/#.*/, '')}): ${state}`
    }),
  )
}

/**
 * Registers a spec's hooks for the PC pages it opens: each described in the output when a test
 * fails, all closed after the spec's tests, before the spec's own later hooks.
 */
export function tidyPcPages(): void {
  test.afterEach(async () => {
    const { status, expectedStatus } = test.info()
    if (status !== expectedStatus) console.log((await describePcPages()).join('\n'))
  })
  test.afterAll(closePcPages)
}

/** Settings → Shared books. */
export async function sharedBooksPanel(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('link', { name: 'Shared books', exact: true }).click()
  return page.getByRole('region', { name: 'Shared books' })
}

/** Saves the database address in Settings → Shared books and joins. */
export async function joinSharedBooks(page: Page, address: string): Promise<void> {
  const panel = await sharedBooksPanel(page)
  await panel.getByLabel('Database address').fill(address)
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByText('Saved. Join to share this PC’s records.')).toBeVisible()
  await panel.getByRole('button', { name: 'Join' }).click()
  await expect(panel.getByText(/^Joined\./)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('status', { name: 'Shared books' })).toContainText('connected')
}

/** The sessions of the day before the latest (over by then) on Day close. */
export async function sessionsOfDayBefore(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Day close', exact: true }).click()
  await page.getByLabel('Business date').selectOption({ index: 1 })
  return page.getByRole('region', { name: /^Session / })
}

/** Exports the demo's day to `destination` from the Exports screen (without waiting for it). */
export async function exportDemoDay(page: Page, destination = 'journal-csv'): Promise<void> {
  await page.getByRole('link', { name: 'Exports' }).click()
  await page.getByLabel('Format').selectOption(destination)
  await expect(page.getByLabel('To')).not.toHaveValue('')
  await page.getByLabel('From').fill(sharedBooksDemo.now.slice(0, 10))
  await page.getByLabel('To').fill(sharedBooksDemo.now.slice(0, 10))
  const open = page.getByRole('checkbox', { name: /^Include them anyway/ })
  if (await open.isVisible()) await open.check()
  await page.getByRole('button', { name: 'Export', exact: true }).click()
}

/** The database a spec's shared books live in, on its throwaway server. */
export const BOOKS_DATABASE = 'till'

/** Two browser shells of the demo shop and the throwaway PostgreSQL they share. */
export interface TwoShells {
  database: TestPostgres
  /** A loopback proxy in front of the database, for the faults a spec plays. */
  proxy: TcpProxy
  shells: RunningBrowserShell[]
  /** The books' address directly and through the proxy. */
  direct: string
  throughProxy: string
  /** Rows of one statement on the books, read over a connection of its own. */
  query<T extends object>(sql: string): Promise<T[]>
}

/**
 * Registers a spec's hooks for its two shells and their database: started before the spec's own
 * hooks, stopped after its tests once its PC pages are closed (`tidyPcPages`, registered here).
 */
export function twoShellsOnOneDatabase(): TwoShells {
  const two = { shells: [] as RunningBrowserShell[] } as TwoShells
  two.query = async <T extends object>(sql: string) => {
    const pool = two.database.pool(BOOKS_DATABASE, { max: 1 })
    try {
      return (await pool.query<T>(sql)).rows
    } finally {
      await pool.end()
    }
  }
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    two.database = await startTestPostgres({ trustLoopback: true })
    await two.database.createDatabase(BOOKS_DATABASE)
    two.proxy = await startTcpProxy(two.database.port)
    two.direct = two.database.url(BOOKS_DATABASE)
    two.throughProxy = two.direct.replace(`:${two.database.port}/`, `:${two.proxy.port}/`)
    for (let i = 0; i < 2; i++)
      two.shells.push(
        await startBrowserShell({ TILL_DEMO_OPTIONS: JSON.stringify(sharedBooksDemo) }),
      )
  })
  tidyPcPages()
  test.afterAll(async () => {
    for (const shell of two.shells) await shell.stop()
    await two.proxy?.close()
    await two.database?.stop()
  })
  return two
}
