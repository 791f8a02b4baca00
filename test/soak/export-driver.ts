/**
 * Runs exports through the Exports screen, as a bookkeeper would, one format after another over
 * the last few business days, and counts what they wrote. Runs in the Playwright worker.
 */
import { stat } from 'node:fs/promises'
import { expect, type Download, type Page } from '@playwright/test'

const FORMATS = [
  ['journal-csv', 'bill'],
  ['xero', 'session'],
  ['bills', null],
  ['quickbooks', 'bill'],
  ['payments', null],
  ['ledger', 'session'],
  ['beancount', 'bill'],
  ['sessions', null],
  // A destination keeps one granularity: switching one that has posted takes a cut-over.
  ['journal-csv', 'bill'],
  ['expenses', null],
] as const

export interface ExportTally {
  runs: number
  /** Files downloaded (a Xero export may come in parts). */
  files: number
  bytes: number
  nothingNew: number
  failures: string[]
}

export class ExportDriver {
  readonly tally: ExportTally = { runs: 0, files: 0, bytes: 0, nothingNew: 0, failures: [] }
  private readonly downloads: Promise<void>[] = []

  constructor(
    private readonly page: Page,
    /** Business days back from the latest one that each export covers. */
    private readonly days: number,
  ) {
    page.on('download', (download) => this.downloads.push(this.count(download)))
  }

  private async count(download: Download): Promise<void> {
    const failure = await download.failure()
    if (failure) {
      this.tally.failures.push(`${download.suggestedFilename()}: ${failure}`)
      return
    }
    this.tally.files++
    this.tally.bytes += (await stat(await download.path())).size
  }

  /** The next format in turn: fills the form, exports, and waits for the outcome. */
  async exportNext(): Promise<void> {
    const [format, granularity] = FORMATS[this.tally.runs % FORMATS.length]!
    const page = this.page
    await page.getByRole('link', { name: 'Exports', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible()
    await page.getByLabel('Format').selectOption(format)
    // The form keeps each format's last dates: back to what is not exported yet.
    await page.getByLabel('Dates').selectOption('offered')
    const to = page.getByLabel('To')
    await expect(to).not.toHaveValue('')
    const latest = new Date(`${await to.inputValue()}T00:00:00Z`)
    latest.setUTCDate(latest.getUTCDate() - this.days)
    await page.getByLabel('From').fill(latest.toISOString().slice(0, 10))
    if (granularity)
      await page.getByLabel(granularity === 'bill' ? 'Per bill' : 'Per session summary').check()
    this.tally.runs++
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const outcome = page
      .locator('[aria-live="polite"]')
      .getByRole('status')
      .or(page.locator('[aria-live="polite"]').getByRole('alert'))
    await expect(outcome).toBeVisible({ timeout: 120_000 })
    const text = (await outcome.textContent()) ?? ''
    if (text.startsWith('Nothing new')) this.tally.nothingNew++
    else if (!/exported|Exported/.test(text)) this.tally.failures.push(`${format}: ${text}`)
  }

  /** Waits for every download so far to be saved and counted. */
  async settle(): Promise<ExportTally> {
    await Promise.all(this.downloads)
    return this.tally
  }
}
