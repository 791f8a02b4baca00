import type { TillDatabase } from '../../src-renderer/database/database'
import { billFacets } from '../../src-renderer/sessions/tables/bill-facets'
import { paymentIndexChange } from '../../src-renderer/sessions/tables/bill-payments'
import type { JournalBill } from '../../src-renderer/exports/rules/journal'

/**
 * Puts bills into the cache as its write leaves them for the readers: with the Bills screen's
 * facets, and an entry in the payment index for each paid in another session or reversed.
 */
export async function putCachedBills(
  db: TillDatabase,
  bills: readonly JournalBill[],
): Promise<void> {
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.billPaymentIndex.bulkPut(
    bills.flatMap((b) => {
      const change = paymentIndexChange(undefined, b)
      return change && 'put' in change ? [change.put] : []
    }),
  )
}
