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

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  qris: 'QRIS',
  bank_transfer: 'Bank transfer',
  e_wallet: 'E-wallet',
}

/** A payment method's name; one Till does not know is shown as the service sent it. */
export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method
}
