import { z } from 'zod'
import type { Bill, BillLine, LineTax, Payment } from '../../../src-shared/domain/records'
import {
  currencyOrIssue,
  extraFields,
  idText,
  list,
  minorOrIssue,
  optionalIdText,
  optionalText,
  rawAmount,
  timestamp,
} from './tolerant'

/** The names a bill's parts take when the service leaves them out (plain-bill.ts reads the same). */
export const DEFAULT_NAMES = { tax: 'Tax', discount: 'Discount', fee: 'Fee', line: '' } as const

const rawTax = z.looseObject({
  name: z.string().default(DEFAULT_NAMES.tax),
  rate: z.union([z.number(), z.string().transform(Number), z.null()]).optional(),
  amount: rawAmount,
})

const rawLine = z.looseObject({
  id: idText,
  variant_id: optionalIdText,
  name: z.string().default(DEFAULT_NAMES.line),
  quantity: z.union([z.number(), z.string().transform(Number)]).pipe(z.number().finite()),
  unit_price: rawAmount,
  total: rawAmount,
  taxes: list(rawTax),
})

const rawPayment = z.looseObject({
  id: idText,
  method: z.string().min(1),
  amount: rawAmount,
  ref: optionalText,
  created_at: timestamp,
  register_session_id: optionalIdText,
  reversed_at: timestamp.nullish(),
})

export const BILL_FIELDS = [
  'id',
  'number',
  'type',
  'status',
  'location_id',
  'register_session_id',
  'parent_bill_id',
  'currency',
  'total',
  'total_tax',
  'amount_paid',
  'amount_due',
  'created_at',
  'updated_at',
  'lines',
  'discounts',
  'fees',
  'taxes',
  'payments',
  'subtotal',
] as const

const rawBill = z.looseObject({
  id: idText,
  number: z.union([z.string(), z.number()]).transform(String),
  type: z
    .string()
    .transform((t) => t.trim().toLowerCase())
    .pipe(z.enum(['sale', 'refund', 'void'])),
  status: z.string().default(''),
  location_id: idText,
  register_session_id: optionalIdText,
  parent_bill_id: optionalIdText,
  currency: z.string().optional(),
  total: rawAmount,
  total_tax: rawAmount.default(0),
  amount_paid: rawAmount.default(0),
  amount_due: rawAmount.default(0),
  created_at: timestamp,
  updated_at: timestamp,
  subtotal: rawAmount.nullish(),
  lines: z.array(rawLine).nullish(),
  discounts: list(
    z.looseObject({ name: z.string().default(DEFAULT_NAMES.discount), amount: rawAmount }),
  ),
  fees: list(
    z.looseObject({
      name: z.string().default(DEFAULT_NAMES.fee),
      amount: rawAmount,
      taxes: list(rawTax),
    }),
  ),
  taxes: list(rawTax),
  payments: z.array(rawPayment).nullish(),
})

/**
 * The tolerant bill schema: accepts every variation docs/service.md#tolerant-reading lists and
 * produces a `Bill`. `fallbackCurrency` is the merchant's, for a bill that does not name its own.
 */
export function billSchema(fallbackCurrency: string | null): BillSchema {
  let schema = schemas.get(fallbackCurrency)
  if (!schema) schemas.set(fallbackCurrency, (schema = billSchemaAnew(fallbackCurrency)))
  return schema
}

type BillSchema = ReturnType<typeof billSchemaAnew>

/** Built once per currency: building one costs more than reading a plain bill. */
const schemas = new Map<string | null, BillSchema>()

function billSchemaAnew(fallbackCurrency: string | null) {
  return rawBill.transform((raw, ctx): Bill => {
    const resolved = currencyOrIssue(raw.currency ?? fallbackCurrency, ctx)
    if (!resolved) return z.NEVER
    const { currency, exponent } = resolved
    const magnitude = raw.type !== 'sale'
    const money = (value: z.infer<typeof rawAmount>, path: (string | number)[]): number =>
      minorOrIssue(value, exponent, ctx, path, magnitude)
    const taxes = (items: z.infer<typeof rawTax>[], path: (string | number)[]): LineTax[] =>
      items.map((t, i) => ({
        name: t.name,
        rate: t.rate ?? null,
        amount: money(t.amount, [...path, i, 'amount']),
      }))
    const lines: BillLine[] = (raw.lines ?? []).map((l, i) => ({
      id: l.id,
      variantId: l.variant_id,
      name: l.name,
      quantity: magnitude ? Math.abs(l.quantity) : l.quantity,
      unitPrice: money(l.unit_price, ['lines', i, 'unit_price']),
      total: money(l.total, ['lines', i, 'total']),
      taxes: taxes(l.taxes, ['lines', i, 'taxes']),
    }))
    const payments: Payment[] = (raw.payments ?? []).map((p, i) => ({
      id: p.id,
      method: p.method,
      amount: money(p.amount, ['payments', i, 'amount']),
      ref: p.ref,
      createdAt: p.created_at.ms,
      registerSessionId: p.register_session_id,
      reversedAt: p.reversed_at?.ms ?? null,
    }))
    return {
      id: raw.id,
      number: raw.number,
      type: raw.type,
      status: raw.status,
      locationId: raw.location_id,
      registerSessionId: raw.register_session_id,
      parentBillId: raw.parent_bill_id,
      currency,
      total: money(raw.total, ['total']),
      totalTax: money(raw.total_tax, ['total_tax']),
      amountPaid: money(raw.amount_paid, ['amount_paid']),
      amountDue: money(raw.amount_due, ['amount_due']),
      createdAt: raw.created_at.ms,
      updatedAt: raw.updated_at.ms,
      createdAtText: raw.created_at.text,
      updatedAtText: raw.updated_at.text,
      hasDetail: Array.isArray(raw.lines) && Array.isArray(raw.payments),
      subtotal:
        raw.subtotal === null || raw.subtotal === undefined
          ? null
          : money(raw.subtotal, ['subtotal']),
      lines,
      discounts: raw.discounts.map((d, i) => ({
        name: d.name,
        amount: money(d.amount, ['discounts', i, 'amount']),
      })),
      fees: raw.fees.map((f, i) => ({
        name: f.name,
        amount: money(f.amount, ['fees', i, 'amount']),
        taxes: taxes(f.taxes, ['fees', i, 'taxes']),
      })),
      taxes: taxes(raw.taxes, ['taxes']),
      payments,
      extra: extraFields(raw, BILL_FIELDS),
    }
  })
}
