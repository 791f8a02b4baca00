import type { BillType } from '../../../../src-shared/domain/records'
import type { CachedBill, PaymentState } from '../../../database/cached-records'

export const TYPE_LABELS: Record<BillType, string> = {
  sale: 'Sale',
  refund: 'Refund',
  void: 'Void',
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  partly_paid: 'Partly paid',
  unpaid: 'Unpaid',
}

/**
 * A bill's state in words: a sale by what was paid against it; a refund or a void by what it is
 * (its payments go out, so "Paid" would read as money in).
 */
export function billStateLabel(bill: Pick<CachedBill, 'type' | 'paymentState'>): string {
  if (bill.type === 'refund') return 'Refunded'
  if (bill.type === 'void') return 'Voided'
  return PAYMENT_STATE_LABELS[bill.paymentState]
}

/** Every word billStateLabel may say. */
export const BILL_STATE_WORDS: readonly string[] = [
  ...Object.values(PAYMENT_STATE_LABELS),
  'Refunded',
  'Voided',
]

/**
 * An amount of the bill as money moves: the service gives refund and void amounts as magnitudes,
 * Till shows them going out (negative).
 */
export function signedAmount(bill: Pick<CachedBill, 'type'>, magnitude: number): number {
  return bill.type === 'sale' || magnitude === 0 ? magnitude : -magnitude
}
