import type { HistoryRange } from '../../database/cached-records'
import type { PageQuery } from './collections'

/**
 * Listings of history read side by side. Each list call goes from the page through main to the
 * service and back, so one listing after another left the service and the cache waiting on its
 * round trips (issue 25); four keep the calls in flight well under the detail requests' 32.
 */
const LISTINGS = 4

/** Below this many pages a stretch, history is read as one. */
const MIN_PAGES_EACH = 2

/**
 * History from `oldest` to `newest` (created times, ms) cut into stretches of equal time, newest
 * first; the oldest is open below and the newest above (or bounded by `below`, when what was made
 * from then on has been read already), so every bill up to there falls in exactly one.
 */
export function historyRanges(
  oldest: number,
  newest: number,
  pages: number,
  below: number | null = null,
): HistoryRange[] {
  const top = below === null ? null : new Date(below).toISOString()
  const end = below === null ? newest : Math.min(newest, below)
  const count = Math.max(1, Math.min(LISTINGS, Math.floor(pages / MIN_PAGES_EACH)))
  if (count === 1 || end <= oldest) return [{ from: null, to: top, page: 1, done: false }]
  const step = (end - oldest) / count
  const cut = (i: number): string => new Date(Math.round(oldest + step * i)).toISOString()
  return Array.from({ length: count }, (_, i) => {
    const k = count - i
    return { from: k === 1 ? null : cut(k - 1), to: i === 0 ? top : cut(k), page: 1, done: false }
  })
}

/** The next page of a stretch, newest first. */
export function rangeQuery(range: HistoryRange, limit: number): PageQuery {
  return {
    page: range.page,
    limit,
    order_by: 'created_at:desc',
    ...(range.from === null ? {} : { q_created_at_from: range.from }),
    ...(range.to === null ? {} : { q_created_at_to: range.to }),
  }
}
