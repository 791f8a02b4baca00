import { describe, expect, it } from 'vitest'
import { sessionLabel } from '../../../src-renderer/format/session-label'
import { formatClock } from '../../../src-renderer/format/time'

const JAKARTA = 'Asia/Jakarta'
// 19:24 and 02:10 the next morning in Jakarta (UTC+7).
const OPENED = Date.parse('2026-11-23T12:24:00Z')
const CLOSED = Date.parse('2026-11-23T19:10:00Z')
const FIRST_SALE = OPENED + 60_000

const session = {
  businessDate: '2026-11-23',
  openedAt: OPENED,
  closedAt: CLOSED,
  firstActivityAt: FIRST_SALE,
  status: 'closed' as const,
}
const at = (t: number): string => formatClock(t, JAKARTA)

describe('a session named for people', () => {
  it('reads as its day, location name and hours in the merchant zone', () => {
    expect(sessionLabel(session, JAKARTA, 'Kemang')).toBe(
      `Mon 23 Nov · Kemang · ${at(OPENED)}–${at(CLOSED)}`,
    )
    // The clock is the zone's, not this machine's or UTC's.
    expect(at(OPENED)).toMatch(/^(19:24|7:24\sPM)$/)
  })

  it('says "open" only while the session can still be trading, from its first sale while the opening is unknown', () => {
    const open = { ...session, openedAt: null, closedAt: null, status: 'open' as const }
    expect(sessionLabel(open, JAKARTA, 'Kemang')).toBe(
      `Mon 23 Nov · Kemang · ${at(FIRST_SALE)}–open`,
    )
  })

  it.each(['closed', 'closed-no-event', 'reconciled'] as const)(
    'a %s session without a close time says so, never "open"',
    (status) => {
      const over = { ...session, closedAt: null, status }
      expect(sessionLabel(over, JAKARTA, 'Kemang')).toBe(
        `Mon 23 Nov · Kemang · ${at(OPENED)}–close not recorded`,
      )
    },
  )

  it('a session with neither opening nor first sale reads by its close, or says its hours are not recorded', () => {
    const unknownStart = { ...session, openedAt: null, firstActivityAt: null }
    expect(sessionLabel(unknownStart, JAKARTA, 'Kemang')).toBe(
      `Mon 23 Nov · Kemang · until ${at(CLOSED)}`,
    )
    expect(sessionLabel({ ...unknownStart, closedAt: null }, JAKARTA, 'Kemang')).toBe(
      'Mon 23 Nov · Kemang · hours not recorded',
    )
    expect(
      sessionLabel({ ...unknownStart, closedAt: null, status: 'open' }, JAKARTA, 'Kemang'),
    ).toBe('Mon 23 Nov · Kemang · open')
  })
})
