import { describe, expect, it } from 'vitest'
import { calendarRange } from '../../../../src-renderer/domain/journal/range-presets'

const MONDAY = 1
const SUNDAY = 7
const SATURDAY = 6

describe('date presets of the Exports form', () => {
  // Wednesday 25 November 2026.
  const today = '2026-11-25'

  it('this week runs from its first day up to today; last week is the seven days before it', () => {
    expect(calendarRange('this-week', today, MONDAY)).toEqual({ from: '2026-11-23', to: today })
    expect(calendarRange('last-week', today, MONDAY)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    })
  })

  it("starts weeks on the locale's first day", () => {
    expect(calendarRange('this-week', today, SUNDAY)).toEqual({ from: '2026-11-22', to: today })
    expect(calendarRange('last-week', today, SUNDAY)).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
    })
    expect(calendarRange('this-week', today, SATURDAY)).toEqual({ from: '2026-11-21', to: today })
  })

  it('on the first day of a week, this week is today alone', () => {
    expect(calendarRange('this-week', '2026-11-23', MONDAY)).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    })
    expect(calendarRange('last-week', '2026-11-23', MONDAY)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    })
  })

  it('this month runs from its first up to today; last month is the whole month before', () => {
    expect(calendarRange('this-month', today, MONDAY)).toEqual({ from: '2026-11-01', to: today })
    expect(calendarRange('last-month', today, MONDAY)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    })
    expect(calendarRange('last-month', '2028-03-31', MONDAY)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    })
  })

  it('crosses a year boundary', () => {
    // Saturday 2 January 2027.
    const early = '2027-01-02'
    expect(calendarRange('this-week', early, MONDAY)).toEqual({ from: '2026-12-28', to: early })
    expect(calendarRange('last-week', early, MONDAY)).toEqual({
      from: '2026-12-21',
      to: '2026-12-27',
    })
    expect(calendarRange('this-month', early, MONDAY)).toEqual({ from: '2027-01-01', to: early })
    expect(calendarRange('last-month', early, MONDAY)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    })
    expect(calendarRange('last-week', '2027-01-01', SUNDAY)).toEqual({
      from: '2026-12-20',
      to: '2026-12-26',
    })
  })
})
