export { conflictRecordLabel, versionDifferences } from './rules/conflict-words'
export { chooseVersion, countConflict, setAsideRows, sharedConflicts } from './tables/shared-apply'
export { waitingCount } from './tables/shared-outbox'
export { type SharedConflict } from './tables/shared-rows'
