import { describe, expect, it } from 'vitest'
import { sessionLabel } from '../../../../src-renderer/ui/format/session-label'
import { formatClock } from '../../../../src-renderer/domain/format/time'

const JAKARTA = 'Asia/Jakarta'
// 19:24 and 02:10 the next morning in Jakarta (UTC+7).
const OPENED = Date.parse('2026-11-23T12:24:00Z')
const CLOSED = Date.parse('2026-11-23T19:10:00Z')

const session = {
  businessDate: '2026-11-23',
  locationId: '101',
  openedAt: OPENED,
  closedAt: CLOSED,
  firstActivityAt: OPENED + 60_000,
  status: 'closed' as const,
}

describe('a session named for people', () => {
  it('reads as its day, location name and hours in the merchant zone', () => {
    const label = sessionLabel(session, JAKARTA, 'Kemang')
    expect(label).toBe(
      `Mon 23 Nov · Kemang · ${formatClock(OPENED, JAKARTA)}–${formatClock(CLOSED, JAKARTA)}`,
    )
    // The clock is the zone's, not this machine's or UTC's.
    expect(formatClock(OPENED, JAKARTA)).toMatch(/^(19:24|7:24\sPM)$/)
  })

  it('says "open" while the session is open, and uses its first sale when the opening is unknown', () => {
    const open = { ...session, openedAt: null, closedAt: null, status: 'open' as const }
    expect(sessionLabel(open, JAKARTA, 'Kemang')).toBe(
      `Mon 23 Nov · Kemang · ${formatClock(OPENED + 60_000, JAKARTA)}–open`,
    )
  })

  it('never reads as open once closed, even while the close time is unknown', () => {
    const closed = { ...session, closedAt: null, firstActivityAt: null }
    expect(sessionLabel(closed, JAKARTA, 'Kemang')).toMatch(/–…$/)
    expect(sessionLabel({ ...closed, openedAt: null }, JAKARTA, 'Kemang')).toBe(
      'Mon 23 Nov · Kemang · …',
    )
  })
})
