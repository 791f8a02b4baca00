/**
 * The door to the bookkeeper's journals and tables, and the export log: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export {
  AccountMappingError,
  defaultedInRange,
  readDestinationMapping,
  readMapping,
  rolesInCache,
  saveMapping,
} from './jobs/account-mapping'
export { contentType } from './jobs/download'
export { batchFileName, journalExportFile, tableExportFile } from './jobs/export-file'
export { downloadSink, openMainFile, writeToSink } from './jobs/file-sinks'
export { offeredRange } from './jobs/offered-range'
export { presetRange } from './jobs/preset-range'
export {
  batchesHolding,
  type ChunkSink,
  CSV_TABLES,
  type CsvTable,
  ExportCancelledError,
  type ExportProgress,
  type ExportWhat,
  JOURNAL_FORMATS,
  nothingNew,
  previewExport,
  recreateBatch,
  runExport,
  type RunExportOptions,
} from './jobs/run-export'
export { nextNightly, startingWatermark } from './jobs/schedule-trigger'
export {
  type AccountMapping,
  type AccountRole,
  CHART_ROLES,
  defaultAccount,
  type DefaultedAccount,
  type LedgerAccount,
  type MappedAccount,
  packageAccountTypes,
  roleFromKey,
  roleKey,
  type RoleKey,
  roleLabel,
  type XeroTaxRate,
} from './rules/accounts'
export { entryRevision, type EntryRevision, type Granularity } from './rules/export-log'
export { accountInFormats } from './rules/formats/account-preview'
export { type JournalFormat } from './rules/formats/journal-formats'
export { type JournalProblem, postingKeys } from './rules/journal'
export { RANGE_PRESETS, type RangePreset } from './rules/range-presets'
export {
  addDestination,
  chooseMapping,
  currentGranularity,
  listDestinations,
  lockDestination,
  mappingIdOf,
  renameDestination,
  switchGranularity,
} from './tables/destinations'
export { exportBatches, readBatches } from './tables/export-batches'
export {
  type ExportChoices,
  FIRST_CHOICES,
  keepExportChoices,
  keptExportChoices,
  type RangeChoice,
} from './tables/export-choices'
export {
  BUILT_IN_NAMES,
  type Destination,
  type ExportRange,
  type MappingId,
  SHARED_MAPPING,
  type StoredBatch,
} from './tables/export-rows'
export { loggedUnder } from './tables/log-page-queries'
export { type LogKey } from './tables/log-pages'
