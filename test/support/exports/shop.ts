import fc from 'fast-check'
import { businessDate } from '../../../src-shared/domain/business-date'
import type { BillLine, Expense, LineTax, Payment } from '../../../src-shared/domain/records'
import type { JournalBill } from '../../../src-renderer/exports/rules/journal'
import type { SessionSummaryInput } from '../../../src-renderer/exports/rules/session-summary'

type SessionInfo = SessionSummaryInput['session']
type SessionPayment = SessionSummaryInput['payments'][number]

/**
 * A generated shop: register sessions over two locations, sales with random lines, line and fee
 * taxes, discounts, fees, split, partial, late and reversed payments (taken in the bill's
 * session, another one or none), refunds and voids with their own payments, and expenses, in a
 * currency with 0, 2 or 3 decimals.
 */

export const TIME_ZONE = 'Asia/Jakarta'
export const TAX_NAMES = ['VAT', 'PB1 10%', 'Service, "tax"', 'Pajak é:Daerah']
export const METHODS = ['cash', 'card', 'qris', 'bank_transfer', 'e_wallet', 'voucher']
export const CATEGORIES = ['Supplies', 'Rent; utilities', '=cmd|calc']
export const CURRENCIES = ['IDR', 'USD', 'KWD']

const DAY = 86_400_000
const START = Date.UTC(2026, 10, 20, 1)

export interface Shop {
  currency: string
  sessions: SessionInfo[]
  bills: JournalBill[]
  expenses: Expense[]
}

const taxSpec = fc.record({ name: fc.constantFrom(...TAX_NAMES), amount: fc.nat(20_000) })
const paymentSpec = fc.record({
  method: fc.constantFrom(...METHODS),
  share: fc.integer({ min: 1, max: 100 }),
  /** 0: the bill's own session, 1..: another session, -1: none. */
  session: fc.integer({ min: -1, max: 3 }),
  reversed: fc.boolean(),
})
const billSpec = fc.record({
  session: fc.integer({ min: -1, max: 3 }),
  location: fc.nat(1),
  lines: fc.array(
    fc.record({ total: fc.nat(200_000), taxes: fc.array(taxSpec, { maxLength: 2 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  discounts: fc.array(fc.nat(50_000), { maxLength: 2 }),
  fees: fc.array(
    fc.record({ amount: fc.nat(20_000), taxes: fc.array(taxSpec, { maxLength: 1 }) }),
    {
      maxLength: 2,
    },
  ),
  taxes: fc.array(taxSpec, { maxLength: 3 }),
  payments: fc.array(paymentSpec, { maxLength: 3 }),
  /** Nonzero: the service's total is off by this many minor units. */
  rounding: fc.integer({ min: -50, max: 50 }),
  refund: fc.option(
    fc.record({
      lines: fc.integer({ min: 1, max: 4 }),
      session: fc.integer({ min: -1, max: 3 }),
      payments: fc.array(paymentSpec, { maxLength: 2 }),
    }),
  ),
  voided: fc.option(fc.record({ payments: fc.array(paymentSpec, { maxLength: 2 }) })),
})
const expenseSpec = fc.record({
  session: fc.integer({ min: -1, max: 3 }),
  location: fc.nat(1),
  category: fc.constantFrom(...CATEGORIES),
  method: fc.constantFrom(...METHODS),
  amount: fc.nat(100_000),
  taxShare: fc.integer({ min: 0, max: 20 }),
})

type BillSpec = typeof billSpec extends fc.Arbitrary<infer T> ? T : never
type PaymentSpec = typeof paymentSpec extends fc.Arbitrary<infer T> ? T : never

export function shopArbitrary(options: {
  consistent: boolean
  currency?: string
}): fc.Arbitrary<Shop> {
  return fc
    .record({
      currency: options.currency ? fc.constant(options.currency) : fc.constantFrom(...CURRENCIES),
      sessionCount: fc.integer({ min: 1, max: 4 }),
      bills: fc.array(billSpec, { maxLength: 8 }),
      expenses: fc.array(expenseSpec, { maxLength: 3 }),
    })
    .map((spec) => buildShop(spec, options.consistent))
}

function sessionAt(sessions: SessionInfo[], choice: number, own: string | null): string | null {
  if (choice < 0) return null
  if (choice === 0 && own !== null) return own
  return sessions[choice % sessions.length]?.id ?? null
}

function buildShop(
  spec: {
    currency: string
    sessionCount: number
    bills: BillSpec[]
    expenses: (typeof expenseSpec extends fc.Arbitrary<infer T> ? T : never)[]
  },
  consistent: boolean,
): Shop {
  const sessions: SessionInfo[] = Array.from({ length: spec.sessionCount }, (_, i) => ({
    id: `s${i + 1}`,
    locationId: `loc${(i % 2) + 1}`,
    businessDate: businessDate(START + i * DAY, TIME_ZONE),
  }))
  const bills: JournalBill[] = []
  spec.bills.forEach((billSpec, i) => {
    const sale = saleBill(`b${i + 1}`, billSpec, sessions, spec.currency, consistent)
    bills.push(sale)
    if (billSpec.refund) {
      const lines = sale.lines.slice(0, billSpec.refund.lines)
      const total = lines.reduce((sum, l) => sum + l.total, 0)
      const taxes = lines.flatMap((l) => l.taxes)
      bills.push(
        childBill(sale, 'refund', {
          id: `${sale.id}-r`,
          session: sessionAt(sessions, billSpec.refund.session, sale.registerSessionId),
          lines,
          discounts: [],
          fees: [],
          taxes,
          total,
          payments: billSpec.refund.payments,
          sessions,
        }),
      )
    }
    if (billSpec.voided)
      bills.push(
        childBill(sale, 'void', {
          id: `${sale.id}-v`,
          session: sale.registerSessionId,
          lines: sale.lines,
          discounts: sale.discounts,
          fees: sale.fees,
          taxes: sale.taxes,
          total: sale.total,
          payments: billSpec.voided.payments,
          sessions,
        }),
      )
  })
  const expenses: Expense[] = spec.expenses.map((e, i) => {
    const session = sessionAt(sessions, e.session, null)
    const created = START + i * 3_600_000
    return {
      id: `e${i + 1}`,
      number: `EXP-${i + 1}`,
      locationId: sessions.find((s) => s.id === session)?.locationId ?? `loc${e.location + 1}`,
      registerSessionId: session,
      category: e.category,
      description: `Bought, "things"\nfor ${e.category}`,
      supplier: i % 2 === 0 ? 'Toko Maju' : null,
      currency: spec.currency,
      amount: e.amount,
      taxAmount: Math.floor((e.amount * e.taxShare) / 100),
      paymentMethod: e.method,
      expenseDate: businessDate(created, TIME_ZONE),
      createdAt: created,
      updatedAt: created,
      createdAtText: new Date(created).toISOString(),
      updatedAtText: new Date(created).toISOString(),
      extra: {},
    }
  })
  return { currency: spec.currency, sessions, bills, expenses }
}

function lineTaxes(specs: { name: string; amount: number }[], cap: number): LineTax[] {
  return specs.map((t) => ({ name: t.name, rate: 10, amount: Math.min(t.amount, cap) }))
}

function payments(
  billId: string,
  specs: PaymentSpec[],
  total: number,
  createdAt: number,
  own: string | null,
  sessions: SessionInfo[],
): Payment[] {
  return specs.map((p, j) => ({
    id: `${billId}-p${j + 1}`,
    method: p.method,
    amount: Math.floor((total * p.share) / 100 / specs.length),
    ref: j % 2 === 0 ? null : `REF-${j}`,
    createdAt: createdAt + (j + 1) * 60_000,
    registerSessionId: sessionAt(sessions, p.session, own),
    reversedAt: p.reversed ? createdAt + 7_200_000 : null,
  }))
}

function saleBill(
  id: string,
  spec: BillSpec,
  sessions: SessionInfo[],
  currency: string,
  consistent: boolean,
): JournalBill {
  const session = sessionAt(sessions, spec.session, null)
  const sessionInfo = sessions.find((s) => s.id === session)
  const createdAt = START + Number(id.slice(1)) * 600_000
  const lines: BillLine[] = spec.lines.map((l, j) => ({
    id: `${id}-l${j + 1}`,
    variantId: j % 2 === 0 ? `v${j}` : null,
    name: j === 0 ? '=SUM(A1) "special", tea' : `Item ${j}\non two lines`,
    quantity: j + 0.5,
    unitPrice: l.total,
    total: l.total,
    taxes: lineTaxes(l.taxes, l.total),
  }))
  const gross = lines.reduce((sum, l) => sum + l.total, 0)
  let room = gross
  const discounts = spec.discounts.map((amount, j) => {
    const taken = Math.min(amount, room)
    room -= taken
    return { name: j === 0 ? '-10% promo' : '@member', amount: taken }
  })
  const fees = spec.fees.map((f, j) => ({
    name: `+Fee ${j}`,
    amount: f.amount,
    taxes: lineTaxes(f.taxes, f.amount),
  }))
  const taxes = lineTaxes(spec.taxes, 1_000_000)
  const expected =
    gross - discounts.reduce((s, d) => s + d.amount, 0) + fees.reduce((s, f) => s + f.amount, 0)
  const total = consistent ? expected : Math.max(0, expected + spec.rounding)
  const billPayments = payments(id, spec.payments, total, createdAt, session, sessions)
  return bill(id, 'sale', null, {
    session,
    locationId: sessionInfo?.locationId ?? `loc${spec.location + 1}`,
    currency,
    createdAt,
    lines,
    discounts,
    fees,
    taxes,
    total,
    payments: billPayments,
  })
}

function childBill(
  parent: JournalBill,
  type: 'refund' | 'void',
  spec: {
    id: string
    session: string | null
    lines: BillLine[]
    discounts: JournalBill['discounts']
    fees: JournalBill['fees']
    taxes: LineTax[]
    total: number
    payments: PaymentSpec[]
    sessions: SessionInfo[]
  },
): JournalBill {
  const createdAt = parent.createdAt + 3_600_000
  return bill(spec.id, type, parent.id, {
    session: spec.session,
    locationId: parent.locationId,
    currency: parent.currency,
    createdAt,
    lines: spec.lines,
    discounts: spec.discounts,
    fees: spec.fees,
    taxes: spec.taxes,
    total: spec.total,
    payments: payments(spec.id, spec.payments, spec.total, createdAt, spec.session, spec.sessions),
  })
}

function bill(
  id: string,
  type: JournalBill['type'],
  parentBillId: string | null,
  parts: {
    session: string | null
    locationId: string
    currency: string
    createdAt: number
    lines: BillLine[]
    discounts: JournalBill['discounts']
    fees: JournalBill['fees']
    taxes: LineTax[]
    total: number
    payments: Payment[]
  },
): JournalBill {
  const paid = parts.payments
    .filter((p) => p.reversedAt === null)
    .reduce((sum, p) => sum + p.amount, 0)
  const totalTax = parts.taxes.reduce((sum, t) => sum + t.amount, 0)
  return {
    id,
    number: `#${id.toUpperCase()}`,
    type,
    status: 'closed',
    locationId: parts.locationId,
    registerSessionId: parts.session,
    parentBillId,
    currency: parts.currency,
    total: parts.total,
    totalTax,
    amountPaid: paid,
    amountDue: parts.total - paid,
    createdAt: parts.createdAt,
    updatedAt: parts.createdAt,
    createdAtText: new Date(parts.createdAt).toISOString(),
    updatedAtText: new Date(parts.createdAt).toISOString(),
    hasDetail: true,
    subtotal: null,
    lines: parts.lines,
    discounts: parts.discounts,
    fees: parts.fees,
    taxes: parts.taxes,
    payments: parts.payments,
    extra: {},
    businessDate: businessDate(parts.createdAt, TIME_ZONE),
  }
}

/** Every payment taken in a session, as the cache indexes them. */
export function paymentsTakenIn(shop: Shop, sessionId: string): SessionPayment[] {
  return shop.bills.flatMap((b) =>
    b.payments
      .filter((p) => p.registerSessionId === sessionId)
      .map((p) => ({ ...p, billId: b.id, billType: b.type })),
  )
}
