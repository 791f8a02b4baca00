import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import type { BenchApi } from './in-page/entry'

/** Real Chromium for the bench: Playwright's own when installed, else the system's. */

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // performance.memory reports exact sizes, for the export's peak heap.
  '--enable-precise-memory-info',
]

export function chromiumPath(): string {
  if (process.env.TILL_CHROMIUM) return process.env.TILL_CHROMIUM
  const own = chromium.executablePath()
  if (existsSync(own)) return own
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (existsSync(path)) return path
  throw new Error(
    'No Chromium found: install Playwright’s (npx playwright install chromium) or set TILL_CHROMIUM.',
  )
}

/** The in-page half of the bench as one script, built from an entry in test/bench/in-page. */
export async function inPageBundle(entry = 'entry.ts'): Promise<string> {
  const result = await build({
    entryPoints: [join(__dirname, 'in-page', entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'warning',
  })
  return result.outputFiles[0]!.text
}

export interface BenchBrowser {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/**
 * A browser on a profile folder of its own, kept between launches so the cache (IndexedDB) is
 * there for a cold start; the bench script is present in every page before the page's own.
 */
export async function launchBrowser(profileDir: string, bundle: string): Promise<BenchBrowser> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
  })
  await context.addInitScript({ content: bundle })
  const page = context.pages()[0] ?? (await context.newPage())
  return { context, page, close: () => context.close() }
}

/**
 * A plain page of the app's origin, without the app (a path with an extension that is not there):
 * the bench works on the cache there with no live query of the app chasing every write.
 */
export async function leaveTill(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/bench-seed.txt`)
}

/** Calls the bench's in-page API. */
export function inPage<K extends keyof BenchApi>(
  page: Page,
  name: K,
  ...args: Parameters<BenchApi[K]>
): Promise<Awaited<ReturnType<BenchApi[K]>>> {
  return page.evaluate(
    ([fn, fnArgs]) =>
      (globalThis as unknown as { tillBench: Record<string, (...a: unknown[]) => unknown> })
        .tillBench[fn]!(...fnArgs),
    [name, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<BenchApi[K]>>>
}

/** Collects garbage in the page, so heap figures start from what is live. */
export async function collectGarbage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
  } finally {
    await cdp.detach()
  }
}
