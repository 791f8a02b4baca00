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
  cacheWrite: {
    records: number
    pathRecordsPerSecond: number
    bulkPutRecordsPerSecond: number
    ratio: number
  }
}
type Measure = (options: { bills: number; chromium: string }) => Promise<SyncFigures>

const perSecond = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`

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
      target: { at: 'most', value: 1.3 },
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
