import { describe, expect, it } from 'vitest'
import {
  ProgressMeter,
  timeLeftText,
  type SyncProgress,
} from '../../../../src-renderer/sync/jobs/progress'

const ETA_MIN_SECONDS = 5

/** The steps and seconds a sync runs before it says how long is left. */
const ETA_MIN_STEPS = 5

/**
 * The time left a meter reports after `steps` pieces of work adding up to `done` records, of
 * `total` expected, `elapsedSeconds` into the sync.
 */
function secondsLeft(work: {
  done: number
  total: number | null
  steps: number
  elapsedSeconds: number
}): number | null {
  const reports: SyncProgress[] = []
  const meter = new ProgressMeter(
    0,
    () => work.elapsedSeconds * 1000,
    (p) => reports.push(p),
  )
  if (work.total !== null) meter.expect(work.total)
  meter.add(work.done)
  for (let step = 1; step < work.steps; step++) meter.add(0)
  return reports.at(-1)!.etaSeconds
}

describe('the time-left rule', () => {
  it('says nothing after the first page, however slow it was', () => {
    // The first page of a first sync: 100 of 40,000 records in 12 s would read "about 4788 s left".
    expect(secondsLeft({ done: 100, total: 40_000, steps: 1, elapsedSeconds: 12 })).toBeNull()
    expect(
      secondsLeft({ done: 400, total: 40_000, steps: ETA_MIN_STEPS - 1, elapsedSeconds: 20 }),
    ).toBeNull()
  })

  it('says nothing within the first seconds, however many pages came', () => {
    expect(
      secondsLeft({
        done: 1_000,
        total: 40_000,
        steps: 10,
        elapsedSeconds: ETA_MIN_SECONDS - 1,
      }),
    ).toBeNull()
  })

  it('gives the rest at the rate so far once there is enough work behind it', () => {
    expect(secondsLeft({ done: 1_000, total: 11_000, steps: 10, elapsedSeconds: 10 })).toBe(100)
  })

  it('says nothing once the work has outgrown its estimate, rather than "0 s left"', () => {
    expect(secondsLeft({ done: 11_000, total: 11_000, steps: 40, elapsedSeconds: 60 })).toBeNull()
    expect(secondsLeft({ done: 12_500, total: 11_000, steps: 45, elapsedSeconds: 70 })).toBeNull()
  })

  it('says nothing while the size of the work is unknown', () => {
    expect(secondsLeft({ done: 1_000, total: null, steps: 10, elapsedSeconds: 10 })).toBeNull()
  })

  it('reads in seconds, minutes or hours', () => {
    expect(timeLeftText(0.2)).toBe('about 1 s left')
    expect(timeLeftText(42.1)).toBe('about 43 s left')
    expect(timeLeftText(16_793)).toBe('about 4 h 40 min left')
    expect(timeLeftText(3_600)).toBe('about 1 h left')
    expect(timeLeftText(250)).toBe('about 5 min left')
  })
})

describe('the progress meter', () => {
  it('adds each expected area to the total and holds the estimate back until enough pages', () => {
    let now = 0
    const reports: SyncProgress[] = []
    const meter = new ProgressMeter(
      0,
      () => now,
      (p) => reports.push(p),
    )
    meter.expect(2_000)
    meter.expect(500)
    expect(reports.at(-1)!.total).toBe(2_500)
    for (let page = 1; page <= ETA_MIN_STEPS; page++) {
      now = page * 2_000
      meter.add(100)
      const { etaSeconds } = reports.at(-1)!
      if (page < ETA_MIN_STEPS) expect(etaSeconds).toBeNull()
      // 500 records in 10 s: 2,000 left at 50/s.
      else expect(etaSeconds).toBe(40)
    }
  })
})
