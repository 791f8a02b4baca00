import { billFacets } from '../../src-renderer/sessions/tables/bill-facets'
import type { CachedBill } from '../../src-renderer/database/cached-records'
import { businessDate } from '../../src-shared/domain/business-date'
import type { Bill, BillType, Payment } from '../../src-shared/domain/records'

export const LOCATIONS = ['loc-a', 'loc-b', 'loc-c']
export const METHODS = ['cash', 'card', 'qris', 'bank_transfer', 'e_wallet']
export const TYPES: BillType[] = ['sale', 'refund', 'void']
export const FIRST_DAY = Date.parse('2026-11-01T00:00:00Z')
export const DAYS = 12
const DAY_MS = 86_400_000
// Business dates computed in zones far either side of UTC, as a cache whose merchant zone
// changed would hold: the planner must still find every bill of a date range.
const ZONES = ['Asia/Jakarta', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']

/** A small deterministic random source (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function sessionIdsOf(location: string): string[] {
  return Array.from({ length: 4 }, (_, i) => `rs-${location}-${i}`)
}

/**
 * Bills as the cache keeps them, without lines: varied enough for every filter and sort to have
 * ties, empty results and bills without a session or without payments.
 */
export function generateBills(count: number, seed: number): CachedBill[] {
  const random = randomSource(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  return Array.from({ length: count }, (_, n) => {
    const locationId = pick(LOCATIONS)
    const createdAt = FIRST_DAY + Math.floor(random() * DAYS * DAY_MS)
    const total = 1000 * Math.floor(random() * 20)
    const payments: Payment[] = Array.from({ length: Math.floor(random() * 3) }, (_, p) => ({
      id: `p-${n}-${p}`,
      method: pick(METHODS),
      amount: Math.floor(total / 2),
      ref: null,
      createdAt,
      registerSessionId: null,
      reversedAt: random() < 0.2 ? createdAt + 60_000 : null,
    }))
    const amountPaid = payments
      .filter((p) => p.reversedAt === null)
      .reduce((sum, p) => sum + p.amount, 0)
    const bill: Bill = {
      id: `b-${String(Math.floor(random() * 1e9)).padStart(9, '0')}-${n}`,
      number: `${pick(['A', 'B', 'a'])}${pick(['1', '2'])}-${Math.floor(random() * 500)}`,
      type: pick(TYPES),
      status: 'closed',
      locationId,
      registerSessionId: random() < 0.03 ? null : pick(sessionIdsOf(locationId)),
      parentBillId: null,
      currency: 'USD',
      total,
      totalTax: 0,
      amountPaid,
      amountDue: total - amountPaid,
      createdAt,
      updatedAt: createdAt,
      createdAtText: new Date(createdAt).toISOString(),
      updatedAtText: new Date(createdAt).toISOString(),
      hasDetail: true,
      subtotal: total,
      lines: [],
      discounts: [],
      fees: [],
      taxes: [],
      payments,
      extra: {},
    }
    return { ...bill, businessDate: businessDate(createdAt, pick(ZONES)), ...billFacets(bill) }
  })
}
