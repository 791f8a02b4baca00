import type { TillDatabase } from '../../database/database'

/**
 * The number of the next file of a CSV table (bills.csv, …), taken for good: a table keeps no
 * export log, so this count is what keeps two of its files from being named alike. A cancelled
 * export leaves its number unused.
 */
export function takeTableExportNumber(db: TillDatabase, table: string): Promise<number> {
  const key = `table-exports:${table}` as const
  return db.transaction('rw', db.meta, async () => {
    const taken = Number((await db.meta.get(key))?.value ?? 0)
    const number = (Number.isSafeInteger(taken) && taken > 0 ? taken : 0) + 1
    await db.meta.put({ key, value: number })
    return number
  })
}
