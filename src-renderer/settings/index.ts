/**
 * The door to the active connection and location names: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { activeConnection, type ActiveConnection, openDatabase } from './jobs/active-connection'
export { closeConnection } from './jobs/close-connection'
export { loadLocationNames, saveLocationName, useLocationNames } from './tables/location-names'
