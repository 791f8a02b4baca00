import { z } from 'zod'

/**
 * A bill, payment or expense as Till keeps it after validation: ids as text, money as integer
 * minor units, times as epoch milliseconds (with the service's original text kept in `raw`
 * fields where it matters). Refund and void amounts are magnitudes; the type gives direction.
 */

const minor = z.number().int()
const epochMs = z.number().int()

export const billType = z.enum(['sale', 'refund', 'void'])
export type BillType = z.infer<typeof billType>

const lineTax = z.object({ name: z.string(), rate: z.number().nullable(), amount: minor })
export type LineTax = z.infer<typeof lineTax>

const billLine = z.object({
  id: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: minor,
  total: minor,
  taxes: z.array(lineTax),
})
export type BillLine = z.infer<typeof billLine>

const billDiscount = z.object({ name: z.string(), amount: minor })
const billFee = z.object({ name: z.string(), amount: minor, taxes: z.array(lineTax) })

const payment = z.object({
  id: z.string(),
  method: z.string(),
  amount: minor,
  ref: z.string().nullable(),
  createdAt: epochMs,
  registerSessionId: z.string().nullable(),
  reversedAt: epochMs.nullable(),
})
export type Payment = z.infer<typeof payment>

export const bill = z.object({
  id: z.string(),
  number: z.string(),
  type: billType,
  status: z.string(),
  locationId: z.string(),
  registerSessionId: z.string().nullable(),
  parentBillId: z.string().nullable(),
  currency: z.string(),
  total: minor,
  totalTax: minor,
  amountPaid: minor,
  amountDue: minor,
  createdAt: epochMs,
  updatedAt: epochMs,
  /** The service's own time texts, offset included, for display and export. */
  createdAtText: z.string(),
  updatedAtText: z.string(),
  /** False for a list summary: lines, taxes, discounts, fees and payments not known yet. */
  hasDetail: z.boolean(),
  subtotal: minor.nullable(),
  lines: z.array(billLine),
  discounts: z.array(billDiscount),
  fees: z.array(billFee),
  taxes: z.array(lineTax),
  payments: z.array(payment),
  /** Fields the service sent beyond those Till knows, kept as they came. */
  extra: z.record(z.string(), z.unknown()),
})
export type Bill = z.infer<typeof bill>

export const expense = z.object({
  id: z.string(),
  number: z.string(),
  locationId: z.string(),
  registerSessionId: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  supplier: z.string().nullable(),
  currency: z.string(),
  amount: minor,
  taxAmount: minor,
  paymentMethod: z.string(),
  /** The expense's own date (YYYY-MM-DD) as the service gave it. */
  expenseDate: z.string(),
  createdAt: epochMs,
  updatedAt: epochMs,
  createdAtText: z.string(),
  updatedAtText: z.string(),
  extra: z.record(z.string(), z.unknown()),
})
export type Expense = z.infer<typeof expense>

/**
 * A record that failed validation: kept raw with the reason, never given to the ledger. `merchant`
 * is a fact about the shop (currency, time zone) a live update gave in a form Till cannot use.
 */
export const quarantinedRecord = z.object({
  kind: z.enum(['bill', 'expense', 'merchant']),
  id: z.string().nullable(),
  reason: z.string(),
  raw: z.unknown(),
})
export type QuarantinedRecord = z.infer<typeof quarantinedRecord>
