import { describe, expect, it } from 'vitest'
import {
  addCountedSessions,
  countedSessions,
} from '../../../../src-renderer/day-close/rules/counted-sessions'

describe('the counts of a group of sessions', () => {
  const counted = (countedCash: number, cashVariance: number | null) => ({
    countedCash,
    cashVariance,
  })

  it('add up the variance once every session is counted and each variance determined', () => {
    expect(countedSessions([counted(4100, 100), counted(2000, -30)])).toEqual({
      sessions: 2,
      counted: 2,
      countedCash: 6100,
      cashVariance: 70,
    })
  })

  it('show no variance for a part: 1 of 3 counted keeps its count, not a variance', () => {
    expect(countedSessions([counted(4100, 0), null, null])).toEqual({
      sessions: 3,
      counted: 1,
      countedCash: 4100,
      cashVariance: null,
    })
  })

  it('show no variance while one counted session’s opening is not known', () => {
    const day = countedSessions([counted(4100, 100), counted(2000, null)])
    expect(day.cashVariance).toBeNull()
    expect(day.countedCash).toBe(6100)
  })

  it('add locations up the same way', () => {
    const whole = countedSessions([counted(100, 5)])
    const other = countedSessions([counted(200, -2)])
    expect(addCountedSessions([whole, other])).toEqual({
      sessions: 2,
      counted: 2,
      countedCash: 300,
      cashVariance: 3,
    })
    const partly = countedSessions([counted(200, -2), null])
    expect(addCountedSessions([whole, partly])).toMatchObject({ counted: 2, cashVariance: null })
  })
})
