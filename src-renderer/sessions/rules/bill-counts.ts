import type { BillType } from '../../../src-shared/domain/records'

/**
 * How many bills a business date holds, per location, type and payment state, and per payment
 * method among those, kept so the Bills screen counts a broad filter by adding a few stored
 * numbers instead of walking an index over a million bills. A bill counts once in its base cell
 * and once in the cell of each distinct method of its live payments (so a method's cells count
 * the bills paid at least partly that way, as the method filter means).
 */

export interface CountedBill {
  businessDate: string
  locationId: string
  type: BillType
  paymentState: string
  methods: readonly string[]
}

/** One business date's counts, by cell. */
export interface DayCounts {
  businessDate: string
  cells: Record<string, number>
}

/** What a count can be answered from: no session, no number, whole business dates. */
export interface CountableFilters {
  /** First business date, inclusive; null: from the first. */
  fromDate: string | null
  /** Last business date, exclusive; null: to the last. */
  toDate: string | null
  locationId: string | null
  type: BillType | null
  paymentState: string | null
  method: string | null
}

const SEP = '\u0000'

function cellKey(bill: Omit<CountedBill, 'businessDate' | 'methods'>, method: string): string {
  return [bill.locationId, bill.type, bill.paymentState, method].join(SEP)
}

/** The payment methods the counts hold a bill of (a cell at nought is not kept), in order. */
export function methodsIn(days: readonly DayCounts[]): string[] {
  const methods = new Set<string>()
  for (const { cells } of days)
    for (const cell of Object.keys(cells)) {
      const method = cell.slice(cell.lastIndexOf(SEP) + 1)
      if (method !== '') methods.add(method)
    }
  return [...methods].sort()
}

/** The cells a bill counts in: its base cell (method '') and one per method. */
function cellsOf(bill: CountedBill): string[] {
  return [cellKey(bill, ''), ...[...new Set(bill.methods)].map((m) => cellKey(bill, m))]
}

/** Count changes gathered while a write is prepared, by business date and cell. */
export class BillCountChanges {
  readonly #days = new Map<string, Map<string, number>>()

  remove(bill: CountedBill): void {
    this.#note(bill, -1)
  }

  add(bill: CountedBill): void {
    this.#note(bill, 1)
  }

  #note(bill: CountedBill, sign: 1 | -1): void {
    const cells = this.#days.get(bill.businessDate) ?? new Map<string, number>()
    for (const cell of cellsOf(bill)) cells.set(cell, (cells.get(cell) ?? 0) + sign)
    this.#days.set(bill.businessDate, cells)
  }

  get businessDates(): string[] {
    return [...this.#days.keys()]
  }

  /** The day's counts with the changes applied; cells that reach 0 are dropped. */
  applyTo(day: DayCounts): DayCounts {
    const cells = { ...day.cells }
    for (const [cell, change] of this.#days.get(day.businessDate) ?? []) {
      const count = (cells[cell] ?? 0) + change
      if (count === 0) delete cells[cell]
      else cells[cell] = count
    }
    return { businessDate: day.businessDate, cells }
  }
}

/** The bills of these days that match the filters (the days already within the date range). */
export function countIn(days: readonly DayCounts[], filters: CountableFilters): number {
  let total = 0
  for (const day of days)
    for (const [cell, count] of Object.entries(day.cells)) {
      const [locationId, type, paymentState, method] = cell.split(SEP)
      if (method !== (filters.method ?? '')) continue
      if (filters.locationId !== null && locationId !== filters.locationId) continue
      if (filters.type !== null && type !== filters.type) continue
      if (filters.paymentState !== null && paymentState !== filters.paymentState) continue
      total += count
    }
  return total
}
