import { describe, expect, it, vi } from 'vitest'
import { runThrottled } from '../../src-renderer/cache/throttled-live-query'

/**
 * Dexie re-runs a live query's querier once after a run during which writes landed; the throttle
 * decides when that run starts. (Dexie's live queries did not fire over fake-indexeddb in Node, so
 * the throttle is tested on its own and the whole in Chromium by the sync benchmark.)
 */

describe('a throttled live query', () => {
  it('re-run back to back, as Dexie does after each write, runs once per interval', async () => {
    vi.useFakeTimers()
    try {
      const starts: number[] = []
      const state = { lastStart: Number.NEGATIVE_INFINITY }
      const querier = () =>
        runThrottled(
          async () => starts.push(Date.now()),
          state,
          250,
          () => Date.now(),
        )
      const loop = (async () => {
        for (let run = 0; run < 8; run++) await querier()
      })()
      await vi.advanceTimersByTimeAsync(2_000)
      await loop
      expect(starts).toHaveLength(8)
      const gaps = starts.slice(1).map((at, i) => at - starts[i]!)
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers at once when idle, and waits out the interval when not', async () => {
    vi.useFakeTimers()
    try {
      let clock = 0
      let runs = 0
      const state = { lastStart: Number.NEGATIVE_INFINITY }
      const querier = () =>
        runThrottled(
          async () => ++runs,
          state,
          1_000,
          () => clock,
        )
      expect(await querier()).toBe(1)
      clock = 5_000
      expect(await querier()).toBe(2)
      clock = 5_400
      let third: number | undefined
      void querier().then((value) => (third = value))
      await vi.advanceTimersByTimeAsync(599)
      expect(third).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(third).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
