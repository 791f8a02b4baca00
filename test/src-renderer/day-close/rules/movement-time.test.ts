import { describe, expect, it } from 'vitest'
import {
  defaultMovementTime,
  sessionSpan,
  withinSpan,
} from '../../../../src-renderer/day-close/rules/movement-time'

const HOUR = 3600_000
// 16:02 in Jakarta, Sat 5 Dec 2026: a session opened then; its business day began at 00:00.
const OPENED = Date.UTC(2026, 11, 5, 9, 2)
const START_OF_DAY = Date.UTC(2026, 11, 4, 17, 0)

describe('when a cash movement can have happened', () => {
  it('is the session’s span: its opening to its close, or to now while it has none', () => {
    const closed = { openedAt: OPENED, closedAt: OPENED + 8 * HOUR, firstActivityAt: null }
    expect(sessionSpan(closed, START_OF_DAY, 0)).toEqual({
      from: OPENED,
      to: OPENED + 8 * HOUR,
      start: OPENED,
    })
    const now = OPENED + 2 * HOUR
    const open = { openedAt: OPENED, closedAt: null, firstActivityAt: OPENED + HOUR }
    expect(sessionSpan(open, START_OF_DAY, now)).toMatchObject({ from: OPENED, to: now })
    // No opening known: from the start of its business day (the float may come before the first
    // bill), starting at its first bill.
    const unknown = { openedAt: null, closedAt: null, firstActivityAt: OPENED }
    expect(sessionSpan(unknown, START_OF_DAY, now)).toEqual({
      from: START_OF_DAY,
      to: now,
      start: OPENED,
    })
  })

  it('defaults a float to the session’s start, anything else to now within the session', () => {
    const span = { from: START_OF_DAY, to: OPENED + 8 * HOUR, start: OPENED }
    const now = OPENED + 3 * HOUR
    expect(defaultMovementTime('float', span, now)).toBe(OPENED)
    expect(defaultMovementTime('pay-out', span, now)).toBe(now)
    // Typed the next morning, a drop of last night's session is at its close, not the typing time.
    expect(defaultMovementTime('drop', span, OPENED + 20 * HOUR)).toBe(OPENED + 8 * HOUR)
  })

  it('takes only a time within the session, to the minute', () => {
    const span = { from: OPENED + 30_000, to: OPENED + HOUR, start: OPENED + 30_000 }
    // The form sets whole minutes: the minute the session opened in is within it.
    expect(withinSpan(OPENED, span)).toBe(true)
    expect(withinSpan(OPENED + HOUR, span)).toBe(true)
    expect(withinSpan(OPENED - 60_000, span)).toBe(false)
    expect(withinSpan(OPENED + HOUR + 60_000, span)).toBe(false)
  })
})
