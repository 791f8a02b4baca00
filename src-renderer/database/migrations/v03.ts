import type { Migration } from './migration'
import { billFacets, type BillRow } from './v03-bill-facets'
import { SCHEMA_V1 } from './v01'

export const BILLS_V3 = `${SCHEMA_V1.bills}, [registerSessionId+createdAt], createdAt, numberKey, total, paymentState, *methods`

/**
 * What the Bills screen sorts and filters on over a million bills, each from an index (time,
 * number, total, payment state, payment methods), and reconciled sessions.
 */
export const v03: Migration = {
  version: 3,
  stores: {
    bills: BILLS_V3,
    reconciliations: 'sessionId, reconciledAt',
  },
  upgrade: (tx) =>
    tx
      .table('bills')
      .toCollection()
      .modify((bill: BillRow) => Object.assign(bill, billFacets(bill))),
}
