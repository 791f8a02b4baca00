import type { Page } from '@playwright/test'
import { openTill, type RunningBrowserShell } from '../../support/browser-shell'
import { inPage, leaveTill, type BenchBrowser } from '../chromium'
import type { UpgradeSeen } from '../in-page/screen-timing'
import { browserShellProcesses, chromiumProcesses, meterCpu } from '../process-cpu'
import { cpuFigure, cpuText, fromRepeated, type Figure } from '../results'
import { median, repeated } from '../stats'

/**
 * The upgrade of a cache an earlier Till left (before tallies and bill counts) to the current
 * schema: from the navigation to Till until the fill the sync controller starts is done, from
 * scratch, then once more closed half-way and opened again. The fill leaves the cache as the
 * other figures had it, so this goes last.
 */

const DONE_MS = 900_000
/** Bills the fill reads a page (sessions/tables/saved-bills-fill.ts). */
const FILL_PAGE = 5_000
/** The upgrade's targets (issue 25): 5 s for the quick run's 100,000 bills, 30 s for a million. */
const targetSeconds = (bills: number): number => (bills <= 100_000 ? 5 : 30)

/** Makes the cache one from before tallies and counts. */
async function makeOldCache(
  page: Page,
  shell: RunningBrowserShell,
  databaseName: string,
): Promise<void> {
  await leaveTill(page, shell.origin)
  await inPage(page, 'forgetTalliesAndCounts', databaseName)
}

async function untilDone(page: Page, databaseName: string): Promise<UpgradeSeen> {
  const seen = await inPage(page, 'watchUpgrade', 'done', DONE_MS)
  const left = await inPage(page, 'upgradeState', databaseName)
  if (left.tallies < left.sessions || !left.countsComplete)
    throw new Error(
      `the fill ended with ${left.tallies} of ${left.sessions} sessions tallied and the counts ${left.countsComplete ? 'complete' : 'incomplete'}`,
    )
  return seen
}

const shownText = ({ shown }: UpgradeSeen): string => {
  if (!shown) return 'no progress line seen'
  const { first, last, lastAt } = shown
  return `bills ${first[0]} of ${first[1]} … ${last[0]} of ${last[1]} (at ${(lastAt / 1000).toFixed(1)} s)`
}

/** What is left to do when the page opens: the total the line first shows, else none. */
const leftAtOpen = (seen: UpgradeSeen): number => seen.shown?.first[1] ?? 0

/** Cache version 16's upgrade of an export log of `entries` rows into pages, on its own. */
async function measureLogCarry(page: Page, entries: number): Promise<Figure> {
  const { ms, pages, carried } = await inPage(page, 'carryRowLog', 'till-bench-row-log', entries)
  return {
    id: 'upgrade',
    key: 'upgrade.log-pages',
    label: `  export log of ${entries.toLocaleString('en-US')} entries carried into pages`,
    value: ms / 1000,
    unit: 's',
    note: `${carried.toLocaleString('en-US')} rows (entries and states) into ${pages.toLocaleString('en-US')} pages, the progress shown while the cache opens`,
  }
}

/** Cache version 23's upgrade (the payments table into the payment index), on a copy of the cache. */
async function measurePaymentIndexes(
  page: Page,
  databaseName: string,
  bills: number,
): Promise<Figure> {
  const moved = await inPage(page, 'movePaymentsOntoBills', databaseName, 'till-bench-v22')
  return {
    id: 'upgrade',
    key: 'upgrade.payments-index',
    label: `  cache version 23 over ${moved.bills.toLocaleString('en-US')} bills: the payments table into the payment index`,
    value: moved.ms / 1000,
    unit: 's',
    target: { at: 'most', value: targetSeconds(bills) },
    note:
      `${moved.payments.toLocaleString('en-US')} payments; ${moved.indexed.toLocaleString('en-US')} bills indexed (a late payment or a reversal); ` +
      `the old table emptied after the cache opened, beside the screens, in ${(moved.emptiedMs / 1000).toFixed(2)} s; ` +
      (moved.shown
        ? `progress shown: register sessions ${moved.shown.join(' of ')}`
        : 'no progress shown'),
  }
}

export async function measureUpgrade(
  browser: BenchBrowser,
  shell: RunningBrowserShell,
  databaseName: string,
  cachedBills: number,
  logEntries: number,
  repetitions: number,
): Promise<Figure[]> {
  const { page } = browser
  // The upgrades go first: Chromium was still disposing of the copy the version 23 figure makes
  // (188,000 payments emptied, then the copy deleted) when the next upgrade began, and billed it
  // to that one: 8.0–9.3 s and 15–17 CPU s against 4.0–5.3 s and 5.4–10 for the others.
  const runs: UpgradeSeen[] = []
  const cpuSeconds: (number | null)[] = []
  for (let i = 0; i < repetitions; i++) {
    await makeOldCache(page, shell, databaseName)
    const cpu = meterCpu(() => [...chromiumProcesses(), ...browserShellProcesses()])
    await openTill(page, shell, { waitUntil: 'commit' })
    runs.push(await untilDone(page, databaseName))
    cpuSeconds.push(cpu.stop())
  }
  const fresh = runs[0]!
  const reads: { seconds: number; cpuSeconds: number | null }[] = []
  for (let i = 0; i < repetitions; i++) {
    const cpu = meterCpu(() => [...chromiumProcesses(), ...browserShellProcesses()])
    const { ms } = await inPage(page, 'readBillsAsTheFill', databaseName, FILL_PAGE)
    reads.push({ seconds: ms / 1000, cpuSeconds: cpu.stop() })
  }

  await makeOldCache(page, shell, databaseName)
  await openTill(page, shell, { waitUntil: 'commit' })
  const closedAt = await inPage(page, 'watchUpgrade', 'half-way', DONE_MS)
  await page.close()
  const reopened = await browser.context.newPage()
  await openTill(reopened, shell, { waitUntil: 'commit' })
  const resumed = await untilDone(reopened, databaseName)
  const wentOn = leftAtOpen(resumed) < leftAtOpen(fresh)
  const logCarry = await measureLogCarry(reopened, logEntries)
  const paymentIndexes = await measurePaymentIndexes(reopened, databaseName, cachedBills)
  return [
    {
      id: 'upgrade',
      key: 'upgrade.seconds',
      label: `upgrade of a ${cachedBills.toLocaleString('en-US')}-bill cache from before tallies and counts (median of ${repetitions})`,
      ...fromRepeated(repeated(runs.map((run) => run.at / 1000))),
      unit: 's',
      target: { at: 'most', value: targetSeconds(cachedBills) },
      note: `from navigation until the fill is done, each: ${runs.map((run) => (run.at / 1000).toFixed(1)).join(', ')} s; progress shown (first run): ${shownText(fresh)}`,
    },
    ...cpuFigure(
      {
        id: 'upgrade',
        key: 'upgrade.cpu-seconds',
        label: `  the same in CPU seconds of Chromium's processes and main (median of ${repetitions})`,
        unit: 's',
        note: `each: ${cpuSeconds.map(cpuText).join(', ')} CPU s`,
      },
      cpuSeconds,
    ),
    {
      id: 'upgrade',
      key: 'upgrade.read-floor',
      label: `  its yardstick: the same bills only read, as the fill reads them (median of ${repetitions})`,
      ...fromRepeated(repeated(reads.map((read) => read.seconds))),
      unit: 's',
      note:
        `pages of ${FILL_PAGE.toLocaleString('en-US')} in key order, nothing else done; each ${reads.map((read) => read.seconds.toFixed(1)).join(', ')} s, ` +
        `${reads.map((read) => cpuText(read.cpuSeconds)).join(', ')} CPU s; ` +
        `the upgrade ${(median(runs.map((run) => run.at / 1000)) / median(reads.map((read) => read.seconds))).toFixed(2)}× it`,
    },
    {
      id: 'upgrade',
      key: 'upgrade.resumed',
      label: '  upgrade closed half-way, then opened again: the rest',
      value: resumed.at / 1000,
      unit: 's',
      note:
        `closed at bills ${closedAt.shown!.last.join(' of ')}; ` +
        `after reopening ${shownText(resumed)}: ` +
        (wentOn
          ? `resumed (${leftAtOpen(resumed)} bills left of ${leftAtOpen(fresh)})`
          : 'started over'),
    },
    logCarry,
    paymentIndexes,
  ]
}
