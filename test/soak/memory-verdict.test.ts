import { describe, expect, it } from 'vitest'
import { judgeGrowth, slopePerMs, type MemorySample } from './memory-verdict'
import { BOUNDS } from './soak-settings'

const MB = 1024 * 1024
const TEN_MINUTES = 10 * 60_000
const EVERY = 5_000

/** Deterministic noise in [-1, 1) from a linear congruential generator: reproducible series. */
function noise(seed: number): () => number {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 31 - 1
}

/**
 * Ten minutes (or `duration`) of samples shaped like the soak's: a first minute that climbs while
 * the first sync fills caches, then a level with jitter and a sawtooth (garbage not yet
 * collected, buffers pooled), plus whatever the `extra` function adds at a given time.
 */
function series(
  level: number,
  extra: (atMs: number) => number = () => 0,
  { jitter = 1.5 * MB, seed = 1, duration = TEN_MINUTES } = {},
): MemorySample[] {
  const random = noise(seed)
  const samples: MemorySample[] = []
  for (let at = 0; at <= duration; at += EVERY) {
    const warm = Math.min(1, at / 60_000)
    const sawtooth = ((at / EVERY) % 6) * 0.4 * MB
    samples.push({ atMs: at, bytes: level * warm + sawtooth + random() * jitter + extra(at) })
  }
  return samples
}

const perMinute = (bytes: number) => (atMs: number) => (atMs / 60_000) * bytes

/**
 * What main holds outside V8's heap as the soak measured it: a level with, every two minutes or
 * so, one sample 30 MB above (V8 gave heap back, the pages not yet) and one 15 below.
 */
const heapGivenBack = (atMs: number) => {
  const step = Math.round(atMs / EVERY) % 25
  return step === 14 ? 30 * MB : step === 3 ? -15 * MB : 0
}

describe('the soak memory verdict', () => {
  it('fits the slope of a straight line exactly', () => {
    const line = [0, 1, 2, 3].map((i) => ({ atMs: i * 1000, bytes: 5 + 2 * i * 1000 }))
    expect(slopePerMs(line)).toBeCloseTo(2, 10)
    expect(slopePerMs([{ atMs: 0, bytes: 7 }])).toBe(0)
  })

  it('passes a healthy heap: warm-up climb, then a jittery plateau', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const verdict = judgeGrowth(series(60 * MB, undefined, { seed }), BOUNDS.mainHeap)
      expect(verdict.reasons, `seed ${seed}`).toEqual([])
      expect(verdict.ok).toBe(true)
      expect(verdict.peakBytes).toBeGreaterThan(60 * MB)
    }
  })

  it('fails a retained 2 KB record per live event (120 a minute): 14 MB an hour', () => {
    const leak = perMinute(120 * 2048)
    for (const seed of [1, 2, 3]) {
      const verdict = judgeGrowth(series(60 * MB, leak, { seed }), BOUNDS.mainHeap)
      expect(verdict.ok, `seed ${seed}`).toBe(false)
      expect(verdict.reasons.join()).toMatch(/grows [\d.]+ MB an hour/)
      expect(verdict.hourlyGrowthBytes / MB).toBeGreaterThan(12)
      expect(verdict.hourlyGrowthBytes / MB).toBeLessThan(17)
    }
  })

  it('fails a heap that steps up late and stays up, even when the overall slope is small', () => {
    const step = (atMs: number) => (atMs > 8.5 * 60_000 ? 10 * MB : 0)
    const verdict = judgeGrowth(series(60 * MB, step), {
      maxHourlyGrowthBytes: Infinity,
      maxQuarterRiseBytes: BOUNDS.rendererHeap.maxQuarterRiseBytes,
    })
    expect(verdict.ok).toBe(false)
    expect(verdict.reasons.join()).toMatch(/last quarter peaks [\d.]+ MB above the first/)
  })

  it('ignores the warm-up climb, however steep', () => {
    const verdict = judgeGrowth(series(400 * MB), BOUNDS.rendererHeap)
    expect(verdict.reasons).toEqual([])
    expect(verdict.endBytes - verdict.startBytes).toBeGreaterThan(300 * MB)
  })

  it('is not pulled by single samples far off the level', () => {
    // Flat for nine minutes but for V8 giving heap back twice near the end: a least-squares
    // line through it rises 16 MB an hour.
    const flat = series(78 * MB, (atMs) => (atMs === 480_000 || atMs === 560_000 ? 30 * MB : 0), {
      jitter: 0,
    }).filter((sample) => sample.atMs >= 60_000)
    expect(Math.abs(slopePerMs(flat)) * 3_600_000).toBeLessThan(1 * MB)
  })

  it("passes main's memory outside the heap with V8 giving heap back, and fails main growing 2 MB a minute", () => {
    for (const seed of [1, 2, 3]) {
      const level = series(78 * MB, heapGivenBack, { seed })
      expect(judgeGrowth(level, BOUNDS.mainOutsideHeap).reasons, `seed ${seed}`).toEqual([])
      const leak = (atMs: number) => heapGivenBack(atMs) + perMinute(2 * MB)(atMs)
      const leaking = series(78 * MB, leak, { seed })
      expect(judgeGrowth(leaking, BOUNDS.mainOutsideHeap).ok, `seed ${seed}`).toBe(false)
    }
  })

  it('fails the native leak of issue 14, 86 MB an hour, within ten minutes (npm test soaks twenty)', () => {
    for (const seed of [1, 2, 3]) {
      const leak = (atMs: number) => heapGivenBack(atMs) + perMinute((86 * MB) / 60)(atMs)
      const verdict = judgeGrowth(series(78 * MB, leak, { seed }), BOUNDS.mainOutsideHeap)
      expect(verdict.ok, `seed ${seed}`).toBe(false)
      expect(verdict.reasons.join()).toMatch(/grows [\d.]+ MB an hour/)
    }
  })

  it('refuses to judge too few samples or none', () => {
    const few = series(60 * MB).filter((_, i) => i % 20 === 0)
    expect(judgeGrowth(few, BOUNDS.mainHeap).reasons.join()).toMatch(/only \d+ samples/)
    expect(judgeGrowth([], BOUNDS.mainHeap)).toMatchObject({ ok: false, reasons: ['no samples'] })
  })
})
