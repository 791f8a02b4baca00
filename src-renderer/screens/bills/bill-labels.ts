import type { BillType } from '../../../src-shared/domain/records'
import type { PaymentState } from '../../cache/records'

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
