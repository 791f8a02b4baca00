import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { openTill, startBrowserShell, type RunningBrowserShell } from '../../support/browser-shell'
import { inPageBundle, launchBrowser, type BenchBrowser } from '../chromium'
import {
  EVENT_TIMING_THRESHOLD_MS,
  keyAnswers,
  recordKeyAnswers,
  sampleInputAnswers,
} from '../key-answers'
import { fromRepeated, type Figure } from '../results'
import { percentile, repeated } from '../stats'
import { camtOfSize } from '../statement-files'

/**
 * Statement files in the browser shell (issue 49): a 10 MB CAMT.053 statement previewed while a
 * person types (the page's answer to key presses, p99, measured as the first sync's is), and a
 * 100 MB one refused, from the file picked until the refusal is on screen.
 */

const MB = 1024 * 1024
const PREVIEWED_BYTES = 10 * MB
const REFUSED_BYTES = 100 * MB
/** A frame budget a person does not feel: the target for both figures. */
const BUDGET_MS = 100

async function openImport(page: Page, shell: RunningBrowserShell) {
  await openTill(page, shell)
  await page.getByText(/^Last synced /).waitFor({ timeout: 120_000 })
  await page.getByRole('link', { name: 'Deposits', exact: true }).click()
  return page.getByRole('region', { name: 'Import a bank statement' })
}

/** The p99 of the page's answers to key presses while the file at `path` is read and previewed. */
async function previewInputP99(page: Page, shell: RunningBrowserShell, path: string) {
  const importing = await openImport(page, shell)
  await page.evaluate(recordKeyAnswers, EVENT_TIMING_THRESHOLD_MS)
  const cdp = await page.context().newCDPSession(page)
  const started = performance.now()
  const input = sampleInputAnswers(cdp)
  await importing.getByLabel('Statement file').setInputFiles(path)
  await importing.getByRole('table', { name: 'Statement preview' }).waitFor({ timeout: 120_000 })
  const seconds = (performance.now() - started) / 1000
  const sent = await input.stop()
  const answers = (await keyAnswers(page, sent.length)).sort((a, b) => a - b)
  await cdp.detach()
  return { p99: percentile(answers, 99), presses: answers.length, seconds }
}

interface PageGlobals {
  document: {
    body: { textContent: string | null }
    addEventListener(type: 'change', listener: () => void, capture: boolean): void
  }
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void
    disconnect(): void
  }
}

/** Milliseconds from the file at `path` picked (its input's change) to the refusal shown. */
async function refusedMs(page: Page, shell: RunningBrowserShell, path: string): Promise<number> {
  const importing = await openImport(page, shell)
  const refused = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // The page's own globals, typed here: this file is type-checked for Node.
        const { document, MutationObserver } = globalThis as unknown as PageGlobals
        let pickedAt = 0
        document.addEventListener('change', () => (pickedAt = performance.now()), true)
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes('Till reads statement files of up to')) return
          observer.disconnect()
          resolve(performance.now() - pickedAt)
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      }),
  )
  await importing.getByLabel('Statement file').setInputFiles(path)
  return refused
}

export async function measureStatementFiles(options: {
  repetitions: number
  demo: Record<string, unknown>
  log(line: string): void
}): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'till-bench-statements-'))
  let shell: RunningBrowserShell | null = null
  let browser: BenchBrowser | null = null
  try {
    const previewed = join(dir, 'statement-10mb.xml')
    const previewedText = camtOfSize(PREVIEWED_BYTES)
    writeFileSync(previewed, previewedText)
    const lines = (previewedText.match(/<Ntry>/g) ?? []).length
    const tooLarge = join(dir, 'statement-100mb.xml')
    writeFileSync(tooLarge, camtOfSize(REFUSED_BYTES))
    shell = await startBrowserShell({ TILL_DEMO_OPTIONS: JSON.stringify(options.demo) })
    browser = await launchBrowser(join(dir, 'profile'), await inPageBundle())
    const runs = []
    const refusals = []
    for (let run = 1; run <= options.repetitions; run++) {
      options.log(`statement preview ${run} of ${options.repetitions}`)
      runs.push(await previewInputP99(browser.page, shell, previewed))
      refusals.push(await refusedMs(browser.page, shell, tooLarge))
    }
    const megabytes = (PREVIEWED_BYTES / MB).toFixed(0)
    return [
      {
        id: 'deposits',
        key: 'deposits.statement-preview-input-p99',
        label: `${megabytes} MB CAMT.053 statement previewed: the page's answer to a key press, p99 (median of ${runs.length})`,
        ...fromRepeated(repeated(runs.map((r) => r.p99))),
        unit: 'ms',
        target: { at: 'most', value: BUDGET_MS },
        note: `${lines.toLocaleString('en-US')} lines, previewed in ${runs.map((r) => r.seconds.toFixed(1)).join(', ')} s; ${runs.map((r) => r.presses).join(', ')} presses`,
      },
      {
        id: 'deposits',
        key: 'deposits.statement-refused-ms',
        label: `  ${(REFUSED_BYTES / MB).toFixed(0)} MB statement refused, from picked to said (median of ${refusals.length})`,
        ...fromRepeated(repeated(refusals)),
        unit: 'ms',
        target: { at: 'most', value: BUDGET_MS },
      },
    ]
  } finally {
    await browser?.close()
    await shell?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
