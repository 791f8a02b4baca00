import Dexie, { cmp, type IndexableType } from 'dexie'
import type { CachedBill } from '../../../database/cached-records'
import type { BillFilters, BillSort, BillSortColumn } from './bill-filters'

export interface KeyBounds {
  lower: IndexableType
  upper: IndexableType
  lowerOpen: boolean
  upperOpen: boolean
}

/** A key range on one index of the bills table; null bounds: the whole index. */
export interface IndexRange {
  index: string
  bounds: KeyBounds | null
}

/** A filter as an index range, with the same test on a bill for when it is checked by value. */
export interface FilterRange extends IndexRange {
  matches(bill: CachedBill): boolean
}

export const SESSION_INDEX = '[registerSessionId+createdAt]'
const LOCATION_INDEX = '[locationId+businessDate]'
const TYPE_INDEX = '[type+createdAt]'
const STATE_INDEX = '[paymentState+createdAt]'
/** Indexes whose range of one first part lists bills in time order. */
const TIMED_INDEXES = new Set([SESSION_INDEX, TYPE_INDEX, STATE_INDEX])

/** Which index gives each column's order. */
export const SORT_INDEX: Record<BillSortColumn, string> = {
  number: 'numberKey',
  time: 'createdAt',
  type: TYPE_INDEX,
  location: LOCATION_INDEX,
  session: SESSION_INDEX,
  total: 'total',
  paid: 'amountPaid',
  due: 'amountDue',
  state: STATE_INDEX,
}

/**
 * Above every key the cache holds (an array key sorts after strings and numbers, and compares
 * element by element). `Dexie.maxKey` falls back to a string where it cannot probe the backend.
 */
export const MAX_KEY: IndexableType = [[]]

/** A key of a two-part index. */
const pair = (first: string, second: IndexableType): IndexableType =>
  [first, second] as IndexableType

export function wholeIndex(index: string): IndexRange {
  return { index, bounds: null }
}

function filterRange(
  index: string,
  bounds: KeyBounds,
  matches: FilterRange['matches'],
): FilterRange {
  return { index, bounds, matches }
}

function equalTo(index: string, value: string, matches: FilterRange['matches']): FilterRange {
  return filterRange(
    index,
    { lower: value, upper: value, lowerOpen: false, upperOpen: false },
    matches,
  )
}

/** The entries of a two-part index whose first part is `value`. */
function firstPartIs(index: string, value: string, matches: FilterRange['matches']): FilterRange {
  return filterRange(
    index,
    {
      lower: pair(value, Dexie.minKey),
      upper: pair(value, MAX_KEY),
      lowerOpen: false,
      upperOpen: false,
    },
    matches,
  )
}

// No zone is more than 14 hours from UTC: a bill's business date, in whatever zone it was
// computed, lies within these UTC dates of its creation time.
const MAX_ZONE_OFFSET_MS = 14 * 3600_000
const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/**
 * The filters as index ranges. Their intersection is exactly the bills that match: a location
 * with dates narrows by business date only roughly, so the creation time range is kept beside
 * it; a session with dates is exact on `[registerSessionId+createdAt]`.
 */
export function filterRanges(filters: BillFilters): FilterRange[] {
  const { createdFrom: from, createdTo: to } = filters
  const inDates = (b: CachedBill): boolean =>
    (from === null || b.createdAt >= from) && (to === null || b.createdAt < to)
  const ranges: FilterRange[] = []
  if (filters.registerSessionId !== null) {
    const session = filters.registerSessionId
    ranges.push(
      filterRange(
        SESSION_INDEX,
        {
          lower: pair(session, from ?? Dexie.minKey),
          upper: pair(session, to ?? MAX_KEY),
          lowerOpen: false,
          upperOpen: to !== null,
        },
        (b) => b.registerSessionId === session && inDates(b),
      ),
    )
  } else if (from !== null || to !== null) {
    ranges.push(
      filterRange(
        'createdAt',
        {
          lower: from ?? Dexie.minKey,
          upper: to ?? MAX_KEY,
          lowerOpen: false,
          upperOpen: to !== null,
        },
        inDates,
      ),
    )
  }
  if (filters.locationId !== null) {
    const location = filters.locationId
    ranges.push(
      filterRange(
        LOCATION_INDEX,
        {
          lower: pair(location, from === null ? Dexie.minKey : utcDate(from - MAX_ZONE_OFFSET_MS)),
          upper: pair(location, to === null ? MAX_KEY : utcDate(to + MAX_ZONE_OFFSET_MS)),
          lowerOpen: false,
          upperOpen: false,
        },
        (b) => b.locationId === location,
      ),
    )
  }
  const { type, method, paymentState } = filters
  if (type !== null) ranges.push(firstPartIs(TYPE_INDEX, type, (b) => b.type === type))
  if (method !== null) ranges.push(equalTo('methods', method, (b) => b.methods.includes(method)))
  if (paymentState !== null)
    ranges.push(firstPartIs(STATE_INDEX, paymentState, (b) => b.paymentState === paymentState))
  const prefix = filters.numberPrefix.trim().toLowerCase()
  if (prefix !== '')
    ranges.push(
      filterRange(
        'numberKey',
        { lower: prefix, upper: prefix + '\uffff', lowerOpen: false, upperOpen: false },
        (b) => b.numberKey.startsWith(prefix),
      ),
    )
  return ranges
}

/** Whether a range holds no key at all (a "from" after its "to"); IndexedDB refuses such bounds. */
export function isEmptyRange({ bounds }: IndexRange): boolean {
  if (!bounds) return false
  const order = cmp(bounds.lower, bounds.upper)
  return order > 0 || (order === 0 && (bounds.lowerOpen || bounds.upperOpen))
}

/**
 * Whether a range lists its bills in the sort's order: a range of the sort column's own index,
 * or for time one session's, one type's or one payment state's range (each in time order).
 */
export function listsInOrder(range: IndexRange, sort: BillSort): boolean {
  if (range.index === SORT_INDEX[sort.column]) return true
  return sort.column === 'time' && TIMED_INDEXES.has(range.index) && range.bounds !== null
}

/** What the orders compare. */
type SortFields = Pick<
  CachedBill,
  | 'id'
  | 'numberKey'
  | 'createdAt'
  | 'type'
  | 'locationId'
  | 'businessDate'
  | 'registerSessionId'
  | 'total'
  | 'amountPaid'
  | 'amountDue'
  | 'paymentState'
>

/** The key a column sorts by, in IndexedDB key order, ending in the bill id as an index does. */
function sortKey(bill: SortFields, column: BillSortColumn): IndexableType {
  switch (column) {
    case 'number':
      return [bill.numberKey, bill.id]
    case 'time':
      return [bill.createdAt, bill.id]
    case 'type':
      return [bill.type, bill.createdAt, bill.id]
    case 'location':
      return [bill.locationId, bill.businessDate, bill.id]
    case 'session':
      return [bill.registerSessionId ?? '', bill.createdAt, bill.id]
    case 'total':
      return [bill.total, bill.id]
    case 'paid':
      return [bill.amountPaid, bill.id]
    case 'due':
      return [bill.amountDue, bill.id]
    case 'state':
      return [bill.paymentState, bill.createdAt, bill.id]
  }
}

/** The list order of `BillSort`, as a comparison of two bills. */
export function billOrder(sort: BillSort): (a: SortFields, b: SortFields) => number {
  return (a, b) => {
    if (sort.column === 'session') {
      const [aNone, bNone] = [a.registerSessionId === null, b.registerSessionId === null]
      if (aNone || bNone) return aNone && bNone ? cmp(a.id, b.id) : aNone ? 1 : -1
    }
    const order = cmp(sortKey(a, sort.column), sortKey(b, sort.column))
    return sort.desc ? -order : order
  }
}
