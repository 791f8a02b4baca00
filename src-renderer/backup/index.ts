export { backupRecords, restoreRecords, type RestoreResult } from './jobs/records-backup'
