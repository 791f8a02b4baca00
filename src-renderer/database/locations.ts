import type { TillDatabase } from './database'

/** The tables whose records name a location, each with its index that leads with the location. */
const LOCATION_INDEXES = {
  bills: '[locationId+businessDate]',
  sessions: '[locationId+businessDate]',
  expenses: '[locationId+expenseDate]',
} as const

export type LocatedTable = keyof typeof LOCATION_INDEXES

/**
 * The locations the cache knows, in order: every one with records in `tables` (bills, sessions
 * or expenses by default), read from the indexes' keys alone. The one query for "which
 * locations exist" behind the Exports, Sessions and Settings screens and the exports.
 */
export async function knownLocations(
  db: TillDatabase,
  tables: readonly LocatedTable[] = ['bills', 'sessions', 'expenses'],
): Promise<string[]> {
  const keys = await Promise.all(
    tables.map((table) => db[table].orderBy(LOCATION_INDEXES[table]).uniqueKeys()),
  )
  const locations = new Set<string>()
  for (const key of keys.flat()) locations.add((key as unknown as [string, string])[0])
  return [...locations].sort()
}
