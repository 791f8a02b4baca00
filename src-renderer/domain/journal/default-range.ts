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

/**
 * `postedThrough` is the latest business date the destination holds ('' for none). When every
 * day after it is still open, the range is its first day (an export of it holds the open
 * sessions back and says so); when nothing is new, the last closed day (the export says
 * *Nothing new*). Null when there are no sessions.
 */
export function defaultRange(
  sessions: readonly SessionOfDay[],
  postedThrough: string,
): DefaultRange | null {
  if (sessions.length === 0) return null
  const openDays = new Set(sessions.filter((s) => s.open).map((s) => s.businessDate))
  const days = [...new Set(sessions.map((s) => s.businessDate))].sort()
  const closed = days.filter((d) => !openDays.has(d))
  const lastClosed = closed[closed.length - 1]
  const firstNew = days.find((d) => d > postedThrough)
  if (firstNew === undefined) {
    const day = lastClosed ?? days[days.length - 1]!
    return { from: day, to: day }
  }
  if (lastClosed === undefined || lastClosed < firstNew) return { from: firstNew, to: firstNew }
  return { from: firstNew, to: lastClosed }
}
