import { sumMinor } from '../../../../src-shared/domain/money'
import type {
  Bill,
  BillType,
  Expense,
  LineTax,
  Payment,
} from '../../../../src-shared/domain/records'
import { isoInstant } from './dates'
import { decimal, money, writeCsv, type CsvColumn } from './csv'
import { flatMapBatches, type Batches, type OutputChunk } from './output'

/**
 * bills.csv, bill_lines.csv, payments.csv and expenses.csv
 * (docs/ledger.md#record-and-session-tables): one row per record, the fields as main delivers them
 * flattened, ids first. A bill's discounts, fees and taxes are rows of bill_lines.csv beside its
 * lines (`kind` tells them apart), so every field has a column.
 */

export type BillRow = Bill & { businessDate: string }

/** A payment with what its row shows of its bill (a CachedPayment plus the currency). */
export type PaymentRow = Payment & {
  billId: string
  billType: BillType
  locationId: string
  currency: string
}

interface BillLineRow {
  bill: Bill
  kind: 'line' | 'discount' | 'fee' | 'tax'
  /** 1-based, within the bill and kind, in the service's order. */
  position: number
  lineId: string | null
  variantId: string | null
  name: string
  quantity: number | null
  unitPrice: number | null
  amount: number
  taxRate: number | null
  taxes: readonly LineTax[]
}

const BILL_COLUMNS: CsvColumn<BillRow>[] = [
  { header: 'id', cell: (b) => b.id },
  { header: 'parent_bill_id', cell: (b) => b.parentBillId },
  { header: 'location_id', cell: (b) => b.locationId },
  { header: 'register_session_id', cell: (b) => b.registerSessionId },
  { header: 'number', cell: (b) => b.number },
  { header: 'type', cell: (b) => b.type },
  { header: 'status', cell: (b) => b.status },
  { header: 'business_date', cell: (b) => b.businessDate },
  { header: 'currency', cell: (b) => b.currency },
  { header: 'subtotal', cell: (b) => (b.subtotal === null ? null : money(b.subtotal, b.currency)) },
  { header: 'total', cell: (b) => money(b.total, b.currency) },
  { header: 'total_tax', cell: (b) => money(b.totalTax, b.currency) },
  { header: 'amount_paid', cell: (b) => money(b.amountPaid, b.currency) },
  { header: 'amount_due', cell: (b) => money(b.amountDue, b.currency) },
  { header: 'created_at', cell: (b) => b.createdAtText },
  { header: 'updated_at', cell: (b) => b.updatedAtText },
]

function taxesText(taxes: readonly LineTax[], currency: string): string | null {
  if (taxes.length === 0) return null
  return taxes
    .map((t) => {
      const rate = t.rate === null ? '' : ` (${decimal(t.rate).number})`
      return `${t.name}${rate}: ${money(t.amount, currency).number}`
    })
    .join('; ')
}

const BILL_LINE_COLUMNS: CsvColumn<BillLineRow>[] = [
  { header: 'bill_id', cell: (r) => r.bill.id },
  { header: 'line_id', cell: (r) => r.lineId },
  { header: 'kind', cell: (r) => r.kind },
  { header: 'position', cell: (r) => decimal(r.position) },
  { header: 'name', cell: (r) => r.name },
  { header: 'variant_id', cell: (r) => r.variantId },
  { header: 'quantity', cell: (r) => (r.quantity === null ? null : decimal(r.quantity)) },
  {
    header: 'unit_price',
    cell: (r) => (r.unitPrice === null ? null : money(r.unitPrice, r.bill.currency)),
  },
  { header: 'amount', cell: (r) => money(r.amount, r.bill.currency) },
  { header: 'tax_rate', cell: (r) => (r.taxRate === null ? null : decimal(r.taxRate)) },
  {
    header: 'tax_amount',
    cell: (r) =>
      r.taxes.length === 0 ? null : money(sumMinor(r.taxes.map((t) => t.amount)), r.bill.currency),
  },
  { header: 'taxes', cell: (r) => taxesText(r.taxes, r.bill.currency) },
  { header: 'currency', cell: (r) => r.bill.currency },
]

function billLineRows(bill: Bill): BillLineRow[] {
  const none = { lineId: null, variantId: null, quantity: null, unitPrice: null, taxRate: null }
  return [
    ...bill.lines.map((line, index) => ({
      bill,
      kind: 'line' as const,
      position: index + 1,
      lineId: line.id,
      variantId: line.variantId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.total,
      taxRate: null,
      taxes: line.taxes,
    })),
    ...bill.discounts.map((discount, index) => ({
      ...none,
      bill,
      kind: 'discount' as const,
      position: index + 1,
      name: discount.name,
      amount: discount.amount,
      taxes: [],
    })),
    ...bill.fees.map((fee, index) => ({
      ...none,
      bill,
      kind: 'fee' as const,
      position: index + 1,
      name: fee.name,
      amount: fee.amount,
      taxes: fee.taxes,
    })),
    ...bill.taxes.map((tax, index) => ({
      ...none,
      bill,
      kind: 'tax' as const,
      position: index + 1,
      name: tax.name,
      amount: tax.amount,
      taxRate: tax.rate,
      taxes: [],
    })),
  ]
}

const PAYMENT_COLUMNS: CsvColumn<PaymentRow>[] = [
  { header: 'id', cell: (p) => p.id },
  { header: 'bill_id', cell: (p) => p.billId },
  { header: 'location_id', cell: (p) => p.locationId },
  { header: 'register_session_id', cell: (p) => p.registerSessionId },
  { header: 'bill_type', cell: (p) => p.billType },
  { header: 'method', cell: (p) => p.method },
  { header: 'amount', cell: (p) => money(p.amount, p.currency) },
  { header: 'currency', cell: (p) => p.currency },
  { header: 'ref', cell: (p) => p.ref },
  { header: 'created_at', cell: (p) => isoInstant(p.createdAt) },
  { header: 'reversed_at', cell: (p) => isoInstant(p.reversedAt) },
]

const EXPENSE_COLUMNS: CsvColumn<Expense>[] = [
  { header: 'id', cell: (e) => e.id },
  { header: 'location_id', cell: (e) => e.locationId },
  { header: 'register_session_id', cell: (e) => e.registerSessionId },
  { header: 'number', cell: (e) => e.number },
  { header: 'category', cell: (e) => e.category },
  { header: 'description', cell: (e) => e.description },
  { header: 'supplier', cell: (e) => e.supplier },
  { header: 'currency', cell: (e) => e.currency },
  { header: 'amount', cell: (e) => money(e.amount, e.currency) },
  { header: 'tax_amount', cell: (e) => money(e.taxAmount, e.currency) },
  { header: 'payment_method', cell: (e) => e.paymentMethod },
  { header: 'expense_date', cell: (e) => e.expenseDate },
  { header: 'created_at', cell: (e) => e.createdAtText },
  { header: 'updated_at', cell: (e) => e.updatedAtText },
]

export function writeBillsCsv(bills: Batches<BillRow>): AsyncGenerator<OutputChunk> {
  return writeCsv(BILL_COLUMNS, bills)
}

export function writeBillLinesCsv(bills: Batches<Bill>): AsyncGenerator<OutputChunk> {
  return writeCsv(BILL_LINE_COLUMNS, flatMapBatches(bills, billLineRows))
}

export function writePaymentsCsv(payments: Batches<PaymentRow>): AsyncGenerator<OutputChunk> {
  return writeCsv(PAYMENT_COLUMNS, payments)
}

export function writeExpensesCsv(expenses: Batches<Expense>): AsyncGenerator<OutputChunk> {
  return writeCsv(EXPENSE_COLUMNS, expenses)
}
