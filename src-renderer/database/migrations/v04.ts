import type { Migration } from './migration'
import { billFacets, type BillRow } from './v03-bill-facets'
import { BILLS_V3 } from './v03'

/** Bills that break an identity of their amounts, listed by a sparse index for the Problems screen. */
export const v04: Migration = {
  version: 4,
  stores: { bills: `${BILLS_V3}, brokenIdentity` },
  upgrade: (tx) =>
    tx
      .table('bills')
      .toCollection()
      .modify((bill: BillRow) => {
        delete bill.brokenIdentity
        Object.assign(bill, billFacets(bill))
      }),
}
