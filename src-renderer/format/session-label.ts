import type { RegisterSession } from '../cache/records'
import { formatBusinessDay, formatClock } from './time'

/**
 * A register session as a person names it: "Mon 23 Nov · Outlet · 19:24–02:10" (its opening, or
 * its first sale while the opening is unknown; "open" until it closes, "…" while its close time
 * is not known).
 */
export function sessionLabel(
  session: Pick<
    RegisterSession,
    'businessDate' | 'locationId' | 'openedAt' | 'closedAt' | 'firstActivityAt' | 'status'
  >,
  timeZone: string,
): string {
  const from = session.openedAt ?? session.firstActivityAt
  const to =
    session.closedAt !== null
      ? formatClock(session.closedAt, timeZone)
      : session.status === 'open'
        ? 'open'
        : '…'
  const hours = from === null ? to : `${formatClock(from, timeZone)}–${to}`
  return `${formatBusinessDay(session.businessDate)} · ${session.locationId} · ${hours}`
}
