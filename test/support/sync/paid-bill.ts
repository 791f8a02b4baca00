import type { Bill } from '../../../src-shared/domain/records'

/** Bill `n` of a sync test's service: a paid sale at loc-1, one second after bill n − 1. */
export function paidBill(n: number, more: Partial<Bill> = {}): Bill {
  const at = Date.parse('2026-11-20T10:00:00Z') + n * 1000
  const text = new Date(at).toISOString()
  return {
    id: String(n),
    number: `B-${n}`,
    type: 'sale',
    status: 'paid',
    locationId: 'loc-1',
    registerSessionId: 'rs-1',
    parentBillId: null,
    currency: 'USD',
    total: 500,
    totalTax: 0,
    amountPaid: 500,
    amountDue: 0,
    createdAt: at,
    updatedAt: at,
    createdAtText: text,
    updatedAtText: text,
    hasDetail: true,
    subtotal: 500,
    lines: [],
    discounts: [],
    fees: [],
    taxes: [],
    payments: [],
    extra: {},
    ...more,
  }
}
