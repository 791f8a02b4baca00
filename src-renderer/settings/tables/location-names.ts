import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../database/database'
import { enqueueChange, enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import { NO_LOCATION_NAMES, type LocationNames } from '../../format/location-label'

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
  await db.transaction('rw', [db.locationNames, ...outboxTables(db)], async () => {
    if (trimmed === '') {
      await db.locationNames.delete(locationId)
      await enqueueChange(db, 'locationName', { key: locationId, body: null, deleted: true })
    } else {
      const row = { locationId, name: trimmed }
      await db.locationNames.put(row)
      await enqueueRow(db, 'locationName', row)
    }
  })
}

/**
 * The demo shop's own names for its locations, given to its cache once, so a new user meets
 * "Harbour Street" rather than "Location 101" (the service sends no names, the demo knows them).
 * A location the person has named keeps its name; a name given and then cleared stays cleared.
 * Kept on this PC only, like the service's data: each PC of the demo takes them from its own.
 */
export async function nameDemoLocations(
  db: TillDatabase,
  names: Readonly<Record<string, string>>,
): Promise<void> {
  if (Object.keys(names).length === 0) return
  await db.transaction('rw', [db.locationNames, db.meta], async () => {
    if (await db.meta.get('demo-location-names')) return
    for (const [locationId, name] of Object.entries(names))
      if (!(await db.locationNames.get(locationId)))
        await db.locationNames.put({ locationId, name })
    await db.meta.put({ key: 'demo-location-names', value: Date.now() })
  })
}

/** The names, kept current as Settings changes them; none while they load. */
export function useLocationNames(db: TillDatabase): LocationNames {
  return useLiveQuery(() => loadLocationNames(db), [db]) ?? NO_LOCATION_NAMES
}
