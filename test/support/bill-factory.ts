import type { Bill, BillType, Payment } from '../../src-shared/domain/records'

/** Small hand-made bills that keep the bill identities unless a test breaks one on purpose. */

export interface PaymentSpec {
  method: string
  amount: number
  /** Defaults to the bill's session. */
  session?: string
  reversed?: boolean
}

export interface BillSpec {
  id: string
  type?: BillType
  session: string
  parent?: string
  /** Epoch ms. */
  at?: number
  updatedAt?: number
  /** Line totals, tax-inclusive; each carries 10 % VAT, rounded down. */
  lines: number[]
  discount?: number
  fee?: number
  payments?: PaymentSpec[]
}

export const VAT = { name: 'VAT', rate: 10 }

export function makeBill(spec: BillSpec): Bill {
  const at = spec.at ?? Date.UTC(2026, 10, 20, 3, 0)
  const discount = spec.discount ?? 0
  const fee = spec.fee ?? 0
  const total = spec.lines.reduce((a, b) => a + b, 0) - discount + fee
  const tax = Math.floor((total * VAT.rate) / (100 + VAT.rate))
  const payments: Payment[] = (spec.payments ?? []).map((p, i) => ({
    id: `${spec.id}-P${i + 1}`,
    method: p.method,
    amount: p.amount,
    ref: null,
    createdAt: at,
    registerSessionId: p.session ?? spec.session,
    reversedAt: p.reversed ? at + 60_000 : null,
  }))
  const paid = payments.filter((p) => p.reversedAt === null).reduce((a, p) => a + p.amount, 0)
  return {
    id: spec.id,
    number: `B-${spec.id}`,
    type: spec.type ?? 'sale',
    status: 'paid',
    locationId: '101',
    registerSessionId: spec.session,
    parentBillId: spec.parent ?? null,
    currency: 'USD',
    total,
    totalTax: tax,
    amountPaid: paid,
    amountDue: total - paid,
    createdAt: at,
    updatedAt: spec.updatedAt ?? at,
    createdAtText: new Date(at).toISOString(),
    updatedAtText: new Date(spec.updatedAt ?? at).toISOString(),
    hasDetail: true,
    subtotal: spec.lines.reduce((a, b) => a + b, 0),
    lines: spec.lines.map((amount, i) => ({
      id: `${spec.id}-L${i + 1}`,
      variantId: null,
      name: `Item ${i + 1}`,
      quantity: 1,
      unitPrice: amount,
      total: amount,
      taxes: [],
    })),
    discounts: discount ? [{ name: 'Promo', amount: discount }] : [],
    fees: fee ? [{ name: 'Service', amount: fee, taxes: [] }] : [],
    taxes: tax ? [{ ...VAT, amount: tax }] : [],
    payments,
    extra: {},
  }
}
