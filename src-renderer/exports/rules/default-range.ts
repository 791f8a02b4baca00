/**
 * The range the Exports screen offers for a destination: from the first business day the
 * destination does not hold yet up to the last business day whose sessions are all closed
 * (docs/ledger.md#session-states), so a day still trading is never offered as if it were done.
 */

/** A register session as the rule needs it: its day, and whether it can still be trading. */
export interface SessionOfDay {
  businessDate: string
  open: boolean
}

export interface DefaultRange {
  from: string
  to: string
}

/** A batch as the rule needs it: when it ran, what range it covered, which sessions it held back. */
export interface HoldingBatch {
  createdAt: string
  range: { from: string; to: string; locationId: string }
  heldBack?: readonly string[]
}

/**
 * The sessions a destination's batches held back that no later batch has taken up: a later
 * batch takes up a session when its range covers the session's day and location and it did not
 * hold the session back again.
 */
export function waitingSessions(
  batches: readonly HoldingBatch[],
  sessionOf: (id: string) => { businessDate: string; locationId: string } | undefined,
): string[] {
  const waiting = new Set<string>()
  for (const batch of [...batches].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const { from, to, locationId } = batch.range
    for (const id of waiting) {
      const session = sessionOf(id)
      if (
        session === undefined ||
        (session.businessDate >= from &&
          session.businessDate <= to &&
          (locationId === '' || locationId === session.locationId))
      )
        waiting.delete(id)
    }
    for (const id of batch.heldBack ?? []) waiting.add(id)
  }
  return [...waiting]
}

/**
 * `postedThrough` is the latest business date the destination holds ('' for none); `waiting`
 * the days of sessions it held back that have closed since, which the range starts early
 * enough to take up. When every
 * day after it is still open, the range is its first day (an export of it holds the open
 * sessions back and says so); when nothing is new, the last closed day (the export says
 * *Nothing new*). Null when there are no sessions.
 */
export function defaultRange(
  sessions: readonly SessionOfDay[],
  postedThrough: string,
  waiting: readonly string[] = [],
): DefaultRange | null {
  if (sessions.length === 0) return null
  const openDays = new Set(sessions.filter((s) => s.open).map((s) => s.businessDate))
  const days = [...new Set(sessions.map((s) => s.businessDate))].sort()
  const closed = days.filter((d) => !openDays.has(d))
  const lastClosed = closed[closed.length - 1]
  const firstNew = [...waiting, ...days.filter((d) => d > postedThrough)].sort()[0]
  if (firstNew === undefined) {
    const day = lastClosed ?? days[days.length - 1]!
    return { from: day, to: day }
  }
  if (lastClosed === undefined || lastClosed < firstNew) return { from: firstNew, to: firstNew }
  return { from: firstNew, to: lastClosed }
}
