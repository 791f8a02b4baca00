import type { MovementKind } from './cash-movements'

/**
 * When a cash movement can have happened: within its session, from the session's opening (or,
 * while that is not known, the start of its business day) to its close (or now, while it has
 * none). Times are epoch ms.
 */
export interface SessionSpan {
  from: number
  to: number
  /** The session's start as far as known: its opening, else its first bill or payment. */
  start: number
}

export function sessionSpan(
  session: { openedAt: number | null; closedAt: number | null; firstActivityAt: number | null },
  startOfDay: number,
  now: number,
): SessionSpan {
  const from = session.openedAt ?? startOfDay
  const to = Math.max(from, session.closedAt ?? now)
  const start = Math.min(session.openedAt ?? session.firstActivityAt ?? from, to)
  return { from, to, start }
}

/**
 * A new movement's time until the manager sets one: a float at the session's start, anything
 * else now, or the session's end when it is over.
 */
export function defaultMovementTime(kind: MovementKind, span: SessionSpan, now: number): number {
  return kind === 'float' ? span.start : Math.min(Math.max(now, span.from), span.to)
}

/** Whether a time is within the session's span, to the minute the form sets it to. */
export function withinSpan(at: number, span: SessionSpan): boolean {
  const minute = 60_000
  return at >= Math.floor(span.from / minute) * minute && at <= span.to
}
