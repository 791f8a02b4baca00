import type { Migration } from './migration'
import { billFacets, type BillRow } from './v03-bill-facets'

/**
 * The names people give locations in Settings (the API has none). Refunds and voids flagged for
 * amount_due = total − amount_paid, an identity of sales only, are judged again.
 */
export const v13: Migration = {
  version: 13,
  stores: { locationNames: 'locationId' },
  upgrade: (tx) =>
    tx
      .table('bills')
      .where('brokenIdentity')
      .equals(1)
      .modify((bill: BillRow) => {
        if (bill.type === 'sale') return
        delete bill.brokenIdentity
        Object.assign(bill, billFacets(bill))
      }),
}
