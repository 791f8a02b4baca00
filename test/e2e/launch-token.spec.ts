import { expect, test } from '@playwright/test'
import { useDemoShell } from './demo-shell'

/**
 * The printed address signs one browser in (issue 14, 7): the page trades the launch token for a
 * session cookie on its first load, a reload keeps working on the cookie, and the same address
 * opened in another browser is refused. The token is kept nowhere in the page's storage.
 */
const shell = useDemoShell({ days: 1, locations: 1, billsPerSession: 5, live: false })

test('the printed address opens Till once, in one browser, and survives a reload there', async ({
  page,
  browser,
}) => {
  const { url, token } = shell()
  await page.goto(url)
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })
  expect(page.url()).not.toContain(token)
  const stored = await page.evaluate(() =>
    JSON.stringify([{ ...window.sessionStorage }, { ...window.localStorage }, document.cookie]),
  )
  expect(stored).not.toContain(token)
  const cookies = await page.context().cookies()
  expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.expires])).toEqual([
    [`till-session-${new URL(url).port}`, true, 'Strict', -1],
  ])

  await page.reload()
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })
  await page.goto(url)
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 60_000 })

  const elsewhere = await browser.newContext()
  try {
    const other = await elsewhere.newPage()
    await other.goto(url)
    await expect(other.getByText(/not signed in to Till/).first()).toBeVisible()
    expect(await elsewhere.cookies()).toEqual([])
  } finally {
    await elsewhere.close()
  }
})
