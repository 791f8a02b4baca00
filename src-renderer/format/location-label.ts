/**
 * The names people give locations (Settings → Locations): the Apps API knows a location by its
 * id only. Every screen and export prints a location through `locationLabel`, so a name set once
 * shows everywhere: Sessions, Bills, Expenses, Day close, its print layout, Exports, and the
 * journals (Xero's tracking option, QuickBooks' Location, hledger/ledger's and beancount's
 * `location_name`, the journal CSV's `location_name` column).
 */

/** Names by location id; a location without one is not listed. */
export type LocationNames = Readonly<Record<string, string>>

export const NO_LOCATION_NAMES: LocationNames = {}

/** The location's name, or "Location 101" while it has none. */
export function locationLabel(locationId: string, names: LocationNames): string {
  const name = names[locationId]
  return name === undefined ? `Location ${locationId}` : name
}
