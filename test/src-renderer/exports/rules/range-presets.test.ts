import { describe, expect, it } from 'vitest'
import {
  calendarRange,
  type CalendarPreset,
} from '../../../../src-renderer/exports/rules/range-presets'

const MONDAY = 1
const SUNDAY = 7
const SATURDAY = 6

/** [preset, today, the week's first day, from, to] */
type Case = [CalendarPreset, string, number, string, string]

function expectRanges(cases: Case[]): void {
  for (const [preset, today, firstDay, from, to] of cases)
    expect(calendarRange(preset, today, firstDay), `${preset} on ${today}`).toEqual({ from, to })
}

describe('date presets of the Exports form', () => {
  // Wednesday 25 November 2026.
  const today = '2026-11-25'

  it('this week runs from its first day up to today; last week is the seven days before it', () => {
    expectRanges([
      ['this-week', today, MONDAY, '2026-11-23', today],
      ['last-week', today, MONDAY, '2026-11-16', '2026-11-22'],
    ])
  })

  it("starts weeks on the locale's first day", () => {
    expectRanges([
      ['this-week', today, SUNDAY, '2026-11-22', today],
      ['last-week', today, SUNDAY, '2026-11-15', '2026-11-21'],
      ['this-week', today, SATURDAY, '2026-11-21', today],
    ])
  })

  it('on the first day of a week, this week is today alone', () => {
    expectRanges([
      ['this-week', '2026-11-23', MONDAY, '2026-11-23', '2026-11-23'],
      ['last-week', '2026-11-23', MONDAY, '2026-11-16', '2026-11-22'],
    ])
  })

  it('this month runs from its first up to today; last month is the whole month before', () => {
    expectRanges([
      ['this-month', today, MONDAY, '2026-11-01', today],
      ['last-month', today, MONDAY, '2026-10-01', '2026-10-31'],
      ['last-month', '2028-03-31', MONDAY, '2028-02-01', '2028-02-29'],
    ])
  })

  it('crosses a year boundary', () => {
    // Saturday 2 January 2027.
    const early = '2027-01-02'
    expectRanges([
      ['this-week', early, MONDAY, '2026-12-28', early],
      ['last-week', early, MONDAY, '2026-12-21', '2026-12-27'],
      ['this-month', early, MONDAY, '2027-01-01', early],
      ['last-month', early, MONDAY, '2026-12-01', '2026-12-31'],
      ['last-week', '2027-01-01', SUNDAY, '2026-12-20', '2026-12-26'],
    ])
  })
})
