import {
  cmp,
  type DBCoreRangeType,
  type DBCoreTransaction,
  type IndexableType,
  type Table,
} from 'dexie'
import type { IndexRange } from './bill-index-ranges'

/** A place in an index: its key there and the record's primary key. */
export interface IndexPosition {
  key: IndexableType
  primaryKey: string
}

// Dexie declares its range types as a const enum, which isolated modules cannot read.
const RANGE = 2 as DBCoreRangeType
const ANY = 3 as DBCoreRangeType

/**
 * Walks an index's keys in order (no record is read), from just after `after` when given, and
 * calls `visit` with each entry until it returns false or the range ends. Dexie's collections
 * read every record once a JavaScript filter is applied; the key cursor does not, and can resume
 * at a position with `continuePrimaryKey`.
 */
export async function walkIndexKeys(
  table: Table,
  range: IndexRange,
  reverse: boolean,
  after: IndexPosition | null,
  visit: (position: IndexPosition) => boolean,
): Promise<void> {
  const index = table.core.schema.indexes.find((i) => i.name === range.index)
  if (!index) throw new Error(`The bills table has no index ${range.index}`)
  await table.db.transaction('r', table, async (tx) => {
    const cursor = await table.core.openCursor({
      trans: tx.idbtrans as unknown as DBCoreTransaction,
      values: false,
      reverse,
      query: {
        index,
        range: range.bounds
          ? { type: RANGE, ...range.bounds }
          : { type: ANY, lower: null, upper: null },
      },
    })
    if (!cursor) return
    // The cursor opens on the range's first entry: jump to the anchor, then step past it, as the
    // walk that left it has visited it.
    let anchor = after
    await cursor.start(() => {
      const position = { key: cursor.key as IndexableType, primaryKey: cursor.primaryKey as string }
      if (anchor) {
        const order = walkOrder(position, anchor) * (reverse ? -1 : 1)
        if (order < 0) return cursor.continuePrimaryKey(anchor.key, anchor.primaryKey)
        anchor = null
        if (order === 0) return cursor.continue()
      }
      if (visit(position)) cursor.continue()
      else cursor.stop()
    })
  })
}

function walkOrder(a: IndexPosition, b: IndexPosition): number {
  return cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey)
}
