import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { cpuFigure, cpuText, fromRepeated, type Figure } from '../results'
import { median, percentile, repeated } from '../stats'

/**
 * First sync and cache write, measured by `test/bench/sync-figures.ts` (its own shell, demo
 * service and browser); loaded only when present, so the table says so when it is not.
 */

interface SyncRun {
  seconds: number
  billsPerSecond: number
  floorSeconds: number
  floorBillsPerSecond: number
  floorRatio: number
  tonight: { seconds: number; countable: number; arriving: number }
  storeFloorSeconds: number
  storeFloorRatio: number
  storeFloorCpuSeconds: number | null
  stages: { runSeconds: number; busySeconds: Record<string, number> }
  cpuSeconds: {
    main: number | null
    service: number | null
    chromium: number | null
    floor: number | null
  }
  renderer: { taskSeconds: number; scriptSeconds: number }
  transactions: { read: number; write: number }
  timeline: { listsDoneAt: number; detailsDoneAt: number }
  inputAnswerMs: number[]
  inputRoundTripMs: number[]
}

interface SyncFigures {
  bills: number
  concurrency: number
  inputEveryMs: number
  runs: SyncRun[]
  answerCheck: { bills: number; seconds: number; perBillMicroseconds: number }
  cacheWrite: {
    records: number
    pathRecordsPerSecond: number[]
    bulkPutRecordsPerSecond: number[]
    ratios: number[]
    /** Chromium's CPU seconds (all its processes) for each round's two writes. */
    pathCpuSeconds: (number | null)[]
    bulkPutCpuSeconds: (number | null)[]
  }
}
type Measure = (options: {
  bills: number
  chromium: string
  repetitions: number
  cacheWriteRecords: number
  log?: (line: string) => void
}) => Promise<SyncFigures>

interface TonightFigures {
  bills: number
  days: number
  runs: { seconds: number; countable: number; arriving: number; inputAnswerMs: number[] }[]
}
type MeasureTonight = (options: {
  bills: number
  days: number
  chromium: string
  repetitions: number
  log?: (line: string) => void
}) => Promise<TonightFigures>

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b)
const perSecond = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`
const share = (seconds: number, of: number): string => `${Math.round((seconds / of) * 100)} %`

/** The median of a figure over the runs, null when a run has none. */
function medianOf(runs: SyncRun[], pick: (run: SyncRun) => number | null): number | null {
  const values = runs.map(pick)
  return values.some((v) => v === null) ? null : median(values as number[])
}

/** All the CPU a sync cost: Chromium's processes, main and the service; null if one is unread. */
function syncCpuSeconds({ cpuSeconds: c }: SyncRun): number | null {
  return c.chromium === null || c.main === null || c.service === null
    ? null
    : c.chromium + c.main + c.service
}

/** What each stage of the sync does while it is busy, and when it was last seen busy. */
function stageWork(stage: string, runs: SyncRun[]): string {
  const at = (seconds: number | null): string => `last answer at ${seconds?.toFixed(1)} s`
  if (stage === 'listing')
    return `a list call in flight; ${at(medianOf(runs, (r) => r.timeline.listsDoneAt))}`
  if (stage === 'details')
    return `a detail call in flight; ${at(medianOf(runs, (r) => r.timeline.detailsDoneAt))}`
  return 'a cache transaction open'
}

/**
 * The sync's stages as info rows, each the median over the runs: each one's busy seconds and
 * their share of the run's, then the CPU each process spent, so the stage that bounds the sync is
 * read off the table.
 */
function stageRows(f: SyncFigures): Figure[] {
  const run = medianOf(f.runs, (r) => r.stages.runSeconds)!
  const stage = (
    key: string,
    label: string,
    pick: (r: SyncRun) => number | null,
    note: string,
  ): Figure => {
    const seconds = medianOf(f.runs, pick)
    return {
      id: 'first-sync',
      key: `first-sync.${key}`,
      label: `  ${label}`,
      value: seconds,
      unit: 's',
      note:
        seconds === null
          ? note
          : `${share(seconds, run)} of the run's ${run.toFixed(1)} s; ${note}`,
    }
  }
  return [
    ...Object.keys(f.runs[0]!.stages.busySeconds).map((name) =>
      stage(
        `stage.${name}`,
        `stage ${name}: busy`,
        (r) => r.stages.busySeconds[name] ?? 0,
        stageWork(name, f.runs),
      ),
    ),
    stage(
      'cpu.main',
      "main's CPU (requests, checks, maps)",
      (r) => r.cpuSeconds.main,
      'user + system seconds of the shell',
    ),
    stage(
      'cpu.renderer',
      "page's main thread busy",
      (r) => r.renderer.taskSeconds,
      `of which script ${medianOf(f.runs, (r) => r.renderer.scriptSeconds)!.toFixed(1)} s; ` +
        `IndexedDB transactions ${medianOf(f.runs, (r) => r.transactions.read)} read, ` +
        `${medianOf(f.runs, (r) => r.transactions.write)} write`,
    ),
    stage(
      'cpu.service',
      "demo service's CPU",
      (r) => r.cpuSeconds.service,
      'the service runs on the same machine',
    ),
    {
      id: 'first-sync',
      key: 'first-sync.answer-check',
      label: "  renderer's contract check of detail answers",
      value: (f.answerCheck.perBillMicroseconds * f.bills) / 1e6,
      unit: 's',
      note: `${f.answerCheck.perBillMicroseconds.toFixed(0)} µs a bill (timed alone over ${f.answerCheck.bills})`,
    },
  ]
}

function notMeasured(note: string): Figure[] {
  return [
    {
      id: 'first-sync',
      key: 'first-sync.ratio',
      label: 'first sync vs API floor',
      value: null,
      unit: '×',
      note,
    },
    {
      id: 'cache-write',
      key: 'cache-write.ratio',
      label: 'cache write path vs raw bulkPut',
      value: null,
      unit: '%',
      note,
    },
  ]
}

export async function measureSync(
  sizes: { bills: number; cacheWriteRecords: number; repetitions: number },
  chromium: string,
  log: (line: string) => void,
): Promise<Figure[]> {
  const modulePath = join(__dirname, '..', 'sync-figures.ts')
  if (!existsSync(modulePath)) return notMeasured('not measured (module missing)')
  const { measureSyncFigures } = (await import(modulePath)) as { measureSyncFigures: Measure }
  const f = await measureSyncFigures({ ...sizes, chromium, log })
  const n = f.runs.length
  const ratio = repeated(f.runs.map((r) => r.floorRatio))
  const p99Of = (answers: number[]): number => percentile(sorted(answers), 99)
  const inputP99 = repeated(f.runs.map((r) => p99Of(r.inputAnswerMs)))
  const roundTripP99 = repeated(f.runs.map((r) => p99Of(r.inputRoundTripMs)))
  const write = repeated(f.cacheWrite.ratios.map((r) => r * 100))
  const samples = f.runs.reduce((sum, r) => sum + r.inputAnswerMs.length, 0)
  const pooled = sorted(f.runs.flatMap((r) => r.inputAnswerMs))
  return [
    {
      id: 'first-sync',
      key: 'first-sync.ratio',
      label: `first sync of ${f.bills.toLocaleString('en-US')} bills vs API floor (median of ${n})`,
      ...fromRepeated(ratio),
      unit: '×',
      // Issue 50 replaced its target (2×) by the store floor's: vs-store-floor below.
      baseline: `floor ${medianOf(f.runs, (r) => r.floorSeconds)!.toFixed(1)} s (${perSecond(medianOf(f.runs, (r) => r.floorBillsPerSecond)!)})`,
      note:
        `syncs of ${f.runs.map((r) => r.seconds.toFixed(1)).join(', ')} s against floors of ` +
        `${f.runs.map((r) => r.floorSeconds.toFixed(1)).join(', ')} s; ${f.concurrency} detail requests in flight`,
    },
    ...cpuFigure(
      {
        id: 'first-sync',
        key: 'first-sync.cpu-ratio',
        label: `  the same in CPU seconds: the sync's vs the floor's (median of ${n})`,
        unit: '×',
        note:
          `syncs of ${f.runs.map((r) => cpuText(syncCpuSeconds(r))).join(', ')} CPU s (Chromium, main and the service, from the page's load) ` +
          `against floors of ${f.runs.map((r) => cpuText(r.cpuSeconds.floor)).join(', ')} CPU s (the requesting script and the service)`,
      },
      f.runs.map((r) => {
        const sync = syncCpuSeconds(r)
        const floor = r.cpuSeconds.floor
        return sync === null || floor === null || floor === 0 ? null : sync / floor
      }),
    ),
    {
      id: 'first-sync',
      key: 'first-sync.tonight-seconds',
      label: `first sync: connect → tonight's sessions countable, ${f.bills.toLocaleString('en-US')} bills of history (median of ${n})`,
      ...fromRepeated(repeated(f.runs.map((r) => r.tonight.seconds))),
      unit: 's',
      target: { at: 'most', value: 10 },
      note:
        `from the first request until both areas' recent changes were in (looked at every 100 ms); ` +
        `then ${f.runs.map((r) => `${r.tonight.countable} countable / ${r.tonight.arriving} arriving`).join(', ')} sessions; ` +
        `whole first syncs of ${f.runs.map((r) => r.seconds.toFixed(1)).join(', ')} s`,
    },
    {
      id: 'first-sync',
      key: 'first-sync.vs-store-floor',
      label: `first sync vs store floor (median of ${n})`,
      ...fromRepeated(repeated(f.runs.map((r) => r.storeFloorRatio))),
      unit: '×',
      target: { at: 'most', value: 1.5 },
      baseline: `store floor ${medianOf(f.runs, (r) => r.storeFloorSeconds)!.toFixed(1)} s`,
      note: `the same requests from a bare script in the page through the same bridge, each answer bulkPut into one table keyed by id only; the quickest of 3 a sync`,
    },
    ...cpuFigure(
      {
        id: 'first-sync',
        key: 'first-sync.vs-store-floor-cpu',
        label: `  the same in CPU seconds (median of ${n})`,
        unit: '×',
        note:
          `syncs of ${f.runs.map((r) => cpuText(syncCpuSeconds(r))).join(', ')} CPU s against store floors of ` +
          `${f.runs.map((r) => cpuText(r.storeFloorCpuSeconds)).join(', ')} CPU s (Chromium, main and the service each)`,
      },
      f.runs.map((r) => {
        const sync = syncCpuSeconds(r)
        const floor = r.storeFloorCpuSeconds
        return sync === null || floor === null || floor === 0 ? null : sync / floor
      }),
    ),
    {
      id: 'first-sync',
      key: 'first-sync.store-floor',
      label: '  store floor: seconds',
      ...fromRepeated(repeated(f.runs.map((r) => r.storeFloorSeconds))),
      unit: 's',
    },
    {
      id: 'first-sync',
      key: 'first-sync.input-p99',
      label: `first sync: the page's answer to a key press, p99 (median of ${n})`,
      ...fromRepeated(inputP99),
      unit: 'ms',
      target: { at: 'most', value: 50 },
      note:
        `${samples} key events in all, ${Math.round(samples / n)} a sync, one every ${f.inputEveryMs} ms or so; ` +
        `from the press to the page's paint after it (Event Timing); the worst ${Math.max(...pooled).toFixed(0)} ms`,
    },
    {
      id: 'first-sync',
      key: 'first-sync.input-roundtrip-p99',
      label: `  the same presses' DevTools round trips, p99 (median of ${n})`,
      ...fromRepeated(roundTripP99),
      unit: 'ms',
      note: `the answer's way back to the bench process added; the worst ${Math.max(...f.runs.flatMap((r) => r.inputRoundTripMs)).toFixed(0)} ms`,
    },
    {
      id: 'first-sync',
      key: 'first-sync.input-p99-pooled',
      label: `  the same over every sync's key events pooled`,
      value: percentile(pooled, 99),
      unit: 'ms',
      note: `p99 of ${samples} answers, p95 ${percentile(pooled, 95).toFixed(0)} ms, median ${percentile(pooled, 50).toFixed(0)} ms`,
    },
    {
      id: 'first-sync',
      key: 'first-sync.rate',
      label: 'first sync: bills per second',
      ...fromRepeated(repeated(f.runs.map((r) => r.billsPerSecond))),
      unit: 'bills/s',
    },
    ...stageRows(f),
    {
      id: 'cache-write',
      key: 'cache-write.ratio',
      label: `cache write path vs raw bulkPut (${f.cacheWrite.records.toLocaleString('en-US')} records, median of ${f.cacheWrite.ratios.length} rounds)`,
      ...fromRepeated(write),
      unit: '%',
      target: { at: 'least', value: 50 },
      baseline: `bulkPut ${perSecond(median(f.cacheWrite.bulkPutRecordsPerSecond))}`,
      note: `path ${perSecond(median(f.cacheWrite.pathRecordsPerSecond))}`,
    },
    ...cpuFigure(
      {
        id: 'cache-write',
        key: 'cache-write.cpu-ratio',
        label: `  the same in CPU seconds: bulkPut's as a share of the path's (median of ${f.cacheWrite.ratios.length})`,
        unit: '%',
        note:
          `Chromium's processes; path ${f.cacheWrite.pathCpuSeconds.map(cpuText).join(', ')} CPU s, ` +
          `bulkPut ${f.cacheWrite.bulkPutCpuSeconds.map(cpuText).join(', ')} CPU s`,
      },
      f.cacheWrite.pathCpuSeconds.map((path, i) => {
        const raw = f.cacheWrite.bulkPutCpuSeconds[i]!
        return path === null || raw === null || path === 0 ? null : (raw / path) * 100
      }),
    ),
  ]
}

/**
 * Tonight first at a long history (issue 50): the shop of `measureSync` with its bills a day kept
 * and its days grown to `bills`, each first sync watched until tonight is countable.
 */
export async function measureTonight(
  sizes: { bills: number; syncBills: number; repetitions: number },
  chromium: string,
  log: (line: string) => void,
): Promise<Figure[]> {
  const modulePath = join(__dirname, '..', 'sync-figures.ts')
  const { measureTonightFirst } = (await import(modulePath)) as {
    measureTonightFirst: MeasureTonight
  }
  // measureSync's shop holds its bills over 31 days.
  const days = Math.round((31 * sizes.bills) / sizes.syncBills) - 1
  const f = await measureTonightFirst({ ...sizes, days, chromium, log })
  const n = f.runs.length
  const pooled = sorted(f.runs.flatMap((r) => r.inputAnswerMs))
  return [
    {
      id: 'first-sync',
      key: 'first-sync.tonight-seconds-long-history',
      label: `first sync: connect → tonight's sessions countable, ${f.bills.toLocaleString('en-US')} bills over ${f.days} days (median of ${n})`,
      ...fromRepeated(repeated(f.runs.map((r) => r.seconds))),
      unit: 's',
      target: { at: 'most', value: 10 },
      note:
        `then ${f.runs.map((r) => `${r.countable} countable / ${r.arriving} arriving`).join(', ')} sessions; ` +
        `key presses until then: p99 ${percentile(pooled, 99).toFixed(0)} ms of ${pooled.length}`,
    },
  ]
}
