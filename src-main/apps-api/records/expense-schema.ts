import { z } from 'zod'
import type { Expense } from '../../../src-shared/domain/records'
import {
  currencyOrIssue,
  extraFields,
  idText,
  minorOrIssue,
  optionalIdText,
  optionalText,
  rawAmount,
  timestamp,
} from './tolerant'

const EXPENSE_FIELDS = [
  'id',
  'number',
  'location_id',
  'register_session_id',
  'category',
  'description',
  'supplier',
  'amount',
  'tax_amount',
  'payment_method',
  'expense_date',
  'created_at',
  'updated_at',
  'currency',
] as const

const rawExpense = z.looseObject({
  id: idText,
  number: z.union([z.string(), z.number()]).transform(String).default(''),
  location_id: idText,
  register_session_id: optionalIdText,
  category: z.string().default('Uncategorised'),
  description: z.string().default(''),
  supplier: optionalText,
  currency: z.string().optional(),
  amount: rawAmount,
  tax_amount: rawAmount.default(0),
  payment_method: z.string().min(1),
  expense_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'expense_date is not a date')
    .transform((d) => d.slice(0, 10)),
  created_at: timestamp,
  updated_at: timestamp,
})

/** The tolerant expense schema. Expenses rarely name a currency: the merchant's is the default. */
export function expenseSchema(merchantCurrency: string | null) {
  return rawExpense.transform((raw, ctx): Expense => {
    const resolved = currencyOrIssue(raw.currency ?? merchantCurrency, ctx)
    if (!resolved) return z.NEVER
    const { currency, exponent } = resolved
    return {
      id: raw.id,
      number: raw.number,
      locationId: raw.location_id,
      registerSessionId: raw.register_session_id,
      category: raw.category,
      description: raw.description,
      supplier: raw.supplier,
      currency,
      amount: minorOrIssue(raw.amount, exponent, ctx, ['amount']),
      taxAmount: minorOrIssue(raw.tax_amount, exponent, ctx, ['tax_amount']),
      paymentMethod: raw.payment_method,
      expenseDate: raw.expense_date,
      createdAt: raw.created_at.ms,
      updatedAt: raw.updated_at.ms,
      createdAtText: raw.created_at.text,
      updatedAtText: raw.updated_at.text,
      extra: extraFields(raw, EXPENSE_FIELDS),
    }
  })
}
