import type { Table } from 'dexie'

/** Records a slice: IndexedDB copies 20 bills in 5–10 ms of the page's main thread. */
const PUT_SLICE = 20

/**
 * `bulkPut` of many records a slice at a time, inside the caller's transaction. IndexedDB
 * copies every record it is handed in the task that hands it over, and a page of 200 bills was
 * one task of 60–180 ms on the page's main thread, which held up key presses for as long
 * (docs/architecture.md#writes-in-slices). Each slice is handed over as an earlier one is
 * stored, two in flight, so IndexedDB always has the next slice waiting while the page answers
 * input between them; the transaction stays whole, since every slice is placed from the
 * success of one before it. The first slice goes alone: it is handed over in the task that
 * hands over the caller's other writes of the page, which a second slice would lengthen.
 */
export async function putInSlices<T>(table: Table<T>, records: readonly T[]): Promise<void> {
  let next = 0
  const putSlice = (): Promise<unknown> => {
    const slice = records.slice(next, next + PUT_SLICE)
    next += PUT_SLICE
    return table.bulkPut(slice)
  }
  const putRest = async (): Promise<void> => {
    while (next < records.length) await putSlice()
  }
  if (records.length > 0) await putSlice()
  await Promise.all([putRest(), putRest()])
}
