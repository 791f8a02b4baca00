/**
 * The door to Till's own records written to a file and restored: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { backupRecords, restoreRecords, type RestoreResult } from './jobs/records-backup'
