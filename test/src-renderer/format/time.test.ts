import { describe, expect, it } from 'vitest'
import {
  formatBusinessDate,
  formatDateRange,
  unbrokenTimes,
} from '../../../src-renderer/format/time'

describe('business dates in prose', () => {
  it('read as the shop reads them, weekday and year included, never as ISO', () => {
    expect(formatBusinessDate('2026-11-16')).toBe('Mon 16 Nov 2026')
    expect(formatBusinessDate('2027-01-01')).toBe('Fri 1 Jan 2027')
  })

  it('are the calendar day itself whatever zone the PC is in', () => {
    // A date is not a moment: no zone moves it to the day before or after.
    expect(formatBusinessDate('2026-12-31')).toBe('Thu 31 Dec 2026')
  })

  it('make a range of two days, or one day when it starts and ends on it', () => {
    expect(formatDateRange('2026-11-16', '2026-11-22')).toBe('Mon 16 Nov 2026 to Sun 22 Nov 2026')
    expect(formatDateRange('2026-11-20', '2026-11-20')).toBe('Fri 20 Nov 2026')
  })
})

describe('clock times in a note that wraps', () => {
  it('keep "AM"/"PM" on the line of their figures, and nothing else', () => {
    expect(unbrokenTimes('Sun 6 Dec · Harbour Street · 8:05 AM–close not recorded, 10:30 pm')).toBe(
      'Sun 6 Dec · Harbour Street · 8:05\u00a0AM–close not recorded, 10:30\u00a0pm',
    )
    expect(unbrokenTimes('Mon 16 Nov · Salmiya · 08:10–17:45 and 3 sessions, 9:00 Main')).toBe(
      'Mon 16 Nov · Salmiya · 08:10–17:45 and 3 sessions, 9:00 Main',
    )
  })
})
