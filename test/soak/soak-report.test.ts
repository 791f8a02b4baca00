import { describe, expect, it } from 'vitest'
import { buildReport, type HeapCensusSample, type SoakCounts } from './soak-report'

const MB = 1024 * 1024
const EVERY = 20_000
const TEN_MINUTES = 600_000

const counts: SoakCounts = {
  seconds: TEN_MINUTES / 1000,
  billsAtStart: 0,
  billsAtEnd: 0,
  billsCached: 0,
  expenses: 0,
  sessions: 0,
  webhooks: { accepted: 0, rejected: 0, duplicates: 0, forged: 0, forgedAccepted: 0 },
  deliveries: { attempts: 0, failed: 0, duplicates: 0 },
  faults: { requests: 0, applied: {} },
  exports: { runs: 0, files: 0, bytes: 0, nothingNew: 0, failures: [] },
  outages: 0,
}

/** Ten minutes of heap censuses, each type's bytes at a given time in minutes. */
function censuses(bytesAt: (minutes: number) => Record<string, number>): HeapCensusSample[] {
  const samples: HeapCensusSample[] = []
  for (let at = 0; at <= TEN_MINUTES; at += EVERY)
    samples.push({ at, bytesByType: bytesAt(at / 60_000) })
  return samples
}

const rendererVerdict = (rendererCensus: HeapCensusSample[]) =>
  buildReport({
    start: 0,
    counts,
    main: [],
    renderer: [],
    rendererCensus,
    divergence: { total: 0, differences: [] },
  }).memory.rendererHeapKept!

describe("the soak's renderer heap", () => {
  it('is not judged by compiled code or Blink objects growing, as the JIT warms and DevTools records requests', () => {
    const verdict = rendererVerdict(
      censuses((minutes) => ({
        object: 2 * MB,
        string: 1 * MB,
        code: 4 * MB + minutes * 0.5 * MB,
        native: 6 * MB + minutes * 0.5 * MB,
        synthetic: 100,
      })),
    )
    expect(verdict.reasons).toEqual([])
    expect(verdict.startBytes).toBe(3 * MB)
  })

  it("fails when the page's own objects grow past the bound", () => {
    const verdict = rendererVerdict(
      censuses((minutes) => ({
        object: 2 * MB,
        array: minutes * 0.25 * MB,
        code: 4 * MB,
        native: 6 * MB,
      })),
    )
    expect(verdict.ok).toBe(false)
    expect(verdict.reasons.join()).toMatch(/grows 15 MB an hour/)
  })
})

describe("the soak's main process", () => {
  const mainVerdict = (
    rssAt: (minutes: number) => number,
    heapTotalAt: (minutes: number) => number,
  ) => {
    const main = []
    for (let at = 0; at <= TEN_MINUTES; at += 5_000) {
      const minutes = at / 60_000
      const heapTotal = heapTotalAt(minutes)
      main.push({
        at,
        rss: rssAt(minutes),
        heapTotal,
        heapUsed: 15 * MB,
        external: 0,
        arrayBuffers: 0,
      })
    }
    return buildReport({
      start: 0,
      counts,
      main,
      renderer: [],
      rendererCensus: [],
      divergence: { total: 0, differences: [] },
    })
  }
  // V8's heap reserve rising from 26 to 53 MB through each two minutes, as the soak measured.
  const sawtooth = (minutes: number) => 26 * MB + ((minutes % 2) / 2) * 27 * MB

  it('is not judged by RSS swinging with the heap V8 reserves', () => {
    const report = mainVerdict((minutes) => 78 * MB + sawtooth(minutes), sawtooth)
    expect(report.memory.mainOutsideHeap!.reasons).toEqual([])
    expect(report.memoryShown.mainRss!.peakBytes).toBeGreaterThan(125 * MB)
  })

  it('fails when RSS grows outside the heap, 2 MB a minute', () => {
    const report = mainVerdict(
      (minutes) => 78 * MB + sawtooth(minutes) + minutes * 2 * MB,
      sawtooth,
    )
    expect(report.memory.mainOutsideHeap!.reasons.join()).toMatch(/grows [\d.]+ MB an hour/)
    expect(report.ok).toBe(false)
  })
})
