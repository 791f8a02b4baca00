import type { BillLine, Expense, Payment } from '../../../src-shared/domain/records'
import type { JournalBill } from '../../../src-renderer/exports/rules/journal'

/** Hand-made records for examples worked out by hand. */

export const T0 = Date.UTC(2026, 10, 20, 3) // 10:00 in Jakarta, 2026-11-20

export function payment(
  id: string,
  method: string,
  amount: number,
  more: Partial<Payment> = {},
): Payment {
  return {
    id,
    method,
    amount,
    ref: null,
    createdAt: T0,
    registerSessionId: 's1',
    reversedAt: null,
    ...more,
  }
}

export function line(id: string, total: number, tax: number): BillLine {
  return {
    id,
    variantId: null,
    name: id,
    quantity: 1,
    unitPrice: total,
    total,
    taxes: tax === 0 ? [] : [{ name: 'VAT', rate: 10, amount: tax }],
  }
}

/**
 * Sale 1023 in session s1: lines 1100 (VAT 100) + 550 (VAT 50), discount 165, service fee 200
 * (VAT 18); VAT after the discount 153; total 1685, paid 1000 by card and 500 in cash.
 */
export function sale(more: Partial<JournalBill> = {}): JournalBill {
  return {
    id: 'b1',
    number: '1023',
    type: 'sale',
    status: 'closed',
    locationId: 'loc1',
    registerSessionId: 's1',
    parentBillId: null,
    currency: 'USD',
    total: 1685,
    totalTax: 153,
    amountPaid: 1500,
    amountDue: 185,
    createdAt: T0,
    updatedAt: T0,
    createdAtText: '2026-11-20T10:00:00+07:00',
    updatedAtText: '2026-11-20T10:00:00+07:00',
    hasDetail: true,
    subtotal: null,
    lines: [line('l1', 1100, 100), line('l2', 550, 50)],
    discounts: [{ name: 'Promo', amount: 165 }],
    fees: [{ name: 'Service', amount: 200, taxes: [{ name: 'VAT', rate: 10, amount: 18 }] }],
    taxes: [{ name: 'VAT', rate: 10, amount: 153 }],
    payments: [payment('p1', 'card', 1000), payment('p2', 'cash', 500)],
    extra: {},
    businessDate: '2026-11-20',
    ...more,
  }
}

export function expense(more: Partial<Expense> = {}): Expense {
  return {
    id: 'e1',
    number: 'EXP-1',
    locationId: 'loc1',
    registerSessionId: 's1',
    category: 'Supplies',
    description: 'Paper',
    supplier: 'Toko Maju',
    currency: 'USD',
    amount: 2_500,
    taxAmount: 0,
    paymentMethod: 'cash',
    expenseDate: '2026-11-20',
    createdAt: T0,
    updatedAt: T0,
    createdAtText: '2026-11-20T10:00:00+07:00',
    updatedAtText: '2026-11-20T10:00:00+07:00',
    extra: {},
    ...more,
  }
}
