import { expect, test, type Page } from '@playwright/test'
import { useDemoShell, openSynced } from './demo-shell'
import { seriousAxeViolations } from './axe'
import { cutFiguresAndTimes, distinctColours } from './screenshot'
import { screenLink } from '../support/screen-link'

/**
 * Layout and accessibility over the screens, with a demo shop of a few days: at 1280×720 amounts
 * and times show whole, and axe finds nothing serious in either theme.
 */
const shell = useDemoShell({
  seed: 23,
  days: 10,
  locations: 2,
  billsPerSession: 30,
  live: false,
})

const SCREENS = ['Sessions', 'Bills', 'Expenses', 'Day close', 'Exports', 'Problems', 'Settings']

async function open(page: Page, name: string): Promise<void> {
  await screenLink(page, name).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openSynced(page, shell())
})

test('at 1280×720, Sessions, Bills, Expenses, Day close, Exports and Problems show every amount and time whole', async ({
  page,
}, testInfo) => {
  // An export, so the export log has a row with its time.
  await open(page, 'Exports')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await downloading
  await expect(page.getByRole('table', { name: 'Export log' }).getByRole('row')).toHaveCount(2)

  for (const name of ['Sessions', 'Bills', 'Expenses', 'Day close', 'Exports', 'Problems']) {
    await open(page, name)
    if (name === 'Sessions') {
      const sessions = page.getByRole('table', { name: 'Register sessions' })
      await expect(sessions.getByRole('cell', { name: '…' })).toHaveCount(0, { timeout: 20_000 })
    }
    if (name === 'Bills') {
      const grid = page.getByRole('grid', { name: 'Bills' })
      await expect(grid.getByRole('row').nth(1)).toContainText(/\d/)
      // A refund's amounts, the widest going out, are among those shown.
      await page.getByLabel('Type').selectOption('refund')
      await expect(grid.getByRole('row').nth(1)).toContainText('Refunded')
    }
    if (name === 'Day close')
      await expect(
        page
          .getByRole('region', { name: /^Session / })
          .first()
          .getByRole('table')
          .first(),
      ).toBeVisible()
    const shot = await page.screenshot()
    await testInfo.attach(`${name} at 1280×720`, { body: shot, contentType: 'image/png' })
    expect(await distinctColours(page, shot), `${name} looks blank`).toBeGreaterThan(12)
    expect(await cutFiguresAndTimes(page), `${name}: amounts or times not shown whole`).toEqual([])
  }
})

for (const scheme of ['light', 'dark'] as const)
  test(`axe finds nothing serious or critical on any screen, in the ${scheme} theme`, async ({
    page,
  }) => {
    // Seventeen full axe runs: slow on a loaded machine.
    test.setTimeout(240_000)
    await page.emulateMedia({ colorScheme: scheme })
    const found: string[] = []
    const check = async (where: string): Promise<void> => {
      found.push(...(await seriousAxeViolations(page, where)))
    }
    for (const name of SCREENS) {
      await open(page, name)
      await check(name)
    }
    // What opens on a screen: a session, a bill, the session combobox, each Settings section.
    await open(page, 'Sessions')
    await page.getByRole('table', { name: 'Register sessions' }).getByRole('button').first().click()
    await expect(page.getByRole('table', { name: /^Bills of session / })).toBeVisible()
    await check('a session')
    await open(page, 'Bills')
    await page.getByRole('grid', { name: 'Bills' }).getByRole('row').nth(1).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await check('a bill')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('combobox', { name: 'Session' }).click()
    await expect(page.getByRole('listbox', { name: 'Session' })).toBeVisible()
    await check('the Session combobox')
    await open(page, 'Settings')
    const sections = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link')
    for (const section of await sections.allTextContents()) {
      await sections.getByText(section, { exact: true }).click()
      await check(`Settings → ${section}`)
    }
    expect(found).toEqual([])
  })

test('the check finds an amount cut by an ellipsis, a time wrapped, and one scrolled out of view', async ({
  page,
}) => {
  // A page of its own: the app's strict CSP would drop these inline styles.
  const scratch = await page.context().newPage()
  await scratch.setContent(`
    <table style="table-layout: fixed; width: 70px"><tr>
      <td style="overflow: hidden; text-overflow: ellipsis; white-space: nowrap">IDR 1,460,000</td>
    </tr></table>
    <p style="width: 1px">8:01 PM</p>
    <p style="width: 1px">-IDR 64,000</p>
    <div style="overflow: auto; width: 60px"><span style="white-space: nowrap">Total IDR 25,000</span></div>
    <p>Whole: -IDR 40,000 at 19:05</p>
    <p style="width: 1px">EXP-000034, a number, not an amount</p>`)
  expect(await cutFiguresAndTimes(scratch)).toEqual([
    { text: 'IDR 1,460,000', why: 'clipped' },
    { text: '8:01 PM', why: 'wrapped' },
    { text: '-IDR 64,000', why: 'wrapped' },
    { text: 'IDR 25,000', why: 'out of view' },
  ])
})

test('sessions below the fold get their figures too, so a printed list has them all', async ({
  page,
}) => {
  // A short window: most sessions start below the fold and are never scrolled to.
  await page.setViewportSize({ width: 1280, height: 360 })
  const sessions = page.getByRole('table', { name: 'Register sessions' })
  const rows = sessions.getByRole('row')
  await expect(rows).not.toHaveCount(1)
  const last = rows.last()
  await expect(last).not.toBeInViewport()
  await expect(sessions.getByRole('cell', { name: '…' })).toHaveCount(0, { timeout: 20_000 })
  await page.emulateMedia({ media: 'print' })
  await expect(last.getByRole('cell').nth(4)).toHaveText(/^[-−]?IDR\s[\d,]+$/)
})
