/**
 * Ordered lists of bill rows kept up to date as bills are added and changed, so that a list
 * call finds its page by position (and its bounds by binary search) instead of scanning and
 * sorting every bill. There is one pair of lists (id order and (updated_at, id) order) for all
 * bills, for each type, for each location, and for each location and type.
 */

import type { BillTable } from './bill-table'
import { GrowableInt32 } from './growable'

export class OrderedBills {
  /** Rows in id order, which is also created_at order. */
  readonly byId = new GrowableInt32()
  /** Rows in (updated_at, id) order. */
  readonly byUpdated = new GrowableInt32()
}

const EMPTY = new OrderedBills()

export class BillIndexes {
  private readonly subsets = new Map<number, OrderedBills>()
  private bulk = false

  constructor(private readonly table: BillTable) {}

  /** The bills of one location (null: all) and one type (null: every type). */
  subset(location: number | null, kind: number | null): OrderedBills {
    return this.subsets.get(subsetKey(location, kind)) ?? EMPTY
  }

  /** Records a new row; its updated_at must not be before any other's. */
  add(row: number): void {
    for (const subset of this.subsetsOf(row)) {
      subset.byId.push(row)
      if (!this.bulk) this.insertByUpdated(subset.byUpdated, row)
    }
  }

  /** Moves a row's updated_at to `updatedAt` (which must not be before any other's). */
  touch(row: number, updatedAt: number): void {
    if (this.bulk) {
      this.table.updatedAt[row] = updatedAt
      return
    }
    const subsets = this.subsetsOf(row)
    for (const subset of subsets) {
      subset.byUpdated.removeAt(this.positionByUpdated(subset.byUpdated, row))
    }
    this.table.updatedAt[row] = updatedAt
    for (const subset of subsets) this.insertByUpdated(subset.byUpdated, row)
  }

  /**
   * While generating history, rows are added and touched by the hundred thousand; keeping the
   * updated_at lists sorted each time would cost a shift of the whole list per touch. In bulk
   * mode only the id lists are kept and the updated_at lists are rebuilt once at the end.
   */
  beginBulk(): void {
    this.bulk = true
  }

  endBulk(): void {
    this.bulk = false
    for (const subset of this.subsets.values()) {
      subset.byUpdated.replace(this.sortByUpdated(subset.byId.view()))
    }
  }

  private subsetsOf(row: number): OrderedBills[] {
    const location = this.table.location[row] as number
    const kind = this.table.kind[row] as number
    return [
      this.subsetFor(null, null),
      this.subsetFor(null, kind),
      this.subsetFor(location, null),
      this.subsetFor(location, kind),
    ]
  }

  private subsetFor(location: number | null, kind: number | null): OrderedBills {
    const key = subsetKey(location, kind)
    let subset = this.subsets.get(key)
    if (!subset) {
      subset = new OrderedBills()
      this.subsets.set(key, subset)
    }
    return subset
  }

  /** Negative when row a comes before row b in (updated_at, id) order. */
  private compareByUpdated(a: number, b: number): number {
    const updated = this.table.updatedAt
    return (updated[a] as number) - (updated[b] as number) || a - b
  }

  private positionByUpdated(list: GrowableInt32, row: number): number {
    let low = 0
    let high = list.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.compareByUpdated(list.get(mid), row) < 0) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Rows are touched at the newest time, so the new place is at or near the end. */
  private insertByUpdated(list: GrowableInt32, row: number): void {
    let position = list.length
    while (position > 0 && this.compareByUpdated(list.get(position - 1), row) > 0) position--
    list.insertAt(position, row)
  }

  /**
   * Rows never changed since creation are already in (updated_at, id) order within id order;
   * only the changed ones need sorting, then the two runs are merged.
   */
  private sortByUpdated(rowsById: Int32Array): Int32Array {
    const { createdAt, updatedAt } = this.table
    const unchanged: number[] = []
    const changed: number[] = []
    for (const row of rowsById) {
      if (updatedAt[row] === createdAt[row]) unchanged.push(row)
      else changed.push(row)
    }
    changed.sort((a, b) => this.compareByUpdated(a, b))
    const merged = new Int32Array(rowsById.length)
    let u = 0
    let c = 0
    for (let out = 0; out < merged.length; out++) {
      const takeChanged =
        u >= unchanged.length ||
        (c < changed.length &&
          this.compareByUpdated(changed[c] as number, unchanged[u] as number) < 0)
      merged[out] = takeChanged ? (changed[c++] as number) : (unchanged[u++] as number)
    }
    return merged
  }
}

function subsetKey(location: number | null, kind: number | null): number {
  return ((location ?? -1) + 1) * 4 + ((kind ?? -1) + 1)
}
