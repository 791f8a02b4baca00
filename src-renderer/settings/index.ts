export { activeConnection, type ActiveConnection, openDatabase } from './jobs/active-connection'
export { closeConnection } from './jobs/close-connection'
export { loadLocationNames, saveLocationName, useLocationNames } from './tables/location-names'
