import { currencyExponent, MoneyError, toMinorUnits } from '../../../src-shared/domain/money'
import { recordIdProblem } from '../../../src-shared/domain/record-id'
import type { Bill, BillLine, LineTax, Payment } from '../../../src-shared/domain/records'
import { BILL_FIELDS, DEFAULT_NAMES } from './bill-schema'
import { extraFields, isoTime, type ServiceTime } from './tolerant'

/**
 * A bill in the plain shape the service sends nearly always (ids as text, amounts as JSON
 * numbers, ISO times, arrays or nothing), read without zod: the tolerant schema's reading of such
 * a bill costs main several times more, once a bill in a first sync. Anything else, the
 * variations the schema accepts as well as what it refuses, gives null, and the schema reads it
 * and names what is wrong. A property test holds the two to the same Bill.
 */

/** Thrown inside a reading to hand the bill to the schema; never leaves this module. */
class NotPlain extends Error {}
const notPlain = new NotPlain()

type Fields = Record<string, unknown>

function object(value: unknown): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw notPlain
  return value as Fields
}

function text(value: unknown, missing?: string): string {
  if (typeof value === 'string') return value
  if (value === undefined && missing !== undefined) return missing
  throw notPlain
}

function nonEmpty(value: string): string {
  if (value === '') throw notPlain
  return value
}

function id(value: unknown): string {
  if (typeof value !== 'string' || value === '' || recordIdProblem(value)) throw notPlain
  return value
}

function optionalId(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : id(value)
}

function list(value: unknown): unknown[] {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) throw notPlain
  return value
}

function time(value: unknown): ServiceTime {
  const read = typeof value === 'string' ? isoTime(value) : null
  if (read === null || typeof read === 'string') throw notPlain
  return read
}

/** The bill's money in minor units; refunds and voids as magnitudes, as the schema keeps them. */
function amounts(exponent: number, magnitude: boolean) {
  return (value: unknown, missing?: number): number => {
    if (value === undefined && missing !== undefined) return missing
    if (typeof value !== 'number' || !Number.isFinite(value)) throw notPlain
    try {
      const minor = toMinorUnits(value, exponent)
      return magnitude ? Math.abs(minor) : minor
    } catch (error) {
      if (error instanceof MoneyError) throw notPlain
      throw error
    }
  }
}

export function readPlainBill(raw: unknown, fallbackCurrency: string | null): Bill | null {
  try {
    return plainBill(object(raw), fallbackCurrency)
  } catch (error) {
    if (error instanceof NotPlain) return null
    throw error
  }
}

function plainBill(raw: Fields, fallbackCurrency: string | null): Bill {
  const type = raw.type
  if (type !== 'sale' && type !== 'refund' && type !== 'void') throw notPlain
  const currencyText = raw.currency === undefined ? fallbackCurrency : text(raw.currency)
  const currency = (currencyText ?? '').toUpperCase()
  let exponent: number
  try {
    exponent = currencyExponent(currency)
  } catch {
    throw notPlain
  }
  const magnitude = type !== 'sale'
  const money = amounts(exponent, magnitude)
  const taxes = (value: unknown): LineTax[] =>
    list(value).map((item) => {
      const tax = object(item)
      const rate = tax.rate
      if (
        rate !== null &&
        rate !== undefined &&
        !(typeof rate === 'number' && Number.isFinite(rate))
      )
        throw notPlain
      return {
        name: text(tax.name, DEFAULT_NAMES.tax),
        rate: rate ?? null,
        amount: money(tax.amount),
      }
    })
  const lines = raw.lines === undefined || raw.lines === null ? null : list(raw.lines)
  const payments = raw.payments === undefined || raw.payments === null ? null : list(raw.payments)
  const createdAt = time(raw.created_at)
  const updatedAt = time(raw.updated_at)
  return {
    id: id(raw.id),
    number: text(raw.number),
    type,
    status: text(raw.status, ''),
    locationId: id(raw.location_id),
    registerSessionId: optionalId(raw.register_session_id),
    parentBillId: optionalId(raw.parent_bill_id),
    currency,
    total: money(raw.total),
    totalTax: money(raw.total_tax, 0),
    amountPaid: money(raw.amount_paid, 0),
    amountDue: money(raw.amount_due, 0),
    createdAt: createdAt.ms,
    updatedAt: updatedAt.ms,
    createdAtText: createdAt.text,
    updatedAtText: updatedAt.text,
    hasDetail: lines !== null && payments !== null,
    subtotal: raw.subtotal === null || raw.subtotal === undefined ? null : money(raw.subtotal),
    lines: (lines ?? []).map((item): BillLine => {
      const line = object(item)
      const quantity = line.quantity
      if (typeof quantity !== 'number' || !Number.isFinite(quantity)) throw notPlain
      return {
        id: id(line.id),
        variantId: optionalId(line.variant_id),
        name: text(line.name, DEFAULT_NAMES.line),
        quantity: magnitude ? Math.abs(quantity) : quantity,
        unitPrice: money(line.unit_price),
        total: money(line.total),
        taxes: taxes(line.taxes),
      }
    }),
    discounts: list(raw.discounts).map((item) => {
      const discount = object(item)
      return { name: text(discount.name, DEFAULT_NAMES.discount), amount: money(discount.amount) }
    }),
    fees: list(raw.fees).map((item) => {
      const fee = object(item)
      return {
        name: text(fee.name, DEFAULT_NAMES.fee),
        amount: money(fee.amount),
        taxes: taxes(fee.taxes),
      }
    }),
    taxes: taxes(raw.taxes),
    payments: (payments ?? []).map((item): Payment => {
      const payment = object(item)
      const ref = payment.ref
      if (ref !== null && ref !== undefined && typeof ref !== 'string') throw notPlain
      const reversedAt = payment.reversed_at
      return {
        id: id(payment.id),
        method: nonEmpty(text(payment.method)),
        amount: money(payment.amount),
        ref: ref ?? null,
        createdAt: time(payment.created_at).ms,
        registerSessionId: optionalId(payment.register_session_id),
        reversedAt: reversedAt === null || reversedAt === undefined ? null : time(reversedAt).ms,
      }
    }),
    extra: extraFields(raw, BILL_FIELDS),
  }
}
