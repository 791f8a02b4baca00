import type { Table } from 'dexie'

/** Records a slice: the page answers a key press between slices within about 20 ms. */
const PUT_SLICE = 40

/**
 * `bulkPut` of many records a slice at a time, inside the caller's transaction. IndexedDB
 * copies every record it is handed in the task that hands it over, and a page of 200 bills was
 * one task of 60–180 ms on the page's main thread, which held up key presses for as long
 * (docs/architecture.md#writes-in-slices). Each slice is handed over as an earlier one is
 * stored, two in flight, so IndexedDB always has the next slice waiting while the page answers
 * input between them; the transaction stays whole, since every slice is placed from the
 * success of one before it.
 */
export async function putInSlices<T>(table: Table<T>, records: readonly T[]): Promise<void> {
  let next = 0
  const putRest = async (): Promise<void> => {
    while (next < records.length) {
      const slice = records.slice(next, next + PUT_SLICE)
      next += PUT_SLICE
      await table.bulkPut(slice)
    }
  }
  await Promise.all([putRest(), putRest()])
}
