import { cmp, type IndexableType } from 'dexie'
import type { TillDatabase } from '../../cache/database'
import type { CachedBill } from '../../cache/records'
import type { BillFilters, BillSort } from './bill-filters'
import {
  filterRanges,
  SESSION_INDEX,
  SORT_INDEX,
  sortTuple,
  wholeIndex,
  type FilterRange,
  type IndexRange,
} from './bill-index-ranges'
import { walkIndexKeys, type IndexPosition } from './index-walk'

/**
 * The Bills screen's query planner: counts and pages of bills for any filters and order, read
 * through the cache's indexes, never loading every bill.
 *
 * Matching: every filter is a range on an index (`filterRanges`), and the matching bills are the
 * intersection of those ranges. Each range is counted (IndexedDB counts without reading records).
 * A single range is the match itself. Otherwise the smallest range's primary keys are read and
 * intersected with those of the ranges not much bigger; the bills left are read to test the
 * filters whose ranges were too big to list. The count is the size of what remains.
 *
 * Order, for a page at `offset`:
 * - no filter, or one filter whose range lists bills in the sort's order (the sort column's own
 *   index; for time, also one session's range): that range, skipped to `offset` by the cursor
 *   and `limit` keys read;
 * - otherwise, the sort index's keys are walked (a key cursor: no record is read) keeping the
 *   matching ones, resuming where an earlier page stopped; or, when reading the matching bills
 *   once costs less than that walk, they are read and sorted in memory, and later pages are
 *   slices. Paid and due have no index in schema v3, so those orders are sorted in memory.
 * Then the page's bills are read by primary key.
 *
 * An instance answers for the cache as it is: make a new one when the cache changes.
 */
export class BillQueries {
  private matchMemo: { key: string; match: Promise<Match> } | null = null
  private orderMemo: { key: string; order: OrderState } | null = null
  private nullSessionMemo: Promise<string[]> | null = null

  constructor(private readonly db: TillDatabase) {}

  async count(filters: BillFilters): Promise<number> {
    return (await this.match(filters)).size
  }

  async page(
    filters: BillFilters,
    sort: BillSort,
    offset: number,
    limit: number,
  ): Promise<CachedBill[]> {
    const match = await this.match(filters)
    if (limit <= 0 || offset >= match.size) return []
    const keys = await this.pageKeys(match, sort, offset, limit)
    const bills = await this.db.bills.bulkGet(keys)
    return bills.filter((bill): bill is CachedBill => bill !== undefined)
  }

  private match(filters: BillFilters): Promise<Match> {
    const key = JSON.stringify(filters)
    if (this.matchMemo?.key !== key)
      this.matchMemo = { key, match: findMatch(this.db, filterRanges(filters)) }
    return this.matchMemo.match
  }

  private async pageKeys(
    match: Match,
    sort: BillSort,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const indexName = SORT_INDEX[sort.column]
    const indexed = indexName in this.db.bills.schema.idxByName
    if (indexed && match.kind === 'all') {
      if (indexName === SESSION_INDEX) return this.sessionOrderKeys(sort.desc, offset, limit)
      return rangeKeys(this.db, wholeIndex(indexName), sort.desc, offset, limit)
    }
    if (indexed && match.kind === 'range' && listsInOrder(match.range, sort))
      return rangeKeys(this.db, match.range, sort.desc, offset, limit)

    const order = this.order(match, sort)
    if (!order.sorted) {
      const walkCost = indexed ? await this.walkCost(order, match.size, offset, limit) : Infinity
      if (walkCost <= match.size * VALUE_READ_COST)
        return this.walk(order, await memberKeys(this.db, match), sort.desc, offset, limit)
      order.sorted = sortInMemory(this.db, match, sort)
    }
    return (await order.sorted).slice(offset, offset + limit)
  }

  private order(match: Match, sort: BillSort): OrderState {
    const key = `${this.matchMemo?.key}|${sort.column}|${sort.desc}`
    if (this.orderMemo?.key !== key) {
      // A filter whose range lists bills in the sort's order narrows the walk.
      const narrowed = match.kind === 'set' && match.ranges.find((r) => listsInOrder(r, sort))
      const source = narrowed || wholeIndex(SORT_INDEX[sort.column])
      this.orderMemo = { key, order: { source, sourceSize: null, anchors: [], sorted: null } }
    }
    return this.orderMemo.order
  }

  /** Index entries the walk would step over to reach `end` matches, from the nearest anchor. */
  private async walkCost(
    order: OrderState,
    matches: number,
    offset: number,
    limit: number,
  ): Promise<number> {
    order.sourceSize ??= countRange(this.db, order.source)
    const fromOrdinal = nearestAnchor(order, offset)?.ordinal ?? 0
    return ((offset + limit - fromOrdinal) * (await order.sourceSize)) / Math.max(1, matches)
  }

  /**
   * The matching keys at [offset, offset + limit) of the walk order. The session index lacks
   * bills without a session: they follow it (ascending) or precede it (descending), by id.
   */
  private async walk(
    order: OrderState,
    members: Set<string>,
    desc: boolean,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const sessionless =
      order.source.index === SESSION_INDEX && order.source.bounds === null
        ? (await this.nullSessionKeys()).filter((key) => members.has(key))
        : []
    if (desc) {
      const first = [...sessionless].reverse().slice(offset, offset + limit)
      const from = Math.max(0, offset - sessionless.length)
      const rest = limit - first.length
      return rest > 0
        ? [...first, ...(await this.walkIndex(order, members, true, from, rest))]
        : first
    }
    const keys = await this.walkIndex(order, members, false, offset, limit)
    if (keys.length === limit || sessionless.length === 0) return keys
    const indexMatches = members.size - sessionless.length
    const from = Math.max(0, offset - indexMatches)
    return [...keys, ...sessionless.slice(from, from + limit - keys.length)]
  }

  private async walkIndex(
    order: OrderState,
    members: Set<string>,
    desc: boolean,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const anchor = nearestAnchor(order, offset)
    let ordinal = anchor?.ordinal ?? 0
    let last = anchor?.position ?? null
    const keys: string[] = []
    await walkIndexKeys(this.db.bills, order.source, desc, last, (position) => {
      if (!members.has(position.primaryKey)) return true
      if (ordinal >= offset) keys.push(position.primaryKey)
      ordinal += 1
      last = position
      return keys.length < limit
    })
    if (last) addAnchor(order, { ordinal, position: last })
    return keys
  }

  /** Every bill in session order: the session index, then the bills without a session. */
  private async sessionOrderKeys(desc: boolean, offset: number, limit: number): Promise<string[]> {
    const sessionless = await this.nullSessionKeys()
    const end = offset + limit
    const inIndex = async (from: number, to: number): Promise<string[]> =>
      from < to ? rangeKeys(this.db, wholeIndex(SESSION_INDEX), desc, from, to - from) : []
    if (desc) {
      const first = [...sessionless].reverse().slice(offset, end)
      const skip = sessionless.length
      return [...first, ...(await inIndex(Math.max(0, offset - skip), Math.max(0, end - skip)))]
    }
    const indexed = (await this.db.bills.count()) - sessionless.length
    const head = await inIndex(offset, Math.min(end, indexed))
    return [
      ...head,
      ...sessionless.slice(Math.max(0, offset - indexed), Math.max(0, end - indexed)),
    ]
  }

  private nullSessionKeys(): Promise<string[]> {
    this.nullSessionMemo ??= (async () => {
      const [all, indexed] = await Promise.all([
        this.db.bills.count(),
        countRange(this.db, wholeIndex(SESSION_INDEX)),
      ])
      if (all === indexed) return []
      // Rare (the service puts every bill in a session): found by reading every bill once.
      const keys = await this.db.bills.filter((b) => b.registerSessionId === null).primaryKeys()
      return keys.sort(cmp)
    })()
    return this.nullSessionMemo
  }
}

/** Reading a bill costs about this many steps of a key cursor (a planning estimate). */
const VALUE_READ_COST = 8
const READ_CHUNK = 2_000
const MAX_ANCHORS = 500

type Match =
  | { kind: 'all'; size: number }
  | { kind: 'range'; size: number; range: FilterRange; keys?: Promise<Set<string>> }
  | { kind: 'set'; size: number; ranges: FilterRange[]; keys: Set<string> }

interface Anchor {
  /** How many matches come before and at `position` in walk order. */
  ordinal: number
  position: IndexPosition
}

interface OrderState {
  source: IndexRange
  sourceSize: Promise<number> | null
  anchors: Anchor[]
  sorted: Promise<string[]> | null
}

/**
 * Whether a filter's range lists its bills in the sort's order: a range of the sort column's own
 * index, or one session's range of the session index for time (in a session, it is time order).
 */
function listsInOrder(range: IndexRange, sort: BillSort): boolean {
  if (range.index === SORT_INDEX[sort.column]) return true
  return sort.column === 'time' && range.index === SESSION_INDEX && range.bounds !== null
}

function collection(db: TillDatabase, { index, bounds }: IndexRange) {
  if (!bounds) return db.bills.orderBy(index)
  return db.bills
    .where(index)
    .between(bounds.lower, bounds.upper, !bounds.lowerOpen, !bounds.upperOpen)
}

function countRange(db: TillDatabase, range: IndexRange): Promise<number> {
  return collection(db, range).count()
}

function rangeKeys(
  db: TillDatabase,
  range: IndexRange,
  reverse: boolean,
  offset: number,
  limit: number,
): Promise<string[]> {
  const keys = collection(db, range)
  return (reverse ? keys.reverse() : keys).offset(offset).limit(limit).primaryKeys()
}

async function findMatch(db: TillDatabase, ranges: FilterRange[]): Promise<Match> {
  if (ranges.length === 0) return { kind: 'all', size: await db.bills.count() }
  const sized = await Promise.all(
    ranges.map(async (range) => ({ range, size: await countRange(db, range) })),
  )
  if (sized.length === 1) return { kind: 'range', size: sized[0]!.size, range: ranges[0]! }
  sized.sort((a, b) => a.size - b.size)
  const [smallest, ...others] = sized as [(typeof sized)[0], ...typeof sized]
  let keys = new Set(await collection(db, smallest.range).primaryKeys())
  const testByValue: FilterRange[] = []
  for (const other of others) {
    if (keys.size === 0) break
    if (other.size > keys.size * VALUE_READ_COST) testByValue.push(other.range)
    else {
      const otherKeys = await collection(db, other.range).primaryKeys()
      keys = new Set(otherKeys.filter((key) => keys.has(key)))
    }
  }
  if (testByValue.length > 0 && keys.size > 0) {
    const kept: string[] = []
    await readBills(db, [...keys], (bill) => {
      if (testByValue.every((range) => range.matches(bill))) kept.push(bill.id)
    })
    keys = new Set(kept)
  }
  return { kind: 'set', size: keys.size, ranges, keys }
}

function memberKeys(db: TillDatabase, match: Match): Promise<Set<string>> {
  if (match.kind === 'set') return Promise.resolve(match.keys)
  if (match.kind === 'all') throw new Error('Every bill matches: no key set to test against')
  match.keys ??= collection(db, match.range)
    .primaryKeys()
    .then((keys) => new Set(keys))
  return match.keys
}

async function readBills(
  db: TillDatabase,
  keys: string[],
  visit: (bill: CachedBill) => void,
): Promise<void> {
  for (let start = 0; start < keys.length; start += READ_CHUNK) {
    for (const bill of await db.bills.bulkGet(keys.slice(start, start + READ_CHUNK)))
      if (bill) visit(bill)
  }
}

/** The matching keys in the sort's order, from the bills themselves. */
async function sortInMemory(db: TillDatabase, match: Match, sort: BillSort): Promise<string[]> {
  const entries: Array<{ tuple: IndexableType; id: string }> = []
  const note = (bill: CachedBill): void => {
    entries.push({ tuple: sortTuple(bill, sort.column), id: bill.id })
  }
  if (match.kind === 'all') await db.bills.each(note)
  else await readBills(db, [...(await memberKeys(db, match))], note)
  entries.sort((a, b) => cmp(a.tuple, b.tuple))
  if (sort.desc) entries.reverse()
  return entries.map((entry) => entry.id)
}

function nearestAnchor(order: OrderState, ordinal: number): Anchor | undefined {
  return order.anchors.findLast((anchor) => anchor.ordinal <= ordinal)
}

function addAnchor(order: OrderState, anchor: Anchor): void {
  const { anchors } = order
  if (anchors.some((a) => a.ordinal === anchor.ordinal)) return
  anchors.push(anchor)
  anchors.sort((a, b) => a.ordinal - b.ordinal)
  if (anchors.length > MAX_ANCHORS) anchors.splice(1, 1)
}
