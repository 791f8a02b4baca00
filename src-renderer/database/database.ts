import Dexie, { type EntityTable, type Table } from 'dexie'
import type {
  CachedBill,
  BillPaymentIndex,
  CachedExpense,
  Checkpoint,
  PendingDetail,
  ProcessedWebhook,
  MetaEntry,
  QuarantineEntry,
  Reconciliation,
  RegisterSession,
  LocationName,
  CountDraft,
} from './cached-records'
import { COUNTS_KEPT_FROM_THE_START } from './cached-records'
import type { Destination } from '../exports/tables/export-rows'
import type { LogPage } from '../exports/tables/log-pages'
import type { UpgradeProgress } from './migrations/migration'
import { declareVersions } from './migrations/migrations'
import { coarseMutations } from './mutation-announcements'
import type {
  ExportRun,
  SavedAccountMapping,
  SeenAccountRole,
  StoredBatch,
} from '../exports/tables/export-rows'
import type { SessionTally } from '../sessions/rules/session-tally'
import type { DayCounts } from '../sessions/rules/bill-counts'
import type { CashMovement } from '../day-close/rules/cash-movements'
import type {
  DepositSettingsRow,
  StoredMatch,
  StoredOffer,
  StoredStatementLine,
} from '../deposits/tables/deposit-rows'
import type {
  OutboxChange,
  SetAsideRow,
  SharedConflict,
  SharedVersion,
} from '../shared-books/tables/shared-rows'

/** One IndexedDB database per connection profile; its schema, version by version, in migrations/. */
export class TillDatabase extends Dexie {
  bills!: EntityTable<CachedBill, 'id'>
  billPaymentIndex!: EntityTable<BillPaymentIndex, 'billId'>
  expenses!: EntityTable<CachedExpense, 'id'>
  sessions!: EntityTable<RegisterSession, 'id'>
  checkpoints!: EntityTable<Checkpoint, 'key'>
  pendingDetails!: EntityTable<PendingDetail, 'id'>
  quarantine!: EntityTable<QuarantineEntry, 'key'>
  webhookIds!: EntityTable<ProcessedWebhook, 'id'>
  meta!: EntityTable<MetaEntry, 'key'>
  reconciliations!: EntityTable<Reconciliation, 'sessionId'>
  destinations!: EntityTable<Destination, 'id'>
  logPages!: EntityTable<LogPage, 'seq'>
  exportBatches!: EntityTable<StoredBatch, 'id'>
  accountMapping!: EntityTable<SavedAccountMapping, 'id'>
  accountRoles!: EntityTable<SeenAccountRole, 'key'>
  exportRuns!: EntityTable<ExportRun, 'id'>
  locationNames!: EntityTable<LocationName, 'locationId'>
  sessionTallies!: EntityTable<SessionTally, 'sessionId'>
  billCounts!: EntityTable<DayCounts, 'businessDate'>
  countDrafts!: EntityTable<CountDraft, 'sessionId'>
  cashMovements!: EntityTable<CashMovement, 'id'>
  statementLines!: Table<StoredStatementLine, [string, string]>
  depositMatches!: EntityTable<StoredMatch, 'id'>
  depositOffers!: EntityTable<StoredOffer, 'id'>
  depositSettings!: Table<DepositSettingsRow, string>
  sharedOutbox!: EntityTable<OutboxChange, 'ref'>
  sharedVersions!: EntityTable<SharedVersion, 'ref'>
  sharedConflicts!: EntityTable<SharedConflict, 'ref'>
  sharedSetAside!: EntityTable<SetAsideRow, 'ref'>

  /**
   * `onUpgrade` hears how far a long upgrade has come (carrying the export log into pages, moving
   * the payments onto their bills), for the screen to show while the cache opens.
   */
  constructor(
    name: string,
    options?: ConstructorParameters<typeof Dexie>[1],
    onUpgrade?: UpgradeProgress,
  ) {
    // Dexie 4's query cache keeps a live query that was superseded while still reading subscribed
    // to every entry it reads afterwards, on a signal already aborted: those entries and all they
    // hold are never released (docs/architecture.md, "Screens"). Live queries re-read instead.
    super(name, { cache: 'disabled', ...options })
    declareVersions(this, onUpgrade)
    this.use(coarseMutations)
    // A new cache keeps its counts from the first bill: nothing to count afterwards.
    this.on('populate', (tx) =>
      tx
        .table('meta')
        .add({ key: 'bill-counts', value: JSON.stringify(COUNTS_KEPT_FROM_THE_START) }),
    )
  }
}

export function databaseName(profileId: string): string {
  return `till-${profileId}`
}
