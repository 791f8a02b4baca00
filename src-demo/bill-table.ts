/**
 * Compact storage of every bill's summary: one typed-array column per field, a row per bill.
 * The row number is the bill's position in id order (ids are handed out as bills are created,
 * and creation times never go back, so id order is also created_at order).
 * Lines, taxes and the like are not stored here; see Shop.content.
 */

import { grown, nextCapacity } from './growable'

export const BILL_TYPES = ['sale', 'refund', 'void'] as const
export type BillType = (typeof BILL_TYPES)[number]
export const SALE = 0
export const REFUND = 1
export const VOID = 2

/** Sale flags. */
export const FLAG_VOIDED = 1
export const FLAG_FULLY_REFUNDED = 2

export interface BillRow {
  kind: number
  location: number
  session: number
  /** Row of the parent bill, -1 for a sale. */
  parent: number
  number: number
  createdAt: number
  total: number
  totalTax: number
  amountPaid: number
}

export class BillTable {
  length = 0
  kind = new Uint8Array(0)
  flags = new Uint8Array(0)
  location = new Uint16Array(0)
  session = new Int32Array(0)
  parent = new Int32Array(0)
  number = new Int32Array(0)
  /** Unix seconds. */
  createdAt = new Float64Array(0)
  updatedAt = new Float64Array(0)
  /** Integer minor units. */
  total = new Float64Array(0)
  totalTax = new Float64Array(0)
  amountPaid = new Float64Array(0)

  constructor(capacity = 1024) {
    this.reserve(capacity)
  }

  reserve(capacity: number): void {
    if (capacity <= this.kind.length) return
    this.kind = grown(this.kind, capacity)
    this.flags = grown(this.flags, capacity)
    this.location = grown(this.location, capacity)
    this.session = grown(this.session, capacity)
    this.parent = grown(this.parent, capacity)
    this.number = grown(this.number, capacity)
    this.createdAt = grown(this.createdAt, capacity)
    this.updatedAt = grown(this.updatedAt, capacity)
    this.total = grown(this.total, capacity)
    this.totalTax = grown(this.totalTax, capacity)
    this.amountPaid = grown(this.amountPaid, capacity)
  }

  append(row: BillRow): number {
    const index = this.length
    if (index === this.kind.length) this.reserve(nextCapacity(this.kind.length, index + 1))
    this.kind[index] = row.kind
    this.flags[index] = 0
    this.location[index] = row.location
    this.session[index] = row.session
    this.parent[index] = row.parent
    this.number[index] = row.number
    this.createdAt[index] = row.createdAt
    this.updatedAt[index] = row.createdAt
    this.total[index] = row.total
    this.totalTax[index] = row.totalTax
    this.amountPaid[index] = row.amountPaid
    this.length++
    return index
  }
}
