import { formatBusinessDay, formatClock } from './time'

/**
 * The one name of a register session, for every screen, print, CSV and journal: its business
 * day, its location's name and its hours in the merchant's zone, "Mon 16 Nov · Salmiya ·
 * 08:10–17:45". Machines keep the session's id (a tag, a column, metadata); people read this.
 */

/** The status a session is shown with: a record still open may be shown closed (no close event). */
export type ShownStatus = 'open' | 'closed' | 'closed-no-event' | 'reconciled'

export interface LabelledSession {
  businessDate: string
  openedAt: number | null
  closedAt: number | null
  /** Its first bill or payment: where its hours start while the opening is not known. */
  firstActivityAt: number | null
  /**
   * The status it is shown with (see cache/session-status): its hours end "open" only while it
   * can still be trading. A record's own status is a shown status too, so a session read
   * without the status rule can still read "open" after it stopped trading.
   */
  status: ShownStatus
}

const CLOSE_NOT_RECORDED = 'close not recorded'

/**
 * A session's hours, "08:10–17:45": from its opening (or its first sale while the opening is
 * unknown) to its close; "–open" while it can still be trading, "–close not recorded" once it
 * is over with no close time known.
 */
export function sessionHours(session: LabelledSession, timeZone: string): string {
  const from = session.openedAt ?? session.firstActivityAt
  const to =
    session.closedAt !== null
      ? formatClock(session.closedAt, timeZone)
      : session.status === 'open'
        ? 'open'
        : CLOSE_NOT_RECORDED
  if (from !== null) return `${formatClock(from, timeZone)}–${to}`
  return session.closedAt !== null
    ? `until ${to}`
    : session.status === 'open'
      ? 'open'
      : 'hours not recorded'
}

/** "Mon 16 Nov · Salmiya · 08:10–17:45"; `location` is its name (`locationLabel`). */
export function sessionLabel(session: LabelledSession, timeZone: string, location: string): string {
  return `${formatBusinessDay(session.businessDate)} · ${location} · ${sessionHours(session, timeZone)}`
}
