import { describe, expect, it } from 'vitest'
import type { ScheduledExportSettings } from '../../../../src-shared/bridge/schemas/exports'
import {
  dueCheck,
  nextNightly,
  scheduledRange,
  startingWatermark,
} from '../../../../src-renderer/exports/jobs/schedule-trigger'

/** Local wall-clock times, as the nightly trigger reads this PC's clock. */
const at = (day: number, hours: number, minutes = 0): Date =>
  new Date(2026, 10, day, hours, minutes, 0, 0)

const settings = (trigger: ScheduledExportSettings['trigger']): ScheduledExportSettings => ({
  enabled: true,
  trigger,
  what: 'journal-csv',
  folder: '/books',
})
const nightly = settings({ kind: 'nightly', time: '02:30' })
const onClose = settings({ kind: 'session-close' })

/** The night a nightly run due at `now` stands for, as the watermark it leaves says. */
function lastNightly(now: Date, time: string): Date {
  const check = dueCheck(
    settings({ kind: 'nightly', time }),
    { closedAt: null, nightlyAt: new Date(2000, 0, 1).toISOString() },
    now,
    null,
  )
  if (!check.due) throw new Error('a nightly run is always due after a night long ago')
  return new Date(check.watermark.nightlyAt!)
}

describe('nightly times', () => {
  it('the last one at or before now, and the next one after', () => {
    expect(lastNightly(at(20, 10), '02:30')).toEqual(at(20, 2, 30))
    expect(lastNightly(at(20, 2, 30), '02:30')).toEqual(at(20, 2, 30))
    expect(lastNightly(at(20, 1), '02:30')).toEqual(at(19, 2, 30))
    expect(nextNightly(at(20, 10), '02:30')).toEqual(at(21, 2, 30))
    expect(nextNightly(at(20, 1), '02:30')).toEqual(at(20, 2, 30))
    expect(lastNightly(at(1, 0, 10), '23:45')).toEqual(new Date(2026, 9, 31, 23, 45))
  })
})

describe('when a scheduled export is due', () => {
  it('nightly: not for the night before it was saved, once for each night after', () => {
    let watermark = startingWatermark(at(20, 10), null)
    for (const now of [at(20, 10), at(20, 23), at(21, 2, 29)])
      expect(dueCheck(nightly, watermark, now, null).due).toBe(false)
    const first = dueCheck(nightly, watermark, at(21, 2, 30), null)
    expect(first).toEqual({
      due: true,
      watermark: { closedAt: null, nightlyAt: at(21, 2, 30).toISOString() },
    })
    if (!first.due) throw new Error('unreachable')
    watermark = first.watermark
    // Acted on (whatever the outcome): not again that night, again the next.
    expect(dueCheck(nightly, watermark, at(21, 9), null).due).toBe(false)
    expect(dueCheck(nightly, watermark, at(22, 2, 31), null).due).toBe(true)
  })

  it('nightly: a PC off at the time runs once when Till opens, not once per missed night', () => {
    const watermark = startingWatermark(at(10, 12), null)
    const late = dueCheck(nightly, watermark, at(14, 9), null)
    expect(late).toEqual({
      due: true,
      watermark: { closedAt: null, nightlyAt: at(14, 2, 30).toISOString() },
    })
  })

  it('session close: only for a close later than the last one acted on', () => {
    const watermark = startingWatermark(at(20, 10), 5_000)
    expect(dueCheck(onClose, watermark, at(20, 11), 5_000).due).toBe(false)
    expect(dueCheck(onClose, watermark, at(20, 11), 4_000).due).toBe(false)
    expect(dueCheck(onClose, watermark, at(20, 11), 6_000)).toEqual({
      due: true,
      watermark: { ...watermark, closedAt: 6_000 },
    })
    expect(dueCheck(onClose, startingWatermark(at(20, 10), null), at(20, 11), null).due).toBe(false)
    expect(dueCheck(onClose, startingWatermark(at(20, 10), null), at(20, 11), 1).due).toBe(true)
  })

  it('never when off or not set up', () => {
    const watermark = { closedAt: 0, nightlyAt: at(1, 0).toISOString() }
    expect(dueCheck({ ...onClose, enabled: false }, watermark, at(20, 11), 9_999).due).toBe(false)
    expect(dueCheck({ ...nightly, enabled: false }, watermark, at(20, 11), null).due).toBe(false)
    expect(dueCheck(null, watermark, at(20, 11), 9_999).due).toBe(false)
  })
})

describe('the range a scheduled run covers', () => {
  it('a week back to today, or back to the last success when that is older', () => {
    expect(scheduledRange('2026-11-20', null)).toEqual({ from: '2026-11-13', to: '2026-11-20' })
    expect(scheduledRange('2026-11-20', { to: '2026-11-19' })).toEqual({
      from: '2026-11-13',
      to: '2026-11-20',
    })
    expect(scheduledRange('2026-03-03', { to: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-03-03',
    })
    expect(scheduledRange('2026-03-03', null).from).toBe('2026-02-24')
  })
})
