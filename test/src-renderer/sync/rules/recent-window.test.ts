import { describe, expect, it } from 'vitest'
import { recentWindowStart } from '../../../../src-renderer/sync/rules/recent-window'

describe('where a first sync’s recent read starts', () => {
  it('at the first instant of the business day before yesterday, in the merchant’s zone', () => {
    // 01:30 on Sat 21 Nov in Jakarta (UTC+7) is still Friday evening in UTC.
    const now = Date.parse('2026-11-20T18:30:00Z')
    // Thu 19 Nov began in Jakarta at 17:00 UTC on the 18th.
    expect(new Date(recentWindowStart(now, 'Asia/Jakarta')).toISOString()).toBe(
      '2026-11-18T17:00:00.000Z',
    )
    expect(new Date(recentWindowStart(now, 'UTC')).toISOString()).toBe('2026-11-18T00:00:00.000Z')
  })

  it('over a change of clocks, at that day’s own midnight', () => {
    // Two days after New York's clocks went back (1 Nov 2026): Sat 31 Oct began at UTC−4, and
    // Sun 1 Nov (the day of the change) lasted 25 hours.
    const now = Date.parse('2026-11-02T14:00:00Z')
    expect(new Date(recentWindowStart(now, 'America/New_York')).toISOString()).toBe(
      '2026-10-31T04:00:00.000Z',
    )
  })
})
