import { cmp, type Collection, type Table } from 'dexie'

/**
 * The keys a table holds from the first to the last of `ids` in key order, read at once: one
 * request where a look-up for each id is one each (Chromium's IndexedDB costs tens of µs a
 * request). A page's ids mostly lie close together (a listing page, a batch of details claimed
 * from one); null when many more keys lie between them than there are ids, and the caller goes
 * id by id after all.
 */
export async function keysBetween<T>(
  table: Table<T, string>,
  ids: readonly string[],
): Promise<{ keys: string[]; span: () => Collection<T, string> } | null> {
  const sorted = [...ids].sort(cmp)
  const span = (): Collection<T, string> =>
    table.where(':id').between(sorted[0]!, sorted.at(-1)!, true, true)
  const limit = ids.length * 2
  const keys = (await span().limit(limit).primaryKeys()) as string[]
  return keys.length < limit ? { keys, span } : null
}
