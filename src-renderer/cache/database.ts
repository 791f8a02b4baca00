import Dexie, { type EntityTable } from 'dexie'
import type {
  CachedBill,
  CachedExpense,
  CachedPayment,
  Checkpoint,
  PendingDetail,
  ProcessedWebhook,
  MetaEntry,
  QuarantineEntry,
  Reconciliation,
  RegisterSession,
  LocationName,
} from './cached-records'
import { COUNTS_KEPT_FROM_THE_START } from './cached-records'
import { billFacets } from './bill-facets'
import { postingHash, type LoggedEntry, type PostedState } from '../domain/journal/export-log'
import type { Destination } from './export-rows'
import { upgradeToDestinations } from './destination-upgrade'
import { LOG_PAGES_SCHEMA, type LogPage } from './log-pages'
import { upgradeToLogPages, type UpgradeProgress } from './log-pages-upgrade'
import type { ExportRun, SavedAccountMapping, SeenAccountRole, StoredBatch } from './export-rows'
import type { SessionTally } from '../domain/ledger/session-tally'
import type { DayCounts } from '../domain/bills/bill-counts'

export const SCHEMA_V1 = {
  bills: 'id, updatedAt, registerSessionId, [locationId+businessDate], type, parentBillId',
  payments: 'id, registerSessionId, billId',
  expenses: 'id, updatedAt, registerSessionId, [locationId+expenseDate]',
  sessions: 'id, [locationId+businessDate], businessDate',
  checkpoints: 'key',
  pendingDetails: 'id, priority',
  quarantine: 'key, kind',
  webhookIds: 'id, processedAt',
  meta: 'key',
} as const

const BILLS_V3 = `${SCHEMA_V1.bills}, [registerSessionId+createdAt], createdAt, numberKey, total, paymentState, *methods`
export const BILLS_V11 =
  'id, updatedAt, registerSessionId, [locationId+businessDate], [type+createdAt], parentBillId, ' +
  '[registerSessionId+createdAt], createdAt, numberKey, total, [paymentState+createdAt], ' +
  '*methods, brokenIdentity, amountPaid, amountDue'
export const BILLS_V17 =
  'id, [locationId+businessDate], [type+createdAt], parentBillId, ' +
  '[registerSessionId+createdAt], createdAt, numberKey, total, [paymentState+createdAt], ' +
  '*methods, brokenIdentity, amountPaid, amountDue'
const PAYMENTS_V17 = 'id, registerSessionId'
const EXPENSES_V17 = 'id, registerSessionId, [locationId+expenseDate]'

/*
 * What each bill index costs and earns (version 17; test/bench/index-costs.ts measures it).
 * Writes: in Chromium a put costs per record and per index entry. Bills put 500 to a
 * transaction, fastest of several rounds on a loaded 2-core machine: with version 11's 14
 * indexes (12.67 entries a bill: one each, `*methods` one per method, the sparse ones almost
 * none) 223–288 µs a bill, with version 17's (10.67 entries) 198–278 µs, with none 101–146 µs:
 * 10–11 µs an entry, alike whichever index holds it (one index left out alone moved the time
 * less than the load did). Queries: ms at 100,000 bills through the index / the best other way.
 *
 * | index                         | read by                         | ms with / without | kept?   |
 * |-------------------------------|---------------------------------|-------------------|---------|
 * | updatedAt                     | Exports preview: any change?    | 0.5 / 4,694       | dropped |
 * | registerSessionId             | a session's records (day close, | 21 / 13 through   | dropped |
 * |                               | tallies, exports)               | the next index    |         |
 * | [registerSessionId+createdAt] | Session rows, session filter    | 1.4 / 14          | kept    |
 * | [locationId+businessDate]     | day close, exports, count fill, | 13 / 46 (a day)   | kept    |
 * |                               | location filter and sort        |                   |         |
 * | [type+createdAt]              | Bills type filter and sort      | 1.3 / 149 (voids) | kept    |
 * | [paymentState+createdAt]      | Bills state filter and sort     | 1.4 / 108 (unpaid)| kept    |
 * | *methods                      | Bills method filter and choices,| 2.1 / 8.8 (QRIS,  | kept    |
 * |                               | account roles                   | a quarter)        |         |
 * | createdAt                     | Bills time order and dates, sync| 1.3 / 3,133       | kept    |
 * | numberKey                     | Bills number sort and search    | 1.5 / 3,408       | kept    |
 * | total, amountPaid, amountDue  | Bills sorts (widest total)      | 2–56 / 3,139–3,698| kept    |
 * | parentBillId                  | Bill detail: refunds and voids  | 3.4 / 3,003       | kept    |
 * | brokenIdentity                | Problems screen                 | 0.5 / 2,706       | kept    |
 *
 * Dropped: the update time's one reader needs only to know that something was written, which
 * the writes now say once a transaction (records-written.ts); the plain session index repeats
 * the first half of [registerSessionId+createdAt], which answers every look-up by session
 * (bill-session.ts). Kept: every other index serves a Bills screen sort or filter that would
 * otherwise read every bill (seconds at 100,000), or walk the time index testing each bill,
 * fast only while what is sought is common (QRIS above; a rare method, type or state would
 * walk nearly all of them); the day close might go by creation time, but the exports and the
 * location sort have no other way. parentBillId and brokenIdentity are sparse: a bill without
 * a parent or a broken identity has no entry in them.
 *
 * The Bills screen's counts come from the stored day counts (bill-counts.ts) and the sessions'
 * figures from their tallies (tallies.ts), so no index is kept for a count alone. Payments lose
 * `billId` (nothing reads it; a bill holds its payments), expenses `updatedAt` (as bills).
 */

/** One IndexedDB database per connection profile. */
export class TillDatabase extends Dexie {
  bills!: EntityTable<CachedBill, 'id'>
  payments!: EntityTable<CachedPayment, 'id'>
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

  /**
   * `onUpgrade` hears how far a long upgrade has come (carrying the export log into pages), for
   * the screen to show while the cache opens.
   */
  constructor(
    name: string,
    options?: ConstructorParameters<typeof Dexie>[1],
    onUpgrade?: UpgradeProgress,
  ) {
    super(name, options)
    // Version 1: the first schema. Kept so a cache made by it upgrades in place.
    this.version(1).stores(SCHEMA_V1)
    // Version 2: a session's bills in time order straight from an index, so a 5,000-bill
    // session shows its first rows without sorting them all in memory.
    this.version(2).stores({ bills: `${SCHEMA_V1.bills}, [registerSessionId+createdAt]` })
    // Version 3: what the Bills screen sorts and filters on over a million bills, each from an
    // index (time, number, total, payment state, payment methods), and reconciled sessions.
    this.version(3)
      .stores({
        bills: BILLS_V3,
        reconciliations: 'sessionId, reconciledAt',
      })
      .upgrade((tx) =>
        tx
          .table('bills')
          .toCollection()
          .modify((bill: CachedBill) => Object.assign(bill, billFacets(bill))),
      )
    // Version 4: bills that break a §4 identity, listed by a sparse index for the Problems screen.
    this.version(4)
      .stores({ bills: `${BILLS_V3}, brokenIdentity` })
      .upgrade((tx) =>
        tx
          .table('bills')
          .toCollection()
          .modify((bill: CachedBill) => {
            delete bill.brokenIdentity
            Object.assign(bill, billFacets(bill))
          }),
      )
    // Version 5: the export log (DESIGN §4): what the books hold per posting key, every entry
    // each batch wrote, and the batches, so re-exports add only what is new.
    this.version(5).stores({
      postings: 'key',
      exportLog: 'entryId, key, batchId',
      exportBatches: 'id, createdAt',
    })
    // Version 6: the Bills screen sorts by paid and due from indexes too.
    this.version(6).stores({ bills: `${BILLS_V3}, brokenIdentity, amountPaid, amountDue` })
    // Version 7: an export writes its log as it goes, so its memory stays flat: the runs under
    // way, and the posting states each has planned, kept aside until the run commits; a batch's
    // entries in the order written, read a page at a time to write its file again.
    this.version(7).stores({
      exportLog: 'entryId, key, batchId, [batchId+position]',
      exportRuns: 'id',
      pendingPostings: '[batchId+key], batchId',
    })
    // Version 8: the bookkeeper's account mapping and the roles met that it may not cover. The
    // posting hash no longer covers accounts (a remap never re-posts, see export-log.ts), so the
    // hashes logged before are computed again.
    this.version(8)
      .stores({ accountMapping: 'id', accountRoles: 'key' })
      .upgrade(async (tx) => {
        const rehash = (row: PostedState | LoggedEntry): void => {
          row.hash = postingHash(row.entry)
        }
        await tx.table('postings').toCollection().modify(rehash)
        await tx.table('exportLog').toCollection().modify(rehash)
      })
    // Version 9: an export writes its posting states in place as it goes, keeping aside only
    // the states it replaced, to put back should it not commit (moving every state at the end
    // cost as much as the export itself).
    this.version(9).stores({
      pendingPostings: null,
      replacedPostings: '[batchId+key], batchId',
    })
    // Version 10: the export log loses its index on the batch alone. Every index is one more
    // write per logged entry, and Chromium's IndexedDB spends more on each write than the export
    // spends making the entry; a batch's entries are found through [batchId+position] instead.
    this.version(10).stores({ exportLog: 'entryId, key, [batchId+position]' })
    // Version 11: type and payment state indexed with the creation time, so either filter lists
    // its bills in time order straight from its index (the Bills screen's default order): a
    // rare one (unpaid, refunds) no longer reads bill after bill along the time index to fill a
    // page. Same number of indexes, so a bill costs the sync no more to write.
    this.version(11).stores({ bills: BILLS_V11 })
    // Version 12: the export log per destination (exports/destinations.ts): posting states and
    // logged entries keyed by destination, and the destinations. Entries already logged belong
    // to the destination of the format they were written in (exports/destination-upgrade.ts).
    this.version(12)
      .stores({
        destinations: 'id',
        postedStates: '[destinationId+key]',
        loggedEntries: '[destinationId+entryId], [destinationId+key], [batchId+position]',
        postings: null,
        exportLog: null,
      })
      .upgrade(upgradeToDestinations)
    // Version 13: the names people give locations in Settings (the API has none). Refunds and
    // voids flagged for amount_due = total − amount_paid, an identity of sales only, are
    // judged again.
    this.version(13)
      .stores({ locationNames: 'locationId' })
      .upgrade((tx) =>
        tx
          .table('bills')
          .where('brokenIdentity')
          .equals(1)
          .modify((bill: CachedBill) => {
            if (bill.type === 'sale') return
            delete bill.brokenIdentity
            Object.assign(bill, billFacets(bill))
          }),
      )
    // Version 14: each session's figures kept as running sums by the writes (cache/session-tally-store.ts).
    // A session written before has none until the next write to it or the fill after opening.
    this.version(14).stores({ sessionTallies: 'sessionId' })
    // Version 15: the Bills screen's counts per business day, kept by the writes
    // (cache/bill-count-store.ts); a cache from before is counted once after it opens.
    this.version(15).stores({ billCounts: 'businessDate' })
    // Version 16: the export log as pages (cache/log-pages.ts), one record per page of entries
    // with the states it set, in place of two records per entry; the rows logged before are
    // carried over into pages (cache/log-pages-upgrade.ts).
    this.version(16)
      .stores({
        logPages: LOG_PAGES_SCHEMA,
        loggedEntries: null,
        postedStates: null,
        replacedPostings: null,
      })
      .upgrade((tx) => upgradeToLogPages(tx, onUpgrade))
    // Version 17: fewer index entries a record, each a write the sync pays for every record (the
    // table above): bills lose the session index `[registerSessionId+createdAt]` already
    // answers and the update time, payments the bill index nothing reads, expenses the update
    // time.
    this.version(17).stores({ bills: BILLS_V17, payments: PAYMENTS_V17, expenses: EXPENSES_V17 })
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
