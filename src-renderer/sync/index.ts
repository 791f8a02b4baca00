/**
 * The door to reading the service's records into the cache: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { type SyncPhase, timeLeftText } from './jobs/progress'
export { type SyncController, type SyncState } from './jobs/sync-controller'
export { billsBreakingIdentities, quarantinedRecords } from './tables/problem-records'
export { loadRecordsSynced, type RecordsSynced, stillSyncing } from './tables/still-syncing'
export { readSchedule, saveSchedule, SCHEDULE_LIMITS } from './tables/sync-schedule'
