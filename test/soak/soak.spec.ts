/**
 * The soak (issue 7): the demo shop trades live with every Apps API fault on while Till, in real
 * Chromium through the browser shell, syncs on its schedule, takes webhooks (some duplicated,
 * some lost to receiver outages, forged ones among them) and exports every few dozen seconds.
 * Memory is sampled throughout; at the end the cache must equal the service exactly and no
 * memory series may grow without bound. Figures go to test-results/soak.json.
 *
 * The shop runs in a demo service process of its own, connected like any service (its key and
 * signing secret saved through the bridge), so main's memory figures are Till's alone.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { openTill, startBrowserShell, type RunningBrowserShell } from '../support/browser-shell'
import { compareCacheWithTruth } from '../support/cache-vs-truth'
import { demoControl, type DemoControl } from '../support/demo-control'
import { readServiceTruth } from '../support/service-truth'
import { callShellBridge } from '../support/shell-bridge'
import { startStandaloneDemo, type StandaloneDemo } from '../support/standalone-demo'
import { ExportDriver } from './export-driver'
import { holdEveryAnnouncement, heldAnnouncements, LEAK_ANNOUNCEMENTS } from './deliberate-leak'
import {
  cacheProgress,
  heapCensus,
  openRendererProbe,
  readCache,
  writeHeapSnapshot,
} from './page-probes'
import { WebhookWeather } from './webhook-weather'
import {
  buildReport,
  summary,
  writeReport,
  type HeapCensusSample,
  type MainSample,
  type RendererSample,
  type SoakCounts,
} from './soak-report'
import {
  CADENCE,
  CURRENCY_EXPONENT,
  EMBEDDED_DEMO,
  FAULTS,
  FIRST_SYNC_TIMEOUT_MS,
  HEAP_SNAPSHOT_EVERY_MS,
  SHOP,
  SOAK_SECONDS,
} from './soak-settings'
import { screenLink } from '../support/screen-link'

const ROOT = join(__dirname, '..', '..')
const PROBE = pathToFileURL(join(ROOT, 'scripts', 'soak-memory-probe.mjs')).href
const REPORT = join(ROOT, 'test-results', 'soak.json')
const SCREENS = ['Sessions', 'Bills', 'Expenses', 'Day close', 'Problems'] as const
/** Heap snapshots are taken on these: the screen whose heap peaks grew most, and a light one. */
const SNAPSHOT_SCREENS = ['Day close', 'Problems'] as const
const CENSUS_SCREEN = 'Problems'

type Status = {
  url: string | null
  accepted: number
  rejected: number
  duplicates: number
  pending: number
}
type Delivery = { envelope_id: string; outcome: string; duplicate: boolean }
type FaultState = { requests: number; counts: Record<string, number> }

function readMainSamples(file: string): MainSample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MainSample)
}

async function visit(page: Page, screen: string): Promise<void> {
  await screenLink(page, screen).click()
  await expect(page.getByRole('heading', { name: screen, level: 1 })).toBeVisible()
}

/**
 * The heap census, always taken on one light screen: what a screen shows (the Day close screen
 * holds the live day's bills, growing as they accrue) is then no part of what it compares.
 */
async function censusOnCensusScreen(page: Page): Promise<Record<string, number>> {
  await visit(page, CENSUS_SCREEN)
  return heapCensus(page)
}

/** Sync now once nothing is left to arrive, and wait for that run to finish. */
async function settle(
  page: Page,
  control: DemoControl,
  shell: RunningBrowserShell,
  database: string,
): Promise<void> {
  const patience = { timeout: 300_000, intervals: [1_000] }
  await expect
    .poll(
      async () =>
        (await control<{ webhook: { pending: number } }>('GET', '/state')).webhook.pending,
      patience,
    )
    .toBe(0)
  await expect
    .poll(async () => (await callShellBridge<Status>(shell, 'webhooks.status')).pending, patience)
    .toBe(0)
  const syncNow = page.getByRole('button', { name: 'Sync now', exact: true })
  await expect(syncNow).toBeVisible(patience)
  const clickedAt = Date.now()
  await syncNow.click()
  await expect
    .poll(async () => (await cacheProgress(page, database)).lastSuccessAt ?? 0, patience)
    .toBeGreaterThan(clickedAt)
}

test('soak: live trading with faults, webhooks and exports; the cache ends equal to the service and memory stays bounded', async ({
  page,
}, testInfo) => {
  test.setTimeout(SOAK_SECONDS * 1000 + FIRST_SYNC_TIMEOUT_MS + 600_000)
  // Outside test-results, which another Playwright run on the machine may clear meanwhile.
  const scratch = mkdtempSync(join(tmpdir(), 'till-soak-'))
  const memoryFile = join(scratch, 'main-memory.jsonl')
  const shell = await startBrowserShell({
    TILL_DEMO_OPTIONS: JSON.stringify(EMBEDDED_DEMO),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim(),
    TILL_SOAK_MEMORY_FILE: memoryFile,
    TILL_SOAK_SAMPLE_MS: String(CADENCE.sampleMs),
  })
  let demo: StandaloneDemo | null = null
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  try {
    const receiverUrl = (await callShellBridge<Status>(shell, 'webhooks.status')).url!
    demo = await startStandaloneDemo({ ...SHOP, webhookUrl: receiverUrl })
    const control = demoControl(demo.url, demo.controlToken)
    const profile = await callShellBridge<{ id: string }>(shell, 'profiles.save', {
      name: 'Soak shop',
      baseUrl: demo.url,
      storeId: demo.storeId,
      apiKey: demo.appKey,
      webhookSecret: demo.webhookSecret,
      currency: SHOP.currency,
      timezone: SHOP.timezone,
    })
    await callShellBridge(shell, 'profiles.activate', { id: profile.id })
    const database = `till-${profile.id}`
    await control('PUT', '/faults', FAULTS)
    if (LEAK_ANNOUNCEMENTS) await holdEveryAnnouncement(page)
    await openTill(page, shell)
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
    await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: FIRST_SYNC_TIMEOUT_MS })

    await visit(page, 'Settings')
    await page.getByRole('link', { name: 'Sync schedule', exact: true }).click()
    await page.getByLabel('Sweep every (minutes)').fill(String(CADENCE.sweepMinutes))
    await page.getByRole('button', { name: 'Save schedule', exact: true }).click()
    await expect(
      page.getByText(`Saved: a sweep every ${CADENCE.sweepMinutes} minutes`, { exact: false }),
    ).toBeVisible()

    const sampleRenderer = await openRendererProbe(page)
    const exports = new ExportDriver(page, CADENCE.exportDays)
    const renderer: RendererSample[] = []
    const rendererCensus: HeapCensusSample[] = []
    const billsAtStart = (await control<{ counts: { bills: number } }>('GET', '/state')).counts
      .bills

    const start = Date.now()
    const deadline = start + SOAK_SECONDS * 1000
    const weather = await WebhookWeather.begin(control, receiverUrl, demo.storeId, CADENCE, start)
    let nextExport = start + 10_000
    let nextSnapshot = HEAP_SNAPSHOT_EVERY_MS > 0 ? start : Infinity
    let nextCensus = start
    for (let tick = 0; Date.now() < deadline; tick++) {
      const tickStarted = Date.now()
      renderer.push({ at: tickStarted, ...(await sampleRenderer()) })
      if (tickStarted >= nextCensus) {
        rendererCensus.push({ at: tickStarted, bytesByType: await censusOnCensusScreen(page) })
        nextCensus += CADENCE.censusEveryMs
      }
      if (tickStarted >= nextSnapshot) {
        // The same screens each time, so two moments compare what they hold and nothing else.
        const seconds = Math.round((tickStarted - start) / 1000)
        for (const screen of SNAPSHOT_SCREENS) {
          await visit(page, screen)
          const name = screen.toLowerCase().replaceAll(' ', '-')
          await writeHeapSnapshot(
            page,
            testInfo.outputPath(`renderer-${seconds}-${name}.heapsnapshot`),
          )
        }
        nextSnapshot += HEAP_SNAPSHOT_EVERY_MS
      }
      if (tickStarted >= nextExport) {
        await exports.exportNext()
        nextExport += CADENCE.exportEveryMs
      } else await visit(page, SCREENS[tick % SCREENS.length]!)
      await weather.tick(tickStarted)
      await page.waitForTimeout(Math.max(0, tickStarted + CADENCE.sampleMs - Date.now()))
    }

    await control('PUT', '/live', { on: false })
    const faults = await control<FaultState>('GET', '/faults')
    await control('DELETE', '/faults')
    await weather.clear()
    await settle(page, control, shell, database)

    const truth = await readServiceTruth({
      baseUrl: demo.url,
      appKey: demo.appKey,
      storeId: demo.storeId,
      controlToken: demo.controlToken,
    })
    const cache = await readCache(page, database)
    const divergence = compareCacheWithTruth(truth, cache, {
      exponent: CURRENCY_EXPONENT,
      closedSince: start,
    })
    renderer.push({ at: Date.now(), ...(await sampleRenderer()) })
    rendererCensus.push({ at: Date.now(), bytesByType: await censusOnCensusScreen(page) })
    const status = await callShellBridge<Status>(shell, 'webhooks.status')
    const { data: deliveries } = await control<{ data: Delivery[] }>('GET', '/deliveries')
    const counts: SoakCounts = {
      seconds: SOAK_SECONDS,
      billsAtStart,
      billsAtEnd: truth.bills.length,
      billsCached: cache.bills.length,
      expenses: truth.expenses.length,
      sessions: truth.sessions.length,
      webhooks: {
        accepted: status.accepted,
        rejected: status.rejected,
        duplicates: status.duplicates,
        forged: weather.forged,
        forgedAccepted: weather.forgedAccepted,
      },
      deliveries: {
        attempts: deliveries.length,
        failed: deliveries.filter((d) => d.outcome !== 'delivered').length,
        duplicates: deliveries.filter((d) => d.duplicate).length,
      },
      faults: { requests: faults.requests, applied: faults.counts },
      exports: await exports.settle(),
      outages: weather.outages,
      ...(LEAK_ANNOUNCEMENTS ? { heldAnnouncements: await heldAnnouncements(page) } : {}),
    }
    const report = buildReport({
      start,
      counts,
      main: readMainSamples(memoryFile).filter((s) => s.at >= start),
      renderer,
      rendererCensus,
      divergence,
    })
    writeReport(REPORT, report)
    console.log(summary(report))

    expect(divergence.differences).toEqual([])
    if (report.memoryJudged)
      for (const [name, verdict] of Object.entries(report.memory))
        expect(verdict.reasons, `${name} memory`).toEqual([])
    expect(counts.exports.failures).toEqual([])
    expect(counts.exports.files).toBeGreaterThan(0)
    expect(counts.webhooks.accepted).toBeGreaterThan(0)
    expect(weather.forgedAccepted).toBe(0)
    expect(counts.webhooks.rejected).toBeGreaterThanOrEqual(weather.forged)
    expect(Object.values(counts.faults.applied).reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    expect(counts.billsAtEnd).toBeGreaterThan(billsAtStart)
  } finally {
    await demo?.stop()
    writeFileSync(testInfo.outputPath('browser-shell.log'), shell.output())
    writeFileSync(testInfo.outputPath('page-console.log'), consoleLines.join('\n'))
    cpSync(join(shell.dataDir, 'logs'), testInfo.outputPath('logs'), { recursive: true })
    await shell.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
})
