/**
 * Conformance: list calls, ordering, filters and shapes (interface document §4.1 and §8;
 * docs/service.md#apps-api: lists and paging, order and filters, records).
 */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import {
  allPages,
  api,
  control,
  startService,
  type BillJson,
  type BillSummaryJson,
  type ErrorBody,
  type ExpenseJson,
  type ListBody,
} from '../support/demo-service'

const SUMMARY_FIELDS = [
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
]
const DETAIL_FIELDS = [
  ...SUMMARY_FIELDS,
  'subtotal',
  'lines',
  'discounts',
  'fees',
  'taxes',
  'payments',
]
const JAKARTA_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/

const ms = (iso: string): number => Date.parse(iso)

/** Sorted by (field, id), ascending or descending, as docs/service.md#order-and-filters orders. */
function sortedBy<T extends { id: string }>(
  items: T[],
  key: (item: T) => number,
  descending: boolean,
): T[] {
  const sign = descending ? -1 : 1
  return [...items].sort(
    (a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  )
}

describe('bill lists (interface §4.1; docs/service.md#lists-and-paging)', () => {
  let service: DemoServiceHandle
  let truth: BillJson[]

  beforeAll(async () => {
    service = await startService({ days: 6, billsPerSession: 15 })
    truth = [...service.shop.bills()] as unknown as BillJson[]
  })

  it('§8 default page size: without limit a page has 20 items and meta says page 1, limit 20', async () => {
    const { status, body } = await api<ListBody<BillSummaryJson>>(
      service,
      '/sales/bills/location/all',
    )
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['data', 'meta'])
    expect(body.data).toHaveLength(20)
    expect(body.meta).toEqual({
      page: 1,
      limit: 20,
      total: truth.length,
      last_page: Math.ceil(truth.length / 20),
    })
  })

  it('paging: limit above 200 is served as 200 and meta.limit says so', async () => {
    expect(truth.length).toBeGreaterThan(200)
    const { body } = await api<ListBody<BillSummaryJson>>(
      service,
      '/sales/bills/location/all?limit=500',
    )
    expect(body.data).toHaveLength(200)
    expect(body.meta.limit).toBe(200)
    expect(body.meta.last_page).toBe(Math.ceil(truth.length / 200))
  })

  it('paging: pages from 1 cover every bill exactly once; past the last page is empty', async () => {
    const paged = await allPages<BillSummaryJson>(service, '/sales/bills/location/all')
    expect(paged.map((bill) => bill.id)).toEqual(truth.map((bill) => bill.id))
    const past = await api<ListBody<BillSummaryJson>>(
      service,
      `/sales/bills/location/all?limit=200&page=${Math.ceil(truth.length / 200) + 1}`,
    )
    expect(past.body.data).toEqual([])
    expect(past.body.meta.total).toBe(truth.length)
  })

  it('list items: summaries carry exactly the summary fields, equal to the detail', async () => {
    const { body } = await api<ListBody<BillSummaryJson>>(
      service,
      '/sales/bills/location/all?limit=50',
    )
    for (const summary of body.data) {
      expect(Object.keys(summary)).toEqual(SUMMARY_FIELDS)
      const detail = truth.find((bill) => bill.id === summary.id) as BillJson
      for (const field of SUMMARY_FIELDS) {
        expect(summary[field as keyof BillSummaryJson]).toEqual(detail[field as keyof BillJson])
      }
    }
  })

  it('bill detail: GET /sales/bills/{id} adds lines, discounts, fees, taxes, payments, subtotal', async () => {
    for (const expected of truth.filter((_, i) => i % 37 === 0)) {
      const { status, body } = await api<BillJson>(service, `/sales/bills/${expected.id}`)
      expect(status).toBe(200)
      expect(Object.keys(body)).toEqual(DETAIL_FIELDS)
      expect(body).toEqual(expected)
    }
  })

  it('ids, amounts, times: ids are strings, amounts numbers, times ISO 8601 with the merchant offset', () => {
    for (const bill of truth) {
      expect(typeof bill.id).toBe('string')
      expect(typeof bill.register_session_id).toBe('string')
      expect(Number.isInteger(bill.total)).toBe(true) // IDR has no decimals
      expect(bill.created_at).toMatch(JAKARTA_TIME)
      expect(bill.updated_at).toMatch(JAKARTA_TIME)
      for (const payment of bill.payments) {
        expect(typeof payment.id).toBe('string')
        expect(payment.created_at).toMatch(JAKARTA_TIME)
      }
    }
  })

  describe.each([
    ['id', (bill: BillSummaryJson) => Number(bill.id)],
    ['created_at', (bill: BillSummaryJson) => ms(bill.created_at)],
    ['updated_at', (bill: BillSummaryJson) => ms(bill.updated_at)],
  ] as const)('order: order_by=%s', (field, key) => {
    it.each(['asc', 'desc'] as const)(
      '%s, ties broken by id in the same direction',
      async (direction) => {
        const paged = await allPages<BillSummaryJson>(
          service,
          `/sales/bills/location/all?order_by=${field}:${direction}`,
        )
        const summaries = truth.map((bill) => bill as BillSummaryJson)
        const expected = sortedBy(summaries, key, direction === 'desc')
        expect(paged.map((bill) => bill.id)).toEqual(expected.map((bill) => bill.id))
      },
    )
  })

  it('order: the fixed history has created_at and updated_at ties, so the tie-break is exercised', () => {
    const ties = (times: string[]): boolean => new Set(times).size < times.length
    expect(ties(truth.map((bill) => bill.created_at))).toBe(true)
    expect(ties(truth.map((bill) => bill.updated_at))).toBe(true)
  })

  it("§4.1 q_register_session_id on a location list returns exactly that session's bills", async () => {
    const sessions = new Set(truth.map((bill) => bill.register_session_id))
    for (const sessionId of [...sessions].slice(0, 6)) {
      const expected = truth.filter((bill) => bill.register_session_id === sessionId)
      const location = expected[0]?.location_id as string
      const paged = await allPages<BillSummaryJson>(
        service,
        `/sales/bills/location/${location}?q_register_session_id=${sessionId}`,
      )
      expect(paged.map((bill) => bill.id)).toEqual(expected.map((bill) => bill.id))
      const other = location === '101' ? '102' : '101'
      const elsewhere = await api<ListBody<BillSummaryJson>>(
        service,
        `/sales/bills/location/${other}?q_register_session_id=${sessionId}`,
      )
      expect(elsewhere.body.meta.total).toBe(0)
    }
  })

  it('filters: q_type returns only bills of that type', async () => {
    for (const type of ['sale', 'refund', 'void'] as const) {
      const paged = await allPages<BillSummaryJson>(
        service,
        `/sales/bills/location/all?q_type=${type}`,
      )
      const expected = truth.filter((bill) => bill.type === type)
      expect(expected.length).toBeGreaterThan(0)
      expect(paged.map((bill) => bill.id)).toEqual(expected.map((bill) => bill.id))
    }
  })

  it('filters: q_created_at_from is inclusive and q_created_at_to exclusive, whatever the offset', async () => {
    const pivot = truth[Math.floor(truth.length / 2)] as BillJson
    const at = pivot.created_at
    const atUtc = new Date(ms(at)).toISOString().replace('.000Z', 'Z')
    const from = await allPages<BillSummaryJson>(
      service,
      `/sales/bills/location/all?q_created_at_from=${encodeURIComponent(at)}`,
    )
    const to = await allPages<BillSummaryJson>(
      service,
      `/sales/bills/location/all?q_created_at_to=${atUtc}`,
    )
    expect(from.some((bill) => bill.id === pivot.id)).toBe(true)
    expect(to.some((bill) => bill.id === pivot.id)).toBe(false)
    expect(from.map((bill) => bill.id)).toEqual(
      truth.filter((bill) => ms(bill.created_at) >= ms(at)).map((bill) => bill.id),
    )
    expect(to.map((bill) => bill.id)).toEqual(
      truth.filter((bill) => ms(bill.created_at) < ms(at)).map((bill) => bill.id),
    )
    // A bound between whole seconds: from rounds up to the next second, to excludes it.
    const justAfter = new Date(ms(at) + 1).toISOString()
    const between = await allPages<BillSummaryJson>(
      service,
      `/sales/bills/location/all?q_created_at_from=${encodeURIComponent(at)}&q_created_at_to=${justAfter}`,
    )
    expect(between.map((bill) => bill.id)).toEqual(
      truth.filter((bill) => bill.created_at === at).map((bill) => bill.id),
    )
  })

  it('filters: q_updated_at_from is inclusive and combines with a location, a type and any order', async () => {
    const pivot = truth.find((bill) => bill.updated_at !== bill.created_at) as BillJson
    const from = ms(pivot.updated_at)
    for (const order of ['id:asc', 'updated_at:desc', 'created_at:desc']) {
      const paged = await allPages<BillSummaryJson>(
        service,
        `/sales/bills/location/${pivot.location_id}?q_type=sale&order_by=${order}` +
          `&q_updated_at_from=${encodeURIComponent(pivot.updated_at)}`,
      )
      const expected = truth.filter(
        (bill) =>
          bill.location_id === pivot.location_id &&
          bill.type === 'sale' &&
          ms(bill.updated_at) >= from,
      )
      expect(paged.map((bill) => bill.id).sort()).toEqual(expected.map((bill) => bill.id).sort())
      expect(paged.some((bill) => bill.id === pivot.id)).toBe(true)
    }
  })

  it.each([
    ['page', 'page=0'],
    ['page', 'page=two'],
    ['page', 'page=1&page=2'],
    ['limit', 'limit=0'],
    ['limit', 'limit=-5'],
    ['limit', 'limit=1.5'],
    ['order_by', 'order_by=total:asc'],
    ['order_by', 'order_by=id'],
    ['order_by', 'order_by=id:up'],
    ['q_type', 'q_type=refunds'],
    ['q_created_at_from', 'q_created_at_from=yesterday'],
    ['q_created_at_from', 'q_created_at_from=2026-02-30T10:00:00Z'],
    // An unencoded + arrives as a space: the client forgot to encode the offset.
    ['q_created_at_to', 'q_created_at_to=2026-11-20T19:05:00+07:00'],
    ['q_updated_at_from', 'q_updated_at_from='],
    ['q_location_id', 'q_location_id=101'],
  ])('errors: malformed %s (%s) → 422 invalid_query naming it', async (parameter, query) => {
    const answer = await api<ErrorBody>(service, `/sales/bills/location/all?${query}`)
    expect(answer.status).toBe(422)
    expect(answer.body.error).toBe('invalid_query')
    expect(answer.body.error_description).toContain(`"${parameter}"`)
  })

  it('sweep support: a bill changed later moves its updated_at and is found by q_updated_at_from', async () => {
    const state = await control<{ clock: string }>(service, 'POST', '/clock/advance', {
      seconds: 3600,
    })
    const owing = truth.find((bill) => bill.type === 'sale' && bill.amount_due > 0) as BillJson
    const paid = await control<{ bill: BillJson }>(
      service,
      'POST',
      `/bills/${owing.id}/payments`,
      {},
    )
    expect(paid.status).toBe(201)
    expect(paid.body.bill.updated_at).not.toBe(owing.updated_at)
    const changed = await allPages<BillSummaryJson>(
      service,
      `/sales/bills/location/all?order_by=updated_at:asc&q_updated_at_from=${encodeURIComponent(state.body.clock)}`,
    )
    expect(changed.map((bill) => bill.id)).toContain(owing.id)
    expect(changed.every((bill) => ms(bill.updated_at) >= ms(state.body.clock))).toBe(true)
  })
})

describe('expense lists (interface §4.1; docs/service.md#order-and-filters for expenses)', () => {
  let service: DemoServiceHandle
  let truth: ExpenseJson[]

  beforeAll(async () => {
    service = await startService({ days: 10 })
    truth = service.shop.expenses() as unknown as ExpenseJson[]
  })

  it('expense shape: every field of docs/service.md#records, ids as strings, cash and non-cash, with and without session', async () => {
    const paged = await allPages<ExpenseJson>(service, '/expenses')
    expect(paged).toEqual(truth)
    expect(Object.keys(paged[0] as ExpenseJson)).toEqual([
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
    ])
    expect(paged.some((e) => e.payment_method === 'cash' && e.register_session_id !== null)).toBe(
      true,
    )
    expect(paged.some((e) => e.payment_method !== 'cash')).toBe(true)
    expect(paged.some((e) => e.register_session_id === null)).toBe(true)
    expect(paged.some((e) => e.updated_at !== e.created_at)).toBe(true)
  })

  it('filters: q_location_id, q_created_at_from and q_updated_at_from (inclusive)', async () => {
    const pivot = truth[Math.floor(truth.length / 2)] as ExpenseJson
    const cases: [string, (e: ExpenseJson) => boolean][] = [
      [`q_location_id=${pivot.location_id}`, (e) => e.location_id === pivot.location_id],
      [
        `q_created_at_from=${encodeURIComponent(pivot.created_at)}`,
        (e) => ms(e.created_at) >= ms(pivot.created_at),
      ],
      [
        `q_updated_at_from=${encodeURIComponent(pivot.updated_at)}`,
        (e) => ms(e.updated_at) >= ms(pivot.updated_at),
      ],
    ]
    for (const [query, keep] of cases) {
      const paged = await allPages<ExpenseJson>(service, `/expenses?${query}`)
      expect(paged.map((e) => e.id)).toEqual(truth.filter(keep).map((e) => e.id))
    }
  })

  it('order: expenses by updated_at desc with the id tie-break', async () => {
    const paged = await allPages<ExpenseJson>(service, '/expenses?order_by=updated_at:desc')
    const expected = sortedBy(truth, (e) => ms(e.updated_at), true)
    expect(paged.map((e) => e.id)).toEqual(expected.map((e) => e.id))
  })

  it('errors: a bill-only filter on expenses → 422 naming it', async () => {
    const answer = await api<ErrorBody>(service, '/expenses?q_type=sale')
    expect(answer.status).toBe(422)
    expect(answer.body.error_description).toContain('"q_type"')
  })
})
