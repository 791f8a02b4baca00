/**
 * List queries over bills and expenses.
 *
 * Bills use the indexes: the list for (location, type) in the requested order is taken
 * whole, and a bound on the ordering column (created_at in id order, updated_at in updated
 * order) becomes a position range by binary search, so most queries cost O(log n + limit) at
 * any page. A bound on the other column cannot be a range; those rows are filtered once and
 * the result cached for the data version, so a client paging through it pays the filtering
 * only on its first page. A register session's bills come from the session's own list.
 *
 * Expenses are few (a handful a session); they are filtered and sorted per call.
 */

import { BILL_TYPES } from './bill-table'
import type { GrowableInt32 } from './growable'
import { sessionIndexOf } from './ids'
import type { FilterSpec, ListQuery } from './list-query'
import { arrayRows, pageOf, type Page, type RowSequence } from './paging'
import type { Expense, Shop } from './shop'

export const BILL_FILTERS = {
  q_register_session_id: { kind: 'text' },
  q_type: { kind: 'choice', values: BILL_TYPES },
  q_created_at_from: { kind: 'instant' },
  q_created_at_to: { kind: 'instant' },
  q_updated_at_from: { kind: 'instant' },
} as const satisfies Record<string, FilterSpec>

export const EXPENSE_FILTERS = {
  q_updated_at_from: { kind: 'instant' },
  q_created_at_from: { kind: 'instant' },
  q_location_id: { kind: 'text' },
} as const satisfies Record<string, FilterSpec>

export type BillQuery = ListQuery<typeof BILL_FILTERS>
export type ExpenseQuery = ListQuery<typeof EXPENSE_FILTERS>

/** Bounds in unix seconds (stored times are whole seconds): from ≤ t < to. */
interface Bounds {
  createdFrom: number
  createdTo: number
  updatedFrom: number
}

const CACHE_SIZE = 32

/** Whole seconds t with t × 1000 ≥ ms are exactly those with t ≥ ceil(ms / 1000). */
const toSeconds = (ms: number | undefined, fallback: number): number =>
  ms === undefined ? fallback : Math.ceil(ms / 1000)

function listRange(list: GrowableInt32, from: number, to: number): RowSequence {
  return { length: to - from, at: (position) => list.get(from + position) }
}

/** First position in [from, to) whose row's column value is ≥ value (the column is sorted). */
function lowerBound(
  list: GrowableInt32,
  column: Float64Array,
  value: number,
  from: number,
  to: number,
): number {
  let low = from
  let high = to
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((column[list.get(mid)] as number) < value) low = mid + 1
    else high = mid
  }
  return low
}

export class Queries {
  private readonly cache = new Map<string, { version: number; rows: Int32Array }>()

  constructor(private readonly shop: Shop) {}

  bills(location: number | null, query: BillQuery): Page {
    const { filters, order } = query
    const bounds: Bounds = {
      createdFrom: toSeconds(filters.q_created_at_from, -Infinity),
      createdTo: toSeconds(filters.q_created_at_to, Infinity),
      updatedFrom: toSeconds(filters.q_updated_at_from, -Infinity),
    }
    const kind =
      filters.q_type === undefined
        ? null
        : (BILL_TYPES as readonly string[]).indexOf(filters.q_type)
    const byUpdated = order.field === 'updated_at'
    const sequence =
      filters.q_register_session_id === undefined
        ? this.indexedBills(location, kind, bounds, byUpdated)
        : this.sessionBills(filters.q_register_session_id, location, kind, bounds, byUpdated)
    return pageOf(sequence, query.page, query.limit, order.descending)
  }

  expenses(query: ExpenseQuery): Page {
    const { filters, order } = query
    const createdFrom = toSeconds(filters.q_created_at_from, -Infinity)
    const updatedFrom = toSeconds(filters.q_updated_at_from, -Infinity)
    const matching = this.shop.expenses.filter(
      (expense) =>
        expense.createdAt >= createdFrom &&
        expense.updatedAt >= updatedFrom &&
        (filters.q_location_id === undefined || expense.location.id === filters.q_location_id),
    )
    if (order.field === 'updated_at') {
      matching.sort((a: Expense, b: Expense) => a.updatedAt - b.updatedAt || a.index - b.index)
    }
    const rows = Int32Array.from(matching, (expense) => expense.index)
    return pageOf(arrayRows(rows), query.page, query.limit, order.descending)
  }

  private indexedBills(
    location: number | null,
    kind: number | null,
    bounds: Bounds,
    byUpdated: boolean,
  ): RowSequence {
    const { createdAt, updatedAt } = this.shop.bills
    const subset = this.shop.indexes.subset(location, kind)
    const list = byUpdated ? subset.byUpdated : subset.byId
    let from = 0
    let to = list.length
    if (byUpdated) {
      from = lowerBound(list, updatedAt, bounds.updatedFrom, from, to)
    } else {
      from = lowerBound(list, createdAt, bounds.createdFrom, from, to)
      to = lowerBound(list, createdAt, bounds.createdTo, from, to)
    }
    const ranged = byUpdated
      ? bounds.createdFrom === -Infinity && bounds.createdTo === Infinity
      : bounds.updatedFrom === -Infinity
    if (ranged) return listRange(list, from, to)

    const key = [
      location,
      kind,
      byUpdated,
      bounds.createdFrom,
      bounds.createdTo,
      bounds.updatedFrom,
    ]
    return arrayRows(
      this.cached(key.join('|'), () => {
        const rows = new Int32Array(to - from)
        let count = 0
        for (let position = from; position < to; position++) {
          const row = list.get(position)
          if (this.withinBounds(row, bounds)) rows[count++] = row
        }
        return rows.slice(0, count)
      }),
    )
  }

  private sessionBills(
    id: string,
    location: number | null,
    kind: number | null,
    bounds: Bounds,
    byUpdated: boolean,
  ): RowSequence {
    const shop = this.shop
    const index = sessionIndexOf(id)
    const session = index === null ? undefined : shop.sessions[index]
    if (!session || (location !== null && session.location.index !== location)) {
      return arrayRows(new Int32Array(0))
    }
    const rows = session.bills
      .view()
      .filter(
        (row) => (kind === null || shop.bills.kind[row] === kind) && this.withinBounds(row, bounds),
      )
    const { updatedAt } = shop.bills
    if (byUpdated) rows.sort((a, b) => (updatedAt[a] as number) - (updatedAt[b] as number) || a - b)
    return arrayRows(rows)
  }

  private withinBounds(row: number, bounds: Bounds): boolean {
    const created = this.shop.bills.createdAt[row] as number
    return (
      created >= bounds.createdFrom &&
      created < bounds.createdTo &&
      (this.shop.bills.updatedAt[row] as number) >= bounds.updatedFrom
    )
  }

  private cached(key: string, compute: () => Int32Array): Int32Array {
    const hit = this.cache.get(key)
    if (hit && hit.version === this.shop.version) {
      // Re-inserting keeps the map in least-recently-used order.
      this.cache.delete(key)
      this.cache.set(key, hit)
      return hit.rows
    }
    const rows = compute()
    this.cache.delete(key)
    this.cache.set(key, { version: this.shop.version, rows })
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string)
    return rows
  }
}
