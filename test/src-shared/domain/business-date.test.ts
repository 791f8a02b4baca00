import { describe, expect, it } from 'vitest'
import {
  startOfMerchantDay,
  wallClockInstant,
  wallClockOf,
} from '../../../src-shared/domain/business-date'

describe('a merchant’s wall clock', () => {
  it('names an instant in the merchant’s zone, never the PC’s', () => {
    // 16:02 in Jakarta (UTC+7) is 09:02 UTC.
    expect(wallClockInstant('2026-12-05', '16:02', 'Asia/Jakarta')).toBe(
      Date.UTC(2026, 11, 5, 9, 2),
    )
    expect(wallClockOf(Date.UTC(2026, 11, 5, 9, 2, 45), 'Asia/Jakarta')).toBe('2026-12-05T16:02')
    expect(startOfMerchantDay('2026-12-05', 'Asia/Jakarta')).toBe(Date.UTC(2026, 11, 4, 17, 0))
  })

  it('reads back the same minute across a daylight-saving change', () => {
    // New York moves to UTC-4 on 8 Mar 2026 at 02:00; 10:30 that day is 14:30 UTC.
    const at = wallClockInstant('2026-03-08', '10:30', 'America/New_York')
    expect(at).toBe(Date.UTC(2026, 2, 8, 14, 30))
    expect(wallClockOf(at, 'America/New_York')).toBe('2026-03-08T10:30')
    expect(wallClockOf(Date.UTC(2026, 2, 7, 15, 30), 'America/New_York')).toBe('2026-03-07T10:30')
  })
})
