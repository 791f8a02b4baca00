/** The soak's figures: judged memory series, counts, and the comparison, as JSON and as text. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { judgeGrowth, megabytes, type MemorySample, type SeriesVerdict } from './memory-verdict'
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
  storageUsage: number
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
}

export interface SoakReport {
  counts: SoakCounts
  memory: Record<string, SeriesVerdict>
  /** False for a run shorter than MIN_JUDGED_SECONDS: memory reported, not judged. */
  memoryJudged: boolean
  /** IndexedDB and the origin's other storage, start and end (grows with the data: not judged). */
  storage: { startBytes: number; endBytes: number }
  divergence: { total: number; differences: string[] }
  ok: boolean
  /** Every sample, for plotting or comparing runs. */
  samples: { main: MainSample[]; renderer: RendererSample[] }
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
  divergence: { total: number; differences: string[] }
}): SoakReport {
  const { start, main, renderer } = input
  const memory = {
    mainHeapUsed: judgeGrowth(
      series(main, start, (s) => s.heapUsed),
      BOUNDS.mainHeap,
    ),
    rendererJsHeapUsed: judgeGrowth(
      series(renderer, start, (s) => s.jsHeapUsed),
      BOUNDS.rendererHeap,
    ),
    mainRss: judgeGrowth(
      series(main, start, (s) => s.rss),
      BOUNDS.mainRss,
    ),
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
    memoryJudged,
    storage,
    divergence: input.divergence,
    ok,
    samples: { main, renderer },
  }
}

export function writeReport(path: string, report: SoakReport): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n')
}

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
    `  storage ${megabytes(report.storage.startBytes)} → ${megabytes(report.storage.endBytes)} MB`,
    ...(report.memoryJudged
      ? []
      : [`  memory NOT JUDGED: a run under ${MIN_JUDGED_SECONDS} s is mostly warm-up`]),
    ...Object.entries(memory).map(
      ([name, m]) =>
        `  ${name}: start ${megabytes(m.startBytes)} MB, end ${megabytes(m.endBytes)} MB, peak ${megabytes(m.peakBytes)} MB, slope ${megabytes(m.slopeBytesPerMinute)} MB/min (${megabytes(m.hourlyGrowthBytes)} MB/h), quarter peaks ${megabytes(m.firstQuarterPeakBytes)} → ${megabytes(m.lastQuarterPeakBytes)} MB${m.ok ? '' : ` — ${m.reasons.join('; ')}`}`,
    ),
    `  cache vs service: ${report.divergence.total === 0 ? 'identical' : `${report.divergence.total} differences`}`,
    ...report.divergence.differences.map((d) => `    ${d}`),
  ]
  return lines.join('\n')
}
