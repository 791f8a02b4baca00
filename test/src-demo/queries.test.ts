/**
 * The indexed list queries against a brute-force model: after history generation (indexes
 * built in bulk) and after live changes (indexes maintained one change at a time), every
 * combination of location, type, session, time bounds, order and page gives exactly the rows a
 * full filter-and-sort would.
 */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BILL_TYPES } from '../../src-demo/bill-table'
import { SimClock } from '../../src-demo/clock'
import { generateShop } from '../../src-demo/generator'
import { sessionId } from '../../src-demo/ids'
import { Queries, type BillQuery } from '../../src-demo/queries'
import { rngFor } from '../../src-demo/rng'
import type { Shop } from '../../src-demo/shop'
import { Trader } from '../../src-demo/trader'

const START = Date.parse('2026-03-29T09:00:00Z') / 1000

function bruteForce(
  shop: Shop,
  location: number | null,
  query: BillQuery,
): { rows: number[]; total: number } {
  const { bills } = shop
  const f = query.filters
  const kind = f.q_type === undefined ? null : (BILL_TYPES as readonly string[]).indexOf(f.q_type)
  const keep = (row: number): boolean => {
    const created = (bills.createdAt[row] as number) * 1000
    const updated = (bills.updatedAt[row] as number) * 1000
    return (
      (location === null || bills.location[row] === location) &&
      (kind === null || bills.kind[row] === kind) &&
      (f.q_register_session_id === undefined ||
        sessionId(bills.session[row] as number) === f.q_register_session_id) &&
      (f.q_created_at_from === undefined || created >= f.q_created_at_from) &&
      (f.q_created_at_to === undefined || created < f.q_created_at_to) &&
      (f.q_updated_at_from === undefined || updated >= f.q_updated_at_from)
    )
  }
  const column = query.order.field === 'updated_at' ? bills.updatedAt : bills.createdAt
  const sign = query.order.descending ? -1 : 1
  const rows = [...Array(bills.length).keys()]
    .filter(keep)
    .sort((a, b) =>
      query.order.field === 'id'
        ? sign * (a - b)
        : sign * ((column[a] as number) - (column[b] as number) || a - b),
    )
  const start = (query.page - 1) * query.limit
  return { rows: rows.slice(start, start + query.limit), total: rows.length }
}

/** null 70% of the time: most queries have few filters, so that most pages are not empty. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 3, arbitrary })
}

/** A bound near some bill's time (exactly on it, or a little before or after, in ms). */
function boundArbitrary(shop: Shop, column: 'createdAt' | 'updatedAt') {
  return sometimes(
    fc
      .tuple(fc.nat({ max: shop.bills.length - 1 }), fc.integer({ min: -1500, max: 1500 }))
      .map(([row, jitter]) => (shop.bills[column][row] as number) * 1000 + jitter),
  )
}

function queryArbitrary(shop: Shop) {
  return fc.record({
    location: sometimes(fc.nat({ max: shop.locations.length - 1 })),
    type: sometimes(fc.constantFrom(...BILL_TYPES)),
    session: sometimes(
      fc.oneof(fc.nat({ max: shop.sessions.length - 1 }).map(sessionId), fc.constant('39999999')),
    ),
    createdFrom: boundArbitrary(shop, 'createdAt'),
    createdTo: boundArbitrary(shop, 'createdAt'),
    updatedFrom: boundArbitrary(shop, 'updatedAt'),
    field: fc.constantFrom('id', 'created_at', 'updated_at'),
    descending: fc.boolean(),
    page: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    limit: fc.constantFrom(1, 7, 20, 200),
  })
}

type QueryCase = ReturnType<typeof queryArbitrary> extends fc.Arbitrary<infer T> ? T : never

function toQuery(c: QueryCase): BillQuery {
  const filters: BillQuery['filters'] = {}
  if (c.type !== null) filters.q_type = c.type
  if (c.session !== null) filters.q_register_session_id = c.session
  if (c.createdFrom !== null) filters.q_created_at_from = c.createdFrom
  if (c.createdTo !== null) filters.q_created_at_to = c.createdTo
  if (c.updatedFrom !== null) filters.q_updated_at_from = c.updatedFrom
  return {
    page: c.page,
    limit: c.limit,
    order: { field: c.field, descending: c.descending },
    filters,
  }
}

function expectSameAsBruteForce(shop: Shop, queries: Queries, c: QueryCase): void {
  const query = toQuery(c)
  const page = queries.bills(c.location, query)
  const expected = bruteForce(shop, c.location, query)
  expect(page.rows).toEqual(expected.rows)
  expect(page.meta.total).toBe(expected.total)
}

describe('indexed bill queries equal a brute-force filter and sort', () => {
  // A DST change (Europe/London, 29 March) inside the history exercises local-time planning too.
  const shape = {
    seed: 21,
    currency: 'USD',
    timezone: 'Europe/London',
    locations: 3,
    days: 4,
    billsPerSession: 15,
    startAt: START,
  }

  it('after history generation (indexes built in bulk)', () => {
    const shop = generateShop(shape)
    const queries = new Queries(shop)
    fc.assert(
      fc.property(queryArbitrary(shop), (c) => expectSameAsBruteForce(shop, queries, c)),
      { numRuns: 400 },
    )
  })

  it('after live trading (indexes maintained change by change), with cached results invalidated', () => {
    const shop = generateShop(shape)
    const queries = new Queries(shop)
    const trader = new Trader(shop, new SimClock(START), rngFor(5, 77))
    fc.assert(
      fc.property(queryArbitrary(shop), fc.integer({ min: 0, max: 6 }), (c, steps) => {
        expectSameAsBruteForce(shop, queries, c)
        for (let i = 0; i < steps; i++) trader.liveStep()
        expectSameAsBruteForce(shop, queries, c)
      }),
      { numRuns: 300 },
    )
  })

  it('after many live changes, every (location, type) list pages through in both orders like the model', () => {
    const shop = generateShop(shape)
    const queries = new Queries(shop)
    const trader = new Trader(shop, new SimClock(START), rngFor(6, 78))
    for (let i = 0; i < 400; i++) trader.liveStep()
    for (const location of [null, ...shop.locations.map((l) => l.index)]) {
      for (const type of [null, ...BILL_TYPES]) {
        for (const field of ['id', 'updated_at'] as const) {
          for (const descending of [false, true]) {
            const c: QueryCase = {
              location,
              type,
              session: null,
              createdFrom: null,
              createdTo: null,
              updatedFrom: null,
              field,
              descending,
              page: 1,
              limit: 200,
            }
            for (let page = 1; page <= Math.ceil(shop.bills.length / 200); page++) {
              expectSameAsBruteForce(shop, queries, { ...c, page })
            }
          }
        }
      }
    }
  })
})
