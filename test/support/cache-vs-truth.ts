/**
 * Compares a snapshot of Till's cache with the service's truth, field by field, and lists every
 * difference in words. Independent of Till's own mapping code on purpose: amounts are converted
 * here from the JSON numbers, times compared as the service's text.
 */
import type { ServiceTruth, TruthBill, TruthExpense, TruthSession } from './service-truth'

/** The parts of the cache's records that must agree with the service (see src-renderer/database). */
export interface CacheSnapshot {
  bills: {
    id: string
    number: string
    type: string
    status: string
    locationId: string
    registerSessionId: string | null
    parentBillId: string | null
    total: number
    totalTax: number
    amountPaid: number
    amountDue: number
    subtotal: number | null
    createdAtText: string
    updatedAtText: string
    hasDetail: boolean
    lines: { id: string; quantity: number; total: number }[]
    discounts: { amount: number }[]
    fees: { amount: number }[]
    taxes: { name: string; amount: number }[]
    payments: {
      id: string
      method: string
      amount: number
      createdAt: number
      registerSessionId: string | null
      reversedAt: number | null
    }[]
  }[]
  /** What a session's late payments and the reversals are found by (bills with their detail). */
  billPaymentIndex: { billId: string; paidInSessions?: string[]; reversedAts?: number[] }[]
  expenses: {
    id: string
    number: string
    locationId: string
    registerSessionId: string | null
    category: string
    description: string
    supplier: string | null
    amount: number
    taxAmount: number
    paymentMethod: string
    expenseDate: string
    updatedAtText: string
  }[]
  sessions: {
    id: string
    locationId: string
    openedAt: number | null
    closedAt: number | null
    openingCash: number | null
    status: string
  }[]
  pendingDetails: number
  quarantined: number
}

export interface CompareOptions {
  /** Minor-unit exponent of the shop's currency (USD 2). */
  exponent: number
  /** Sessions the service closed at or after this instant (ms) sent a close event: Till must know. */
  closedSince: number
}

type Bill = CacheSnapshot['bills'][number]

const MAX_LISTED = 40

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function idDifferences(what: string, truth: Iterable<string>, cached: Iterable<string>): string[] {
  const want = new Set(truth)
  const have = new Set(cached)
  const missing = [...want].filter((id) => !have.has(id))
  const extra = [...have].filter((id) => !want.has(id))
  return [
    ...(missing.length
      ? [`${missing.length} ${what} missing: ${missing.slice(0, 5).join(', ')}`]
      : []),
    ...(extra.length
      ? [`${extra.length} ${what} not on the service: ${extra.slice(0, 5).join(', ')}`]
      : []),
  ]
}

/** Each field as the service states it, next to the cache's, converted by this module alone. */
function billPairs(
  truth: TruthBill,
  mine: Bill,
  minor: (v: number) => number,
): [string, unknown, unknown][] {
  const ms = (text: string | null) => (text === null ? null : Date.parse(text))
  return [
    ['hasDetail', true, mine.hasDetail],
    ['updated_at', truth.updated_at, mine.updatedAtText],
    ['created_at', truth.created_at, mine.createdAtText],
    ['number', truth.number, mine.number],
    ['type', truth.type, mine.type],
    ['status', truth.status, mine.status],
    ['location', truth.location_id, mine.locationId],
    ['session', truth.register_session_id, mine.registerSessionId],
    ['parent', truth.parent_bill_id, mine.parentBillId],
    ['total', minor(truth.total), mine.total],
    ['total_tax', minor(truth.total_tax), mine.totalTax],
    ['amount_paid', minor(truth.amount_paid), mine.amountPaid],
    ['amount_due', minor(truth.amount_due), mine.amountDue],
    ['subtotal', minor(truth.subtotal), mine.subtotal],
    [
      'lines',
      truth.lines.map((l) => [l.id, l.quantity, minor(l.total)]),
      mine.lines.map((l) => [l.id, l.quantity, l.total]),
    ],
    ['discounts', truth.discounts.map((d) => minor(d.amount)), mine.discounts.map((d) => d.amount)],
    ['fees', truth.fees.map((f) => minor(f.amount)), mine.fees.map((f) => f.amount)],
    [
      'taxes',
      truth.taxes.map((t) => [t.name, minor(t.amount)]),
      mine.taxes.map((t) => [t.name, t.amount]),
    ],
    [
      'payments',
      truth.payments.map((p) => [
        p.id,
        p.method,
        minor(p.amount),
        ms(p.created_at),
        p.register_session_id,
        ms(p.reversed_at),
      ]),
      mine.payments.map((p) => [
        p.id,
        p.method,
        p.amount,
        p.createdAt,
        p.registerSessionId,
        p.reversedAt,
      ]),
    ],
  ]
}

function expensePairs(
  truth: TruthExpense,
  mine: CacheSnapshot['expenses'][number],
  minor: (v: number) => number,
): [string, unknown, unknown][] {
  return [
    ['updated_at', truth.updated_at, mine.updatedAtText],
    ['number', truth.number, mine.number],
    ['location', truth.location_id, mine.locationId],
    ['session', truth.register_session_id, mine.registerSessionId],
    ['category', truth.category, mine.category],
    ['description', truth.description, mine.description],
    ['supplier', truth.supplier, mine.supplier],
    ['amount', minor(truth.amount), mine.amount],
    ['tax_amount', minor(truth.tax_amount), mine.taxAmount],
    ['payment_method', truth.payment_method, mine.paymentMethod],
    ['expense_date', truth.expense_date, mine.expenseDate],
  ]
}

function fieldDifferences(what: string, pairs: [string, unknown, unknown][]): string[] {
  return pairs
    .filter(([, want, have]) => !sameJson(want, have))
    .map(
      ([field, want, have]) =>
        `${what} ${field}: service ${JSON.stringify(want)}, cache ${JSON.stringify(have)}`,
    )
}

function sessionDifferences(
  truth: TruthSession[],
  cache: CacheSnapshot,
  minor: (v: number) => number,
  closedSince: number,
): string[] {
  const byId = new Map(truth.map((s) => [s.id, s]))
  const cached = new Map(cache.sessions.map((s) => [s.id, s]))
  const named = new Set<string>()
  for (const bill of cache.bills) {
    if (bill.registerSessionId) named.add(bill.registerSessionId)
    for (const p of bill.payments) if (p.registerSessionId) named.add(p.registerSessionId)
  }
  const closedLately = truth.filter(
    (s) => s.closed_at !== null && Date.parse(s.closed_at) >= closedSince,
  )
  const differences = [
    ...[...cached.keys()]
      .filter((id) => !byId.has(id))
      .map((id) => `session ${id} is not on the service`),
    ...[...named]
      .filter((id) => !cached.has(id))
      .map((id) => `session ${id} named by bills is missing`),
    ...closedLately
      .filter((s) => cached.get(s.id)?.status !== 'closed')
      .map(
        (s) =>
          `session ${s.id} closed at ${s.closed_at} but cached as ${cached.get(s.id)?.status ?? 'missing'}`,
      ),
  ]
  for (const mine of cached.values()) {
    const service = byId.get(mine.id)
    if (!service) continue
    const pairs: [string, unknown, unknown][] = [['location', service.location_id, mine.locationId]]
    // Opening and closing figures come with the close event; until then the cache says unknown.
    if (mine.closedAt !== null)
      pairs.push(
        ['closed_at', service.closed_at && Date.parse(service.closed_at), mine.closedAt],
        ['opened_at', Date.parse(service.opened_at), mine.openedAt],
        ['opening_cash', minor(service.opening_cash), mine.openingCash],
      )
    differences.push(...fieldDifferences(`session ${mine.id}`, pairs))
  }
  return differences
}

/**
 * Whether the bill is found, as the service has it, among the payments of each other session it
 * was paid in and among the reversals: the day close and the exports read late payments and
 * reversals through these alone.
 */
function paymentIndexDifferences(
  truth: TruthBill,
  mine: CacheSnapshot['billPaymentIndex'][number] | undefined,
): string[] {
  const sessions = new Set<string>()
  const reversals = new Set<number>()
  for (const p of truth.payments) {
    if (p.register_session_id && p.register_session_id !== truth.register_session_id)
      sessions.add(p.register_session_id)
    if (p.reversed_at) reversals.add(Date.parse(p.reversed_at))
  }
  return fieldDifferences(`bill ${truth.id}`, [
    ['paid in other sessions', [...sessions].sort(), mine?.paidInSessions ?? []],
    ['payments reversed at', [...reversals].sort((a, b) => a - b), mine?.reversedAts ?? []],
  ])
}

/** Every way the cache differs from the service; empty when they agree exactly. */
export function compareCacheWithTruth(
  truth: ServiceTruth,
  cache: CacheSnapshot,
  options: CompareOptions,
): { differences: string[]; total: number } {
  const minor = (value: number): number => Math.round(value * 10 ** options.exponent)
  const bills = new Map(cache.bills.map((b) => [b.id, b]))
  const expenses = new Map(cache.expenses.map((e) => [e.id, e]))
  const indexed = new Map(cache.billPaymentIndex.map((entry) => [entry.billId, entry]))
  const differences = [
    ...idDifferences(
      'bills',
      truth.bills.map((b) => b.id),
      bills.keys(),
    ),
    ...truth.bills.flatMap((t) => {
      const mine = bills.get(t.id)
      return mine ? fieldDifferences(`bill ${t.id}`, billPairs(t, mine, minor)) : []
    }),
    ...truth.bills.flatMap((t) => {
      const mine = bills.get(t.id)
      return mine?.hasDetail ? paymentIndexDifferences(t, indexed.get(t.id)) : []
    }),
    ...idDifferences(
      'expenses',
      truth.expenses.map((e) => e.id),
      expenses.keys(),
    ),
    ...truth.expenses.flatMap((t) => {
      const mine = expenses.get(t.id)
      return mine ? fieldDifferences(`expense ${t.id}`, expensePairs(t, mine, minor)) : []
    }),
    ...sessionDifferences(truth.sessions, cache, minor, options.closedSince),
    ...(cache.pendingDetails
      ? [`${cache.pendingDetails} bills still waiting for their detail`]
      : []),
    ...(cache.quarantined ? [`${cache.quarantined} records quarantined`] : []),
  ]
  return { differences: differences.slice(0, MAX_LISTED), total: differences.length }
}
