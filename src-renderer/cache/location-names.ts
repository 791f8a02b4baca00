import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from './database'

/**
 * The names people give locations (Settings → Locations): the Apps API knows a location by its
 * id only. Every screen and export prints a location through `locationLabel`, so a name set once
 * shows everywhere: Sessions, Bills, Expenses, Day close, its print layout, Exports, and the
 * journals (Xero's tracking option, QuickBooks' Location).
 */

export interface LocationName {
  locationId: string
  name: string
}

/** Names by location id; a location without one is not listed. */
export type LocationNames = Readonly<Record<string, string>>

export const NO_LOCATION_NAMES: LocationNames = {}

/** The location's name, or "Location 101" while it has none. */
export function locationLabel(locationId: string, names: LocationNames): string {
  const name = names[locationId]
  return name === undefined ? `Location ${locationId}` : name
}

export async function loadLocationNames(db: TillDatabase): Promise<LocationNames> {
  const names: Record<string, string> = {}
  for (const row of await db.locationNames.toArray()) names[row.locationId] = row.name
  return names
}

/** Names a location; a blank name removes the name, and the location is "Location <id>" again. */
export async function saveLocationName(
  db: TillDatabase,
  locationId: string,
  name: string,
): Promise<void> {
  const trimmed = name.replace(/\s+/g, ' ').trim()
  if (trimmed === '') await db.locationNames.delete(locationId)
  else await db.locationNames.put({ locationId, name: trimmed })
}

/** The names, kept current as Settings changes them; none while they load. */
export function useLocationNames(db: TillDatabase): LocationNames {
  return useLiveQuery(() => loadLocationNames(db), [db]) ?? NO_LOCATION_NAMES
}
