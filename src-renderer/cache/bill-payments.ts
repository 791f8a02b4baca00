import type { Bill } from '../../src-shared/domain/records'
import type { CachedPayment } from './cached-records'

/**
 * A bill's payments as the payments table keeps them. The table holds exactly these for each bill
 * with its detail: a bill's payments are written and taken away with it (./writes.ts).
 */
export function paymentsOf(bill: Bill): CachedPayment[] {
  return bill.payments.map((p) => ({
    ...p,
    billId: bill.id,
    billType: bill.type,
    locationId: bill.locationId,
  }))
}
