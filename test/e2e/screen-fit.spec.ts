import { expect, test, type Page } from '@playwright/test'
import {
  LONG_LOCATION_NAME,
  nameFirstLocation,
  openSynced,
  useDemoShell,
  eveningShop,
} from './demo-shell'
import { seriousAxeViolations } from './axe'
import { screenLink } from '../support/screen-link'

/**
 * Every screen of the evening fits the window: at 1280×720 and 1920×1080 the page never scrolls
 * sideways, and no table cell leaves its table's column of the page, with the longest content the
 * demo makes: IDR amounts, a location name of 60 characters, every "opening cash not known" note
 * (the demo's sessions have no close event). And on each, at each size, axe finds nothing serious
 * or critical.
 */

const shell = useDemoShell(eveningShop())

/** Each element that leaves the page sideways or its table's container, with how far. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.scrollingElement!
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls ${root.scrollWidth - root.clientWidth}px sideways`)
    // Per table, its cell furthest out.
    const worst = new Map<string, { text: string; out: number }>()
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      const table = cell.closest('table')!
      const container = table.parentElement!
      if (cell.offsetParent === null || container.closest('.print-only')) continue
      const box = cell.getBoundingClientRect()
      const inside = container.getBoundingClientRect()
      const out = Math.max(inside.left - box.left, box.right - inside.right)
      const name = table.getAttribute('aria-label') ?? table.caption?.textContent ?? 'a table'
      if (out > 1 && out > (worst.get(name)?.out ?? 0))
        worst.set(name, { text: cell.textContent!.slice(0, 40), out })
    }
    for (const [name, { text, out }] of worst)
      found.push(`${name}: “${text}” ${Math.round(out)}px out`)
    return found
  })
}

async function open(page: Page, name: string): Promise<void> {
  await screenLink(page, name).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

/** The screens and views of the evening, each opened and checked for fit and by axe. */
async function everyView(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {}
  const check = async (where: string): Promise<void> => {
    found[where] = [...(await overflows(page)), ...(await seriousAxeViolations(page, where))]
  }
  await open(page, 'Sessions')
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  await expect(sessions.getByRole('cell', { name: '…' })).toHaveCount(0, { timeout: 20_000 })
  await check('Sessions')
  await open(page, 'Day close')
  const location = page.getByLabel('Location', { exact: true })
  await location.selectOption({ label: LONG_LOCATION_NAME })
  await page.getByLabel('Business date').selectOption({ index: 1 })
  await expect(page.locator('.session-close').first()).toBeVisible()
  await expect(page.getByText('Reading the count…')).toHaveCount(0)
  await check('Day close, one location')
  await page.getByLabel('Every location at once').check()
  await expect(page.getByRole('table', { name: 'The day at every location' })).toBeVisible()
  await check('Day close, every location')
  await page.getByLabel('Every location at once').uncheck()
  for (const name of ['Deposits', 'Exports']) {
    await open(page, name)
    await check(name)
  }
  await open(page, 'Settings')
  const sections = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link')
  for (const section of await sections.allTextContents()) {
    await sections.getByText(section, { exact: true }).click()
    await check(`Settings → ${section}`)
  }
  return found
}

test.beforeEach(async ({ page }) => {
  await openSynced(page, shell())
  await nameFirstLocation(page, LONG_LOCATION_NAME)
})

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const)
  test(`at ${width}×${height} no screen of the evening scrolls sideways, leaves a column or fails axe`, async ({
    page,
  }) => {
    // A dozen full axe runs besides the layout: slow on a loaded machine.
    test.setTimeout(240_000)
    await page.setViewportSize({ width, height })
    const found = await everyView(page)
    expect(Object.entries(found).filter(([, out]) => out.length > 0)).toEqual([])
  })
