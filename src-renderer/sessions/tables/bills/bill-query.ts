import { cmp } from 'dexie'
import { storedBillCount } from '../bill-count-store'
import type { TillDatabase } from '../../../database/database'
import type { CachedBill } from '../../../database/cached-records'
import type { BillFilters, BillSort } from './bill-filters'
import {
  billOrder,
  filterRanges,
  isEmptyRange,
  listsInOrder,
  SESSION_INDEX,
  SORT_INDEX,
  wholeIndex,
  type FilterRange,
  type IndexRange,
} from './bill-index-ranges'
import { walkIndex, type IndexPosition } from './index-walk'

/**
 * The Bills screen's query planner: pages and counts of bills for any filters and order, read
 * through the cache's indexes. In Chromium, IndexedDB counts and key lists cost time in
 * proportion to the range (about 1–5 µs an entry), a cursor step about 12 µs and reading a
 * bill about 100 µs; the plan keeps first rows to a few hundred of those at most, and never
 * waits for the count.
 *
 * Every filter is a range on an index (`filterRanges`); the matching bills are the
 * intersection. Each range is probed for at most `probeLimit` keys, which tells a small range
 * (all its keys now in hand) from a broad one.
 *
 * Pages:
 * - no filter, or one filter whose range lists bills in the sort's order (its own index; for
 *   time, also one session's, type's or payment state's range): that range, walked from the
 *   nearest earlier page's end, skipping natively to the offset;
 * - some filter small: the small ranges' keys intersected, the bills read to test the broad
 *   filters and sorted in memory (at most `probeLimit` bills), unless a small range lists them
 *   in order and nothing else needs testing, when it is walked instead;
 * - every filter broad: the sort index (or a filter's range that lists in order) is walked,
 *   each bill read to test the filters; broad filters match many bills, so a page is near,
 *   unless their bills lie far along the order (one week, sorted by number).
 *
 * Counts: given the shop's time zone, the counts kept per business day (sessions/tables/bill-count-store.ts)
 * whenever they can answer; else the table's count, one range's count, the small intersection's
 * size; with only broad filters, the intersection of their keys (seconds on a million bills;
 * pages do not wait).
 *
 * An instance answers for the cache as it is: make a new one when the cache changes.
 */
export class BillQueries {
  private readonly probeLimit: number
  private readonly timeZone: string | null
  private probeMemo: Memo<Probe> | null = null
  /** Every count asked of this instance: going back to earlier filters (clearing them) is free. */
  private readonly counts = new Map<string, Promise<number>>()
  private orderMemo: { key: string; order: OrderState } | null = null
  private sessionlessMemo: Promise<string[]> | null = null

  constructor(
    private readonly db: TillDatabase,
    options: { probeLimit?: number; timeZone?: string } = {},
  ) {
    this.probeLimit = options.probeLimit ?? PROBE_LIMIT
    this.timeZone = options.timeZone ?? null
  }

  count(filters: BillFilters): Promise<number> {
    const key = JSON.stringify(filters)
    let count = this.counts.get(key)
    if (!count) {
      count = this.countMatches(filters)
      this.counts.set(key, count)
      // A failed count is asked again next time, not remembered.
      count.catch(() => this.counts.delete(key))
    }
    return count
  }

  async page(
    filters: BillFilters,
    sort: BillSort,
    offset: number,
    limit: number,
  ): Promise<CachedBill[]> {
    if (limit <= 0) return []
    const order = this.order(filters, sort)
    const plan = await order.plan
    const keys =
      plan.kind === 'sorted'
        ? plan.ids.slice(offset, offset + limit)
        : await this.walkPage(order, plan, offset, limit)
    const bills = await this.db.bills.bulkGet(keys)
    return bills.filter((bill): bill is CachedBill => bill !== undefined)
  }

  private async countMatches(filters: BillFilters): Promise<number> {
    if (this.timeZone !== null) {
      const stored = await storedBillCount(this.db, filters, this.timeZone)
      if (stored !== null) return stored
    }
    const ranges = filterRanges(filters)
    if (ranges.some(isEmptyRange)) return 0
    if (ranges.length === 0) return this.db.bills.count()
    if (ranges.length === 1) return collection(this.db, ranges[0]!).count()
    const { candidates } = await this.probe(filters)
    if (candidates) return (await candidates).keys.size
    const [first, ...rest] = await Promise.all(
      ranges.map((range) => collection(this.db, range).primaryKeys()),
    )
    let keys = new Set(first)
    for (const listed of rest) keys = new Set(listed.filter((key) => keys.has(key)))
    return keys.size
  }

  private probe(filters: BillFilters): Promise<Probe> {
    const key = JSON.stringify(filters)
    if (this.probeMemo?.key !== key)
      this.probeMemo = { key, value: this.probeRanges(filterRanges(filters)) }
    return this.probeMemo.value
  }

  private async probeRanges(ranges: FilterRange[]): Promise<Probe> {
    const listed = await Promise.all(
      ranges.map(async (range) => ({
        range,
        keys: await collection(this.db, range)
          .limit(this.probeLimit + 1)
          .primaryKeys(),
      })),
    )
    const small = listed
      .filter((entry) => entry.keys.length <= this.probeLimit)
      .sort((a, b) => a.keys.length - b.keys.length)
    const broad = listed.filter((entry) => entry.keys.length > this.probeLimit).map((e) => e.range)
    const candidates = small.length > 0 ? this.findCandidates(small, broad) : null
    return { small, broad, candidates }
  }

  /** The bills matching every filter, from the small ranges' keys and tests of the broad. */
  private async findCandidates(small: Probe['small'], broad: FilterRange[]): Promise<Candidates> {
    let keys = new Set(small[0]!.keys)
    for (const { keys: other } of small.slice(1)) keys = new Set(other.filter((k) => keys.has(k)))
    if (broad.length === 0) return { keys, bills: null }
    const bills = await readBills(this.db, [...keys])
    const kept = bills.filter((bill) => broad.every((range) => range.matches(bill)))
    return { keys: new Set(kept.map((bill) => bill.id)), bills: kept }
  }

  private order(filters: BillFilters, sort: BillSort): OrderState {
    const key = JSON.stringify([filters, sort])
    if (this.orderMemo?.key !== key)
      this.orderMemo = { key, order: { plan: this.plan(filters, sort), anchors: [] } }
    return this.orderMemo.order
  }

  private async plan(filters: BillFilters, sort: BillSort): Promise<Plan> {
    const ranges = filterRanges(filters)
    if (ranges.some(isEmptyRange)) return { kind: 'sorted', ids: [] }
    const sortIndex = SORT_INDEX[sort.column]
    const walk = (source: IndexRange, keys: Set<string> | null, tests: FilterRange[]): Plan => ({
      kind: 'walk',
      source,
      desc: sort.desc,
      keys,
      tests,
    })
    if (ranges.length === 0) return walk(wholeIndex(sortIndex), null, [])
    if (ranges.length === 1 && listsInOrder(ranges[0]!, sort)) return walk(ranges[0]!, null, [])
    const { small, broad, candidates } = await this.probe(filters)
    if (candidates) {
      const { keys, bills } = await candidates
      const ordered = small.find((entry) => listsInOrder(entry.range, sort))
      if (ordered && broad.length === 0) return walk(ordered.range, keys, [])
      const sorted = (bills ?? (await readBills(this.db, [...keys]))).sort(billOrder(sort))
      return { kind: 'sorted', ids: sorted.map((bill) => bill.id) }
    }
    const source = ranges.find((range) => listsInOrder(range, sort)) ?? wholeIndex(sortIndex)
    return walk(
      source,
      null,
      ranges.filter((range) => range !== source),
    )
  }

  /**
   * The matching keys at [offset, offset + limit) of a walk, resumed from the nearest anchor.
   * The session index lacks bills without a session: when walking all of it, they follow it.
   */
  private async walkPage(
    order: OrderState,
    plan: WalkPlan,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const everyEntry = plan.keys === null && plan.tests.length === 0
    const anchor = order.anchors.findLast((a) => a.ordinal <= offset) ?? null
    const skip = everyEntry ? offset - (anchor?.ordinal ?? 0) : 0
    let ordinal = (anchor?.ordinal ?? 0) + skip
    let last: IndexPosition | null = null
    const keys: string[] = []
    const options = { after: anchor?.position ?? null, skip, values: plan.tests.length > 0 }
    await walkIndex(this.db.bills, plan.source, plan.desc, options, (position, bill) => {
      if (plan.keys && !plan.keys.has(position.primaryKey)) return true
      if (bill && !plan.tests.every((range) => range.matches(bill))) return true
      if (ordinal >= offset) keys.push(position.primaryKey)
      ordinal += 1
      last = position
      return keys.length < limit
    })
    if (last) addAnchor(order, { ordinal, position: last })
    const wholeSessionIndex = plan.source.index === SESSION_INDEX && plan.source.bounds === null
    if (keys.length === limit || !wholeSessionIndex) return keys

    // The walk reached the end of the index: `ordinal` counts its matches, unless the skip
    // overshot it.
    const indexMatches =
      last === null && skip > 0 ? await collection(this.db, plan.source).count() : ordinal
    const sessionless = await this.matchingSessionless(plan)
    const from = Math.max(0, offset - indexMatches)
    return [...keys, ...sessionless.slice(from, from + limit - keys.length)]
  }

  private async matchingSessionless(plan: WalkPlan): Promise<string[]> {
    this.sessionlessMemo ??= this.db.bills
      .filter((bill) => bill.registerSessionId === null)
      .primaryKeys()
      .then((keys) => keys.sort(cmp))
    const all = await this.sessionlessMemo
    const known = plan.keys
    const listed = known ? all.filter((key) => known.has(key)) : all
    if (plan.tests.length === 0) return listed
    const bills = await readBills(this.db, listed)
    return bills.filter((b) => plan.tests.every((range) => range.matches(b))).map((b) => b.id)
  }
}

/** Keys read from a filter's range to tell a small range from a broad one. */
const PROBE_LIMIT = 10_000
const READ_CHUNK = 2_000
const MAX_ANCHORS = 500

interface Memo<T> {
  key: string
  value: Promise<T>
}

interface Probe {
  /** Ranges of at most `probeLimit` bills, with all their keys, smallest first. */
  small: Array<{ range: FilterRange; keys: string[] }>
  broad: FilterRange[]
  /** The matching bills when some range is small. */
  candidates: Promise<Candidates> | null
}

interface Candidates {
  keys: Set<string>
  /** The bills themselves, when they had to be read to test a broad filter. */
  bills: CachedBill[] | null
}

interface WalkPlan {
  kind: 'walk'
  /** The range walked, in the sort's order. */
  source: IndexRange
  desc: boolean
  /** Only these keys match, when known. */
  keys: Set<string> | null
  /** Filters each bill met on the walk is read and tested against. */
  tests: FilterRange[]
}

type Plan = WalkPlan | { kind: 'sorted'; ids: string[] }

interface Anchor {
  /** How many matches come up to and including `position` in walk order. */
  ordinal: number
  position: IndexPosition
}

interface OrderState {
  plan: Promise<Plan>
  anchors: Anchor[]
}

function collection(db: TillDatabase, { index, bounds }: IndexRange) {
  if (!bounds) return db.bills.orderBy(index)
  return db.bills
    .where(index)
    .between(bounds.lower, bounds.upper, !bounds.lowerOpen, !bounds.upperOpen)
}

async function readBills(db: TillDatabase, keys: string[]): Promise<CachedBill[]> {
  const bills: CachedBill[] = []
  for (let start = 0; start < keys.length; start += READ_CHUNK) {
    for (const bill of await db.bills.bulkGet(keys.slice(start, start + READ_CHUNK)))
      if (bill) bills.push(bill)
  }
  return bills
}

function addAnchor(order: OrderState, anchor: Anchor): void {
  const { anchors } = order
  if (anchors.some((a) => a.ordinal === anchor.ordinal)) return
  anchors.push(anchor)
  anchors.sort((a, b) => a.ordinal - b.ordinal)
  if (anchors.length > MAX_ANCHORS) anchors.splice(1, 1)
}
