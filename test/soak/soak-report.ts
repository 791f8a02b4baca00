/** The soak's figures: judged memory series, counts, and the comparison, as JSON and as text. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import {
  growthFigures,
  judgeGrowth,
  megabytes,
  type MemorySample,
  type SeriesFigures,
  type SeriesVerdict,
} from './memory-verdict'
import { BOUNDS, MIN_JUDGED_SECONDS } from './soak-settings'

export interface MainSample {
  at: number
  rss: number
  /** Resident memory the process allocated, and file-backed pages (code): Linux only. */
  rssAnon?: number
  rssFile?: number
  /** What V8 allocates outside its heap. */
  v8Malloced?: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
}

export interface RendererSample {
  at: number
  jsHeapUsed: number
  jsHeapTotal: number
  embedderHeapUsed: number
  storageUsage: number
}

/** A heap snapshot of the page summed by node type (page-probes.ts `heapCensus`). */
export interface HeapCensusSample {
  at: number
  bytesByType: Record<string, number>
}

/**
 * Snapshot node types that are not what the page's code keeps: compiled code (the JIT's, growing
 * as it warms up), Blink's objects (among them DevTools' record of every request the page makes,
 * which Playwright's connection to the page turns on) and the snapshot's own roots.
 */
const NOT_KEPT_BY_THE_PAGE = new Set(['code', 'native', 'synthetic'])

/** What the page's code keeps on V8's heap: its objects, strings, arrays, closures. */
export function keptByThePage({ bytesByType }: HeapCensusSample): number {
  return Object.entries(bytesByType)
    .filter(([type]) => !NOT_KEPT_BY_THE_PAGE.has(type))
    .reduce((sum, [, bytes]) => sum + bytes, 0)
}

export interface SoakCounts {
  seconds: number
  billsAtStart: number
  billsAtEnd: number
  billsCached: number
  expenses: number
  sessions: number
  webhooks: {
    accepted: number
    rejected: number
    duplicates: number
    forged: number
    forgedAccepted: number
  }
  deliveries: { attempts: number; failed: number; duplicates: number }
  faults: { requests: number; applied: Record<string, number> }
  exports: { runs: number; files: number; bytes: number; nothingNew: number; failures: string[] }
  outages: number
  /** With the deliberate leak on (deliberate-leak.ts): the announcements the page held. */
  heldAnnouncements?: number
}

export interface SoakReport {
  counts: SoakCounts
  memory: Record<string, SeriesVerdict>
  /** Series shown beside the judged ones, for what they tell, never judged. */
  memoryShown: Record<string, SeriesFigures>
  /** False for a run shorter than MIN_JUDGED_SECONDS: memory reported, not judged. */
  memoryJudged: boolean
  /** IndexedDB and the origin's other storage, start and end (grows with the data: not judged). */
  storage: { startBytes: number; endBytes: number }
  divergence: { total: number; differences: string[] }
  ok: boolean
  /** Every sample, for plotting or comparing runs. */
  samples: { main: MainSample[]; renderer: RendererSample[]; rendererCensus: HeapCensusSample[] }
}

const series = <T extends { at: number }>(
  samples: T[],
  start: number,
  pick: (s: T) => number,
): MemorySample[] => samples.map((s) => ({ atMs: s.at - start, bytes: pick(s) }))

export function buildReport(input: {
  start: number
  counts: SoakCounts
  main: MainSample[]
  renderer: RendererSample[]
  rendererCensus: HeapCensusSample[]
  divergence: { total: number; differences: string[] }
}): SoakReport {
  const { start, main, renderer, rendererCensus } = input
  const memory = {
    mainHeapUsed: judgeGrowth(
      series(main, start, (s) => s.heapUsed),
      BOUNDS.mainHeap,
    ),
    rendererHeapKept: judgeGrowth(
      series(rendererCensus, start, keptByThePage),
      BOUNDS.rendererHeap,
    ),
    mainOutsideHeap: judgeGrowth(
      series(main, start, (s) => s.rss - s.heapTotal),
      BOUNDS.mainOutsideHeap,
    ),
  }
  const shown = (samples: MemorySample[]): SeriesFigures => {
    const { judgedSamples: _judged, ...figures } = growthFigures(samples)
    return figures
  }
  const byType = (type: string) => series(rendererCensus, start, (s) => s.bytesByType[type] ?? 0)
  const memoryShown = {
    mainRss: shown(series(main, start, (s) => s.rss)),
    rendererJsHeapUsed: shown(series(renderer, start, (s) => s.jsHeapUsed)),
    rendererCompiledCode: shown(byType('code')),
    rendererBlinkObjects: shown(byType('native')),
    rendererBlinkHeap: shown(series(renderer, start, (s) => s.embedderHeapUsed)),
  }
  const storage = {
    startBytes: renderer[0]?.storageUsage ?? 0,
    endBytes: renderer.at(-1)?.storageUsage ?? 0,
  }
  const memoryJudged = input.counts.seconds >= MIN_JUDGED_SECONDS
  const ok =
    input.divergence.total === 0 &&
    (!memoryJudged || Object.values(memory).every((m) => m.ok)) &&
    input.counts.exports.failures.length === 0
  return {
    counts: input.counts,
    memory,
    memoryShown,
    memoryJudged,
    storage,
    divergence: input.divergence,
    ok,
    samples: { main, renderer, rendererCensus },
  }
}

export function writeReport(path: string, report: SoakReport): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n')
}

const seriesText = (m: SeriesFigures): string =>
  `start ${megabytes(m.startBytes)} MB, end ${megabytes(m.endBytes)} MB, peak ${megabytes(m.peakBytes)} MB, slope ${megabytes(m.slopeBytesPerMinute)} MB/min (${megabytes(m.hourlyGrowthBytes)} MB/h), quarter peaks ${megabytes(m.firstQuarterPeakBytes)} → ${megabytes(m.lastQuarterPeakBytes)} MB`

export function summary(report: SoakReport): string {
  const { counts: c, memory } = report
  const faults = Object.entries(c.faults.applied)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')
  const lines = [
    `Soak: ${c.seconds} s — ${report.ok ? 'PASSED' : 'FAILED'}`,
    `  bills on the service ${c.billsAtStart} → ${c.billsAtEnd}, cached ${c.billsCached}; expenses ${c.expenses}; sessions ${c.sessions}`,
    `  webhooks accepted ${c.webhooks.accepted}, duplicates ${c.webhooks.duplicates}, rejected ${c.webhooks.rejected} (forged ${c.webhooks.forged}); delivery attempts ${c.deliveries.attempts}, failed ${c.deliveries.failed}, duplicated ${c.deliveries.duplicates}; receiver outages ${c.outages}`,
    `  faults over ${c.faults.requests} API requests: ${faults}`,
    `  exports ${c.exports.runs} run, ${c.exports.files} files, ${megabytes(c.exports.bytes)} MB, ${c.exports.nothingNew} with nothing new, ${c.exports.failures.length} failed`,
    ...(c.heldAnnouncements === undefined
      ? []
      : [`  DELIBERATE LEAK: the page held ${c.heldAnnouncements} announcements, 2 KB each`]),
    `  storage ${megabytes(report.storage.startBytes)} → ${megabytes(report.storage.endBytes)} MB`,
    ...(report.memoryJudged
      ? []
      : [`  memory NOT JUDGED: a run under ${MIN_JUDGED_SECONDS} s is mostly warm-up`]),
    ...Object.entries(memory).map(
      ([name, m]) => `  ${name}: ${seriesText(m)}${m.ok ? '' : ` — ${m.reasons.join('; ')}`}`,
    ),
    '  shown, not judged:',
    ...Object.entries(report.memoryShown).map(([name, m]) => `    ${name}: ${seriesText(m)}`),
    `  cache vs service: ${report.divergence.total === 0 ? 'identical' : `${report.divergence.total} differences`}`,
    ...report.divergence.differences.map((d) => `    ${d}`),
  ]
  return lines.join('\n')
}
