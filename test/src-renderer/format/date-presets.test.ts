import { describe, expect, it } from 'vitest'
import { addDays, firstDayOfWeek, presetRange } from '../../../src-renderer/format/date-presets'

const MONDAY = 1
const SUNDAY = 7

describe('date presets, in the shop’s calendar', () => {
  // Wednesday 25 November 2026.
  const today = '2026-11-25'

  it('today and yesterday are single days, across a month and a year end', () => {
    expect(presetRange('today', today, MONDAY)).toEqual({ from: today, to: today })
    expect(presetRange('yesterday', today, MONDAY)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    })
    expect(presetRange('yesterday', '2026-03-01', MONDAY)).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    })
    expect(presetRange('yesterday', '2027-01-01', MONDAY)).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    })
  })

  it('this week and last week start on the given first day', () => {
    expect(presetRange('this-week', today, MONDAY)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    })
    expect(presetRange('last-week', today, MONDAY)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    })
    expect(presetRange('this-week', today, SUNDAY)).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    })
    expect(presetRange('last-week', today, SUNDAY)).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
    })
  })

  it('on the week’s first day, this week starts today; on its last, it ends today', () => {
    expect(presetRange('this-week', '2026-11-23', MONDAY)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    })
    expect(presetRange('this-week', '2026-11-29', MONDAY)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    })
    expect(presetRange('this-week', '2026-11-29', SUNDAY)).toEqual({
      from: '2026-11-29',
      to: '2026-12-05',
    })
  })

  it('a chosen range keeps its dates, in order, and an empty end is open', () => {
    const chosen = { from: '2026-11-10', to: '2026-11-12' }
    expect(presetRange('range', today, MONDAY, chosen)).toEqual(chosen)
    expect(presetRange('range', today, MONDAY, { from: chosen.to, to: chosen.from })).toEqual(
      chosen,
    )
    expect(presetRange('range', today, MONDAY, { from: '2026-11-10', to: '' })).toEqual({
      from: '2026-11-10',
      to: '9999-12-31',
    })
    expect(presetRange('all', today, MONDAY)).toBeNull()
  })

  it('every week of a year is seven days, the next starting the day after', () => {
    for (let day = 0; day < 366; day++) {
      const date = addDays('2026-01-01', day)
      const week = presetRange('this-week', date, MONDAY)!
      const last = presetRange('last-week', date, MONDAY)!
      expect(week.from <= date && date <= week.to).toBe(true)
      expect(addDays(week.from, 6)).toBe(week.to)
      expect(addDays(last.to, 1)).toBe(week.from)
      expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1)
    }
  })

  it('the locale’s first day of the week, Monday where unknown', () => {
    expect(firstDayOfWeek('en-GB')).toBe(MONDAY)
    expect(firstDayOfWeek('en-US')).toBe(SUNDAY)
    expect(firstDayOfWeek('not a locale')).toBe(MONDAY)
  })
})
