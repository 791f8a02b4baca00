import { businessDate, startOfMerchantDay } from '../../../src-shared/domain/business-date'

/**
 * Where a first sync's recent read starts: the first instant of the business day before
 * yesterday in the merchant's zone. The sessions of the last two business days are read before
 * the history, with a day before them: a session with no close event is dated by its first
 * activity seen, and one that crossed midnight into yesterday began in that day.
 */
export function recentWindowStart(now: number, timeZone: string): number {
  let start = startOfMerchantDay(businessDate(now, timeZone), timeZone)
  for (let day = 0; day < 2; day++)
    start = startOfMerchantDay(businessDate(start - 1, timeZone), timeZone)
  return start
}
