import { describe, expect, it } from 'vitest'
import { historyRanges, rangeQuery } from '../../../../src-renderer/sync/jobs/history-ranges'
import type { HistoryRange } from '../../../../src-renderer/database/cached-records'

const DAY = 86_400_000
const OLDEST = Date.UTC(2026, 9, 1)
const NEWEST = OLDEST + 30 * DAY

/** The stretches an instant falls in, by the service's rule: `from` inclusive, `to` exclusive. */
function holding(ranges: HistoryRange[], at: number): number[] {
  return ranges.flatMap((r, i) =>
    (r.from === null || at >= Date.parse(r.from)) && (r.to === null || at < Date.parse(r.to))
      ? [i]
      : [],
  )
}

describe('history read in stretches side by side', () => {
  it('every instant, before, inside or after the history, falls in exactly one stretch', () => {
    const ranges = historyRanges(OLDEST, NEWEST, 100)
    expect(ranges.length).toBeGreaterThan(1)
    for (let at = OLDEST - 2 * DAY; at <= NEWEST + 2 * DAY; at += 3_600_000 + 7)
      expect(holding(ranges, at), new Date(at).toISOString()).toHaveLength(1)
    for (const range of ranges)
      if (range.to !== null) expect(holding(ranges, Date.parse(range.to))).toHaveLength(1)
  })

  it('the newest stretch comes first, open above, so sales made while it is read are in it', () => {
    const ranges = historyRanges(OLDEST, NEWEST, 100)
    expect(holding(ranges, NEWEST + DAY)).toEqual([0])
    expect(holding(ranges, OLDEST - DAY)).toEqual([ranges.length - 1])
    expect(ranges.every((r) => r.page === 1 && !r.done)).toBe(true)
  })

  it('below where tonight’s read began: every earlier instant in exactly one stretch, none from there on', () => {
    const below = NEWEST - 10 * DAY
    for (const pages of [2, 100]) {
      const ranges = historyRanges(OLDEST, NEWEST, pages, below)
      for (let at = OLDEST - 2 * DAY; at < below; at += 3_600_000 + 7)
        expect(holding(ranges, at), new Date(at).toISOString()).toHaveLength(1)
      for (let at = below; at <= NEWEST + DAY; at += 3_600_000 + 7)
        expect(holding(ranges, at), new Date(at).toISOString()).toEqual([])
    }
    // A history wholly inside what was read already: one stretch, below it, that finds nothing.
    expect(historyRanges(below + DAY, NEWEST, 100, below)).toEqual([
      { from: null, to: new Date(below).toISOString(), page: 1, done: false },
    ])
  })

  it('a short history, or one of a single instant, is read as one', () => {
    expect(historyRanges(OLDEST, NEWEST, 2)).toEqual([
      { from: null, to: null, page: 1, done: false },
    ])
    expect(historyRanges(NEWEST, NEWEST, 100)).toHaveLength(1)
  })

  it('a stretch is asked for newest first from its next page, with only the bounds it has', () => {
    const [newest, , , oldest] = historyRanges(OLDEST, NEWEST, 100)
    expect(rangeQuery({ ...newest!, page: 3 }, 200)).toEqual({
      page: 3,
      limit: 200,
      order_by: 'created_at:desc',
      q_created_at_from: newest!.from,
    })
    expect(rangeQuery(oldest!, 200)).toEqual({
      page: 1,
      limit: 200,
      order_by: 'created_at:desc',
      q_created_at_to: oldest!.to,
    })
  })
})
