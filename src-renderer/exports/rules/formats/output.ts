/**
 * How every writer is driven: batches of rows or entries in (an array per step, as a Dexie page
 * comes), chunks of text out, one per batch, so memory holds one batch at a time whatever the
 * export's size. The sink encodes each chunk as UTF-8 and appends it to file `part`; only the
 * Xero writer ever starts a part beyond 1.
 */

export type Batches<T> = AsyncIterable<readonly T[]> | Iterable<readonly T[]>

export interface OutputChunk {
  /** 1-based file number. */
  part: number
  text: string
}

/** Groups any sequence of items into arrays of `size`, for a source that yields one at a time. */
export async function* inBatches<T>(
  items: AsyncIterable<T> | Iterable<T>,
  size: number,
): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

/** Each batch with every item expanded into its rows: a bill into its lines, an entry into its. */
export async function* flatMapBatches<T, U>(
  batches: Batches<T>,
  expand: (item: T) => readonly U[],
): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.flatMap(expand)
}
