import type { Bill } from '../../../src-shared/domain/records'
import type { CachedBill } from '../../database/cached-records'
import { checkBillIdentities } from '../../day-close/rules/day-close'

/** The derived fields the Bills screen filters and sorts on. */
export function billFacets(
  bill: Bill,
): Pick<CachedBill, 'paymentState' | 'methods' | 'numberKey' | 'brokenIdentity'> {
  const live = bill.payments.filter((p) => p.reversedAt === null)
  const paid = live.reduce((sum, p) => sum + p.amount, 0)
  const settled = bill.hasDetail ? paid : bill.amountPaid
  return {
    paymentState: settled >= bill.total ? 'paid' : settled > 0 ? 'partly_paid' : 'unpaid',
    methods: [...new Set(live.map((p) => p.method))].sort(),
    numberKey: bill.number.toLowerCase(),
    ...(checkBillIdentities(bill).length > 0 ? { brokenIdentity: 1 as const } : {}),
  }
}
