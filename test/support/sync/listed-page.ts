import type { Bill } from '../../../src-shared/domain/records'
import type { ChannelInput } from '../../../src-shared/bridge/contract'

/** The page of `bills` (oldest first) a list call asks for: in its order, with its page info. */
export function listedPage(bills: Bill[], query: ChannelInput<'service.bills.list'>['query']) {
  const sorted = query.order_by?.endsWith(':desc') ? [...bills].reverse() : bills
  const start = (query.page - 1) * query.limit
  return {
    bills: sorted.slice(start, start + query.limit),
    quarantined: [],
    page: {
      page: query.page,
      limit: query.limit,
      total: bills.length,
      lastPage: Math.ceil(bills.length / query.limit),
      hasMore: start + query.limit < bills.length,
    },
  }
}
