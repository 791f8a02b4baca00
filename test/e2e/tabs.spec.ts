import { expect, test, type Page } from '@playwright/test'
import { openTill } from '../support/browser-shell'
import { useDemoShell } from './demo-shell'

/**
 * Till open in five tabs of one browser (issue 27, 6). A browser keeps six connections to a
 * host; when every tab held its own event streams, a fourth tab never loaded and the first one's
 * calls went unanswered. All tabs now share one stream: each loads and answers, and an event
 * reaches every tab.
 */
const shell = useDemoShell({ days: 1, locations: 1, billsPerSession: 5, live: false })

const TABS = 5

test('five tabs all load and answer, and a change made in one shows in all', async ({
  context,
}) => {
  const tabs: Page[] = []
  for (let i = 0; i < TABS; i++) {
    const tab = await context.newPage()
    await openTill(tab, shell())
    await expect(tab.getByLabel('Active connection'), `tab ${i + 1}`).toHaveText('Demo shop')
    tabs.push(tab)
  }
  for (const [i, tab] of tabs.entries()) {
    await tab.getByRole('link', { name: 'Settings', exact: true }).click()
    await expect(tab.getByRole('listitem', { name: 'Demo shop' }), `tab ${i + 1}`).toBeVisible()
  }

  const last = tabs[TABS - 1]!
  await last.getByLabel('Connection name').fill('High street')
  await last.getByLabel('Service URL').fill('https://pos.example.com')
  await last.getByLabel('API key').fill('five-tabs-key-0123')
  await last.getByLabel('Store ID').fill('store-5')
  await last.getByRole('button', { name: 'Save connection' }).click()
  await expect(last.getByText('Saved “High street”')).toBeVisible()

  // No tab reloads: each learns of the new connection from the one shared event stream.
  for (const [i, tab] of tabs.entries())
    await expect(tab.getByRole('listitem', { name: 'High street' }), `tab ${i + 1}`).toBeVisible()
})
