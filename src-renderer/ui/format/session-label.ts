import type { RegisterSession } from '../../cache/cached-records'
import { formatBusinessDay, formatClock } from '../../domain/format/time'

type SessionFacts = Pick<
  RegisterSession,
  'businessDate' | 'locationId' | 'openedAt' | 'closedAt' | 'firstActivityAt' | 'status'
>

/**
 * A session's hours in the merchant's zone, "19:24–02:10": from its opening (or its first sale
 * while the opening is unknown), to its close; "open" until it closes, "…" while its close time
 * is not known.
 */
export function sessionHours(session: SessionFacts, timeZone: string): string {
  const from = session.openedAt ?? session.firstActivityAt
  const to =
    session.closedAt !== null
      ? formatClock(session.closedAt, timeZone)
      : session.status === 'open'
        ? 'open'
        : '…'
  return from === null ? to : `${formatClock(from, timeZone)}–${to}`
}

/**
 * A register session as a person names it: "Mon 23 Nov · Kemang · 19:24–02:10", with its
 * location's name (`locationLabel`).
 */
export function sessionLabel(session: SessionFacts, timeZone: string, location: string): string {
  const day = formatBusinessDay(session.businessDate)
  return `${day} · ${location} · ${sessionHours(session, timeZone)}`
}
