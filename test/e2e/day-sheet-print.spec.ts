import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import {
  LONG_LOCATION_NAME,
  nameFirstLocation,
  openSynced,
  useDemoShell,
  eveningShop,
} from './demo-shell'
import { screenLink } from '../support/screen-link'

/**
 * The printed day sheets (one location's day, and every location at once) on A4 and US Letter,
 * portrait, as Chromium prints them: every figure the screen shows is on the page, beside its
 * row's name, no two tables share a line of the page, and the header is on every page. The PDFs
 * are attached to the test's results for a person to look at.
 */

const shell = useDemoShell(eveningShop())

/** A table the sheet prints: its name and each row as its label and what its cells show. */
interface ShownTable {
  name: string
  /**
   * Each row: its label, its cells' figures (a cell without one, its text), and all its text
   * (what else its line may hold).
   */
  rows: { label: string; figures: string[]; text: string }[]
}

/** An amount ("IDR 1,234", "-IDR 50") or a count, as the screen writes them in a cell. */
const FIGURE = /-?IDR\s[\d,]+|\b\d[\d,]*\b/g

/** Every table the screen shows that paper keeps (not the forms, charts or folded details). */
function shownTables(page: Page): Promise<ShownTable[]> {
  return page.locator('.day-close').evaluate((root, figure) => {
    const pattern = new RegExp(figure, 'g')
    const tables = [...root.querySelectorAll('table')].filter(
      (t) => t.offsetParent !== null && !t.closest('form, details, .day-charts, .no-print'),
    )
    return tables.map((table) => ({
      name: table.getAttribute('aria-label') ?? table.caption?.textContent ?? 'a table',
      rows: [...table.querySelectorAll('tbody tr, tfoot tr')].flatMap((row) => {
        const [head, ...cells] = [...row.querySelectorAll<HTMLElement>('th, td')]
        if (!head || cells.length === 0) return []
        const label = head.innerText.trim()
        const figures = cells.flatMap((c) => {
          // The figure, not what is said of it (a note can name a session and its hours); a
          // cell without one is read whole ("Not counted", "—", "not known").
          const note = c.querySelector('.incomplete, .undetermined')?.textContent ?? ''
          const shown = c.textContent!.replace(note, '').trim()
          return shown.match(pattern) ?? (shown ? [shown] : [])
        })
        const text = row.textContent!
        return figures.length ? [{ label, figures, text }] : []
      }),
    }))
  }, FIGURE.source)
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A pattern of text whose spaces may be any (the screen's amounts hold no-break spaces). */
const loosely = (text: string): string => escape(text).replace(/\s+/g, '\\s+')

/** The start of a row's label, which paper keeps on the figures' line as the rest may wrap. */
const labelStart = (label: string): string => label.split(/\s+/)[0]!

/** The words of one PDF page outside the page's width or height, per `pdftotext -bbox`. */
function wordsOffPage(pdf: string): string[] {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' })
  const off: string[] = []
  for (const pageHtml of html.split('<page ').slice(1)) {
    const width = Number(/width="([\d.]+)"/.exec(pageHtml)![1])
    const height = Number(/height="([\d.]+)"/.exec(pageHtml)![1])
    for (const [, xMin, yMin, xMax, yMax, word] of pageHtml.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ))
      if (Number(xMin) < 0 || Number(yMin) < 0 || Number(xMax) > width || Number(yMax) > height)
        off.push(word!)
  }
  return off
}

/**
 * What is wrong with a printed sheet: a page without the header, a row whose figures are not on
 * its label's line, tables side by side (their rows then never come one under the other, in the
 * screen's order), a row's line that holds another table's row ("IDR 10,15 Restaurant tax 10%").
 */
function sheetProblems(pages: string[], tables: ShownTable[], header: string[]): string[] {
  const problems: string[] = []
  pages.forEach((text, i) => {
    const words = text.replace(/\s+/g, ' ')
    for (const line of header)
      if (!words.includes(line)) problems.push(`page ${i + 1} has no “${line}” in its header`)
  })
  const lines = pages.flatMap((text) => text.split('\n'))
  let after = -1
  for (const table of tables) {
    const own = new Set(table.rows.map((row) => row.label))
    const others = tables.flatMap((t) => t.rows.map((row) => row.label)).filter((l) => !own.has(l))
    for (const row of table.rows) {
      const pattern = new RegExp([labelStart(row.label), ...row.figures].map(loosely).join('.*?'))
      const at = lines.findIndex((line, i) => i > after && pattern.test(line))
      if (at === -1) {
        problems.push(
          `${table.name}: “${row.label}” ${row.figures.join(' ')} not on a line of its own`,
        )
        continue
      }
      after = at
      const intruder = others.find(
        (label) =>
          !row.text.includes(label) &&
          new RegExp(`(^|\\s)${escape(label)}(\\s|$)`).test(lines[at]!),
      )
      if (intruder)
        problems.push(`${table.name} shares a line with “${intruder}”: ${lines[at]!.trim()}`)
    }
  }
  return problems
}

/** Prints the page as it stands to a PDF of `format`, kept with the test's results, and reads it back. */
async function printSheet(
  page: Page,
  testInfo: TestInfo,
  name: string,
  format: 'A4' | 'Letter',
): Promise<{ pages: string[]; offPage: string[] }> {
  const file = testInfo.outputPath(`${name} on ${format}.pdf`)
  writeFileSync(file, await page.pdf({ format, printBackground: true }))
  await testInfo.attach(`${name} on ${format}`, { path: file, contentType: 'application/pdf' })
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  return { pages: text.split('\f').filter((p) => p.trim() !== ''), offPage: wordsOffPage(file) }
}

/** Prints the sheet on the page on A4 and Letter; what is wrong with each, by its name. */
async function checkSheet(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<Record<string, string[]>> {
  await expect(page.getByText('Reading the count…')).toHaveCount(0)
  await expect(page.getByText('Adding up every location…')).toHaveCount(0)
  await page.emulateMedia({ media: 'screen' })
  const tables = await shownTables(page)
  expect(tables.length).toBeGreaterThan(0)
  // Print sets the moment the header says it was printed; Chromium's own print dialog is left out.
  await page.evaluate(() => (window.print = () => undefined))
  await page.getByRole('button', { name: 'Print' }).click()
  // Its lines as the page writes them; on paper a long one may wrap.
  const header = await page
    .locator('.print-header p')
    .evaluateAll((lines) => lines.map((p) => p.textContent!.replace(/\s+/g, ' ').trim()))
  expect(header.join(' ')).toMatch(/ · printed \S/)
  await page.emulateMedia({ media: 'print' })
  const found: Record<string, string[]> = {}
  for (const format of ['A4', 'Letter'] as const) {
    const { pages, offPage } = await printSheet(page, testInfo, name, format)
    found[`${name} on ${format}`] = [
      ...sheetProblems(pages, tables, header),
      ...(offPage.length ? [`off the page: ${offPage.join(' ')}`] : []),
    ]
  }
  await page.emulateMedia({ media: 'screen' })
  return found
}

test('the day sheet and the every-location sheet print whole on A4 and Letter', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  // The longest content the demo makes: a location name of 60 characters, IDR amounts, and
  // every "opening cash not known" note (its sessions have no close event).
  await openSynced(page, shell())
  await nameFirstLocation(page, LONG_LOCATION_NAME)
  await screenLink(page, 'Day close').click()
  await page.getByLabel('Location', { exact: true }).selectOption({ label: LONG_LOCATION_NAME })
  await page.getByLabel('Business date').selectOption({ index: 1 })
  await expect(page.locator('.session-close').first()).toBeVisible()
  const oneLocation = await checkSheet(page, testInfo, 'Day close of one location')

  await page.getByLabel('Every location at once').check()
  const everyLocation = page.getByRole('table', { name: 'The day at every location' })
  await expect(everyLocation).toBeVisible()
  const found = {
    ...oneLocation,
    ...(await checkSheet(page, testInfo, 'Day close of every location')),
  }
  expect(found).toEqual({
    'Day close of one location on A4': [],
    'Day close of one location on Letter': [],
    'Day close of every location on A4': [],
    'Day close of every location on Letter': [],
  })
})
