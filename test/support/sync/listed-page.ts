import type { Bill } from '../../../src-shared/domain/records'
import type { ChannelInput } from '../../../src-shared/bridge/contract'

type ListQuery = ChannelInput<'service.bills.list'>['query']

/**
 * The page of `records` a list call asks for, as the service serves it: within the query's
 * bounds (`from` inclusive, `to` exclusive), in its order (ties by id), with its page info.
 */
export function listedRecords<T extends { id: string; createdAt: number; updatedAt: number }>(
  records: T[],
  query: ListQuery,
) {
  const bound = (text: string | undefined, none: number) => (text ? Date.parse(text) : none)
  const within = records.filter(
    (r) =>
      r.updatedAt >= bound(query.q_updated_at_from, -Infinity) &&
      r.createdAt >= bound(query.q_created_at_from, -Infinity) &&
      r.createdAt < bound(query.q_created_at_to, Infinity),
  )
  const field = query.order_by?.startsWith('updated_at') ? 'updatedAt' : 'createdAt'
  const sorted = within.sort((a, b) => a[field] - b[field] || a.id.localeCompare(b.id))
  if (query.order_by?.endsWith(':desc')) sorted.reverse()
  const start = (query.page - 1) * query.limit
  return {
    slice: sorted.slice(start, start + query.limit),
    page: {
      page: query.page,
      limit: query.limit,
      total: sorted.length,
      lastPage: Math.max(1, Math.ceil(sorted.length / query.limit)),
      hasMore: start + query.limit < sorted.length,
    },
  }
}

/** The page of `bills` a list call asks for (see listedRecords). */
export function listedPage(bills: Bill[], query: ListQuery) {
  const { slice, page } = listedRecords(bills, query)
  return { bills: slice, quarantined: [], page }
}
