import { cmp, type Collection, type Table } from 'dexie'

/**
 * The keys a table holds from the first to the last of `ids` in key order, read at once: one
 * request where a look-up for each id is one each (Chromium's IndexedDB costs tens of µs a
 * request). A page's ids mostly lie close together (a listing page, a batch of details claimed
 * from one); null when many more keys lie between them than there are ids, and the caller goes
 * id by id after all.
 */
export async function keysBetween<T, I>(
  table: Table<T, string, I>,
  ids: readonly string[],
): Promise<{ keys: string[]; span: () => Collection<T, string, I> } | null> {
  const sorted = [...ids].sort(cmp)
  const span = (): Collection<T, string, I> =>
    table.where(':id').between(sorted[0]!, sorted.at(-1)!, true, true)
  const limit = ids.length * 2
  const keys = (await span().limit(limit).primaryKeys()) as string[]
  return keys.length < limit ? { keys, span } : null
}

/**
 * `bulkGet` of these ids through their key span: only the records the keys between the first and
 * last id name are read (none, where the table holds none of them yet).
 */
export async function bulkGetThroughSpan<T, I>(
  table: Table<T, string, I>,
  ids: readonly string[],
): Promise<(T | undefined)[]> {
  const between = ids.length > 1 ? await keysBetween(table, ids) : null
  if (!between) return table.bulkGet([...ids])
  const present = new Set(between.keys)
  const heldIds = ids.filter((id) => present.has(id))
  const records = heldIds.length ? await table.bulkGet(heldIds) : []
  const byId = new Map(heldIds.map((id, i) => [id, records[i]]))
  return ids.map((id) => byId.get(id))
}
