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

/** The names, kept current as Settings changes them; none while they load. */
export function useLocationNames(db: TillDatabase): LocationNames {
  return useLiveQuery(() => loadLocationNames(db), [db]) ?? NO_LOCATION_NAMES
}
