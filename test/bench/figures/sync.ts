import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Figure } from '../results'

/**
 * First sync and cache write, measured by `test/bench/sync-figures.ts` (its own shell, demo
 * service and browser); loaded only when present, so the table says so when it is not.
 */

interface SyncFigures {
  bills: number
  billsPerSecond: number
  floorSeconds: number
  floorBillsPerSecond: number
  floorRatio: number
  seconds: number
  concurrency: number
  stages: { runSeconds: number; busySeconds: Record<string, number> }
  answerCheck: { bills: number; seconds: number; perBillMicroseconds: number }
  cpuSeconds: { main: number | null; service: number | null }
  renderer: { taskSeconds: number; scriptSeconds: number }
  timeline: { listsDoneAt: number; detailsDoneAt: number }
  cacheWrite: {
    records: number
    pathRecordsPerSecond: number
    bulkPutRecordsPerSecond: number
    ratio: number
  }
}
type Measure = (options: { bills: number; chromium: string }) => Promise<SyncFigures>

const perSecond = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`
const share = (seconds: number, of: number): string => `${Math.round((seconds / of) * 100)} %`

/** What each stage of the sync does while it is busy, and when it was last seen busy. */
function stageWork(stage: string, f: SyncFigures): string {
  const at = (seconds: number): string => `last answer at ${seconds.toFixed(1)} s`
  if (stage === 'listing') return `a list call in flight; ${at(f.timeline.listsDoneAt)}`
  if (stage === 'details') return `a detail call in flight; ${at(f.timeline.detailsDoneAt)}`
  return 'a cache transaction open'
}

/**
 * The sync's stages as info rows: each one's busy seconds and their share of the run's, then the
 * CPU each process spent, so the stage that bounds the sync is read off the table.
 */
function stageRows(f: SyncFigures): Figure[] {
  const run = f.stages.runSeconds
  const stage = (key: string, label: string, seconds: number | null, note: string): Figure => ({
    id: 'first-sync',
    key: `first-sync.${key}`,
    label: `  ${label}`,
    value: seconds,
    unit: 's',
    note:
      seconds === null ? note : `${share(seconds, run)} of the run's ${run.toFixed(1)} s; ${note}`,
  })
  return [
    ...Object.entries(f.stages.busySeconds).map(([name, seconds]) =>
      stage(`stage.${name}`, `stage ${name}: busy`, seconds, stageWork(name, f)),
    ),
    stage(
      'cpu.main',
      "main's CPU (requests, checks, maps)",
      f.cpuSeconds.main,
      'user + system seconds of the shell',
    ),
    stage(
      'cpu.renderer',
      "page's main thread busy",
      f.renderer.taskSeconds,
      `of which script ${f.renderer.scriptSeconds.toFixed(1)} s`,
    ),
    stage(
      'cpu.service',
      "demo service's CPU",
      f.cpuSeconds.service,
      'the service runs on the same machine',
    ),
    stage(
      'answer-check',
      "renderer's contract check of detail answers",
      (f.answerCheck.perBillMicroseconds * f.bills) / 1e6,
      `${f.answerCheck.perBillMicroseconds.toFixed(0)} µs a bill (timed alone over ${f.answerCheck.bills})`,
    ),
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

export async function measureSync(bills: number, chromium: string): Promise<Figure[]> {
  const modulePath = join(__dirname, '..', 'sync-figures.ts')
  if (!existsSync(modulePath)) return notMeasured('not measured (module missing)')
  const { measureSyncFigures } = (await import(modulePath)) as { measureSyncFigures: Measure }
  const f = await measureSyncFigures({ bills, chromium })
  return [
    {
      id: 'first-sync',
      key: 'first-sync.ratio',
      label: `first sync of ${f.bills.toLocaleString('en-US')} bills vs API floor`,
      value: f.floorRatio,
      unit: '×',
      target: { at: 'most', value: 3 },
      baseline: `floor ${f.floorSeconds.toFixed(1)} s (${perSecond(f.floorBillsPerSecond)})`,
      note: `${f.seconds.toFixed(1)} s, ${f.concurrency} detail requests in flight`,
    },
    {
      id: 'first-sync',
      key: 'first-sync.rate',
      label: 'first sync: bills per second',
      value: f.billsPerSecond,
      unit: 'bills/s',
    },
    ...stageRows(f),
    {
      id: 'cache-write',
      key: 'cache-write.ratio',
      label: `cache write path vs raw bulkPut (${f.cacheWrite.records} records)`,
      value: f.cacheWrite.ratio * 100,
      unit: '%',
      target: { at: 'least', value: 50 },
      baseline: `bulkPut ${perSecond(f.cacheWrite.bulkPutRecordsPerSecond)}`,
      note: `path ${perSecond(f.cacheWrite.pathRecordsPerSecond)}`,
    },
  ]
}
