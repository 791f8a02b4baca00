import Dexie, {
  cmp,
  type DBCoreKeyRange,
  type DBCoreRangeType,
  type DBCoreTransaction,
  type EntityTable,
  type IndexableType,
} from 'dexie'
import type { CachedBill } from '../../../database/cached-records'
import { MAX_KEY, type IndexRange, type KeyBounds } from './bill-index-ranges'

/** A place in an index: its key there and the record's primary key. */
export interface IndexPosition {
  key: IndexableType
  primaryKey: string
}

export interface WalkOptions {
  /** Start just after this position (where an earlier walk stopped). */
  after: IndexPosition | null
  /** Entries to step over first, without visiting them (the cursor skips them natively). */
  skip: number
  /** Read each record too (only to test it: it costs several times a key step). */
  values: boolean
}

// Dexie declares its range types as a const enum, which isolated modules cannot read.
const RANGE = 2 as DBCoreRangeType
const ANY = 3 as DBCoreRangeType

/**
 * Walks an index in order with a cursor and calls `visit` with each entry (and its record when
 * `values`) until it returns false or the range ends. Dexie's collections read every record
 * once a JavaScript filter is applied and cannot resume at a position; this cursor reads keys
 * only unless asked, resumes with `continuePrimaryKey` and skips with `advance`.
 */
export async function walkIndex(
  table: EntityTable<CachedBill, 'id'>,
  range: IndexRange,
  reverse: boolean,
  { after, skip, values }: WalkOptions,
  visit: (position: IndexPosition, bill: CachedBill | undefined) => boolean,
): Promise<void> {
  await table.db.transaction('r', table, async (tx) => {
    // The table's core exists once the database is open, as it is inside a transaction.
    const index = table.core.schema.indexes.find((i) => i.name === range.index)
    if (!index) throw new Error(`The bills table has no index ${range.index}`)
    const cursor = await table.core.openCursor({
      trans: tx.idbtrans as unknown as DBCoreTransaction,
      values,
      reverse,
      query: { index, range: resumedRange(range.bounds, reverse, after) },
    })
    if (!cursor) return
    // The cursor opens on the first entry with the anchor's key: jump to the anchor among
    // those, step past it (the walk that left it visited it), then skip.
    let anchor = after
    let toSkip = skip
    await cursor.start(() => {
      const position = { key: cursor.key as IndexableType, primaryKey: cursor.primaryKey as string }
      if (anchor) {
        const order = walkOrder(position, anchor) * (reverse ? -1 : 1)
        if (order < 0) return cursor.continuePrimaryKey(anchor.key, anchor.primaryKey)
        anchor = null
        if (order === 0) return cursor.continue()
      }
      if (toSkip > 0) {
        const steps = toSkip
        toSkip = 0
        return cursor.advance(steps)
      }
      if (visit(position, cursor.value as CachedBill | undefined)) cursor.continue()
      else cursor.stop()
    })
  })
}

/**
 * The range from the anchor's key on. Chromium moves a reverse cursor to a later key one entry
 * at a time, so resuming there by `continuePrimaryKey` from the range's start would cost the
 * whole distance again; a new range starts at the key at once.
 */
function resumedRange(
  bounds: KeyBounds | null,
  reverse: boolean,
  after: IndexPosition | null,
): DBCoreKeyRange {
  if (!after) return bounds ? { type: RANGE, ...bounds } : { type: ANY, lower: null, upper: null }
  const whole = { lower: Dexie.minKey, upper: MAX_KEY, lowerOpen: false, upperOpen: false }
  const from = bounds ?? whole
  return reverse
    ? { type: RANGE, ...from, upper: after.key, upperOpen: false }
    : { type: RANGE, ...from, lower: after.key, lowerOpen: false }
}

function walkOrder(a: IndexPosition, b: IndexPosition): number {
  return cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey)
}
