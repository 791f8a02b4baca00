import { businessDate, startOfMerchantDay } from '../../../src-shared/domain/business-date'

/**
 * Where a first sync's recent read starts: the first instant of yesterday's business day in the
 * merchant's zone, so the sessions of the last two business days are read before the history.
 */
export function recentWindowStart(now: number, timeZone: string): number {
  const today = startOfMerchantDay(businessDate(now, timeZone), timeZone)
  return startOfMerchantDay(businessDate(today - 1, timeZone), timeZone)
}
