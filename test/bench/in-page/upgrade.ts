import Dexie from 'dexie'
import { TillDatabase } from '../../../src-renderer/database/database'
import { declareVersions } from '../../../src-renderer/database/migrations/migrations'
import { paymentsOf } from '../../../src-renderer/sessions/tables/bill-payments'
import { emptyOldPayments } from '../../../src-renderer/database/old-payments'
import {
  LOG_PAGES_SCHEMA,
  upgradeToLogPages,
} from '../../../src-renderer/database/migrations/v16-log-pages'
import { plannedHash } from '../../support/exports/planned-hash'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'
import type { BillCountsState } from '../../../src-renderer/database/cached-records'

/**
 * A seeded cache made to look like one an earlier Till left, from before cache version 14: no
 * session has a tally, no day has counts, and no 'bill-counts' row, as the upgrade to version 15
 * leaves it (only a new cache gets one, saying its counts were kept from the start), nor a fill
 * under way; so sessions/tables/saved-bills-fill.ts adds every bill up once.
 */
export async function forgetTalliesAndCounts(databaseName: string): Promise<void> {
  const db = new TillDatabase(databaseName)
  try {
    await db.transaction('rw', [db.sessionTallies, db.billCounts, db.meta], () =>
      Promise.all([
        db.sessionTallies.clear(),
        db.billCounts.clear(),
        db.meta.bulkDelete(['bill-counts', 'saved-bills-fill', 'saved-bills-fill-tallies']),
      ]),
    )
  } finally {
    db.close()
  }
}

/**
 * The upgrade's yardstick: every bill read as the fill reads them (pages of `pageSize` in key
 * order, a transaction each) and nothing else done. Milliseconds, and bills read.
 */
export async function readBillsAsTheFill(
  databaseName: string,
  pageSize: number,
): Promise<{ ms: number; bills: number }> {
  const db = new TillDatabase(databaseName)
  try {
    await db.open()
    const started = performance.now()
    let through: string | null = null
    let bills = 0
    for (;;) {
      const page: { id: string }[] = await db.bills
        .where(':id')
        .above(through ?? Dexie.minKey)
        .limit(pageSize)
        .toArray()
      if (page.length === 0) break
      bills += page.length
      through = page.at(-1)!.id
    }
    return { ms: performance.now() - started, bills }
  } finally {
    db.close()
  }
}

export interface UpgradeState {
  sessions: number
  tallies: number
  countsComplete: boolean
}

/** What the fill has left: every session tallied and every bill counted, once it is done. */
export async function upgradeState(databaseName: string): Promise<UpgradeState> {
  const db = new TillDatabase(databaseName)
  try {
    const [sessions, tallies, counts] = await Promise.all([
      db.sessions.count(),
      db.sessionTallies.count(),
      db.meta.get('bill-counts'),
    ])
    const state = counts && (JSON.parse(String(counts.value)) as BillCountsState)
    return { sessions, tallies, countsComplete: state ? state.complete : false }
  } finally {
    db.close()
  }
}

/** The export log's tables as cache versions 12 to 15 kept them (rows), and the pages after. */
const ROW_LOG = {
  exportBatches: 'id, createdAt',
  exportRuns: 'id',
  postedStates: '[destinationId+key]',
  loggedEntries: '[destinationId+entryId], [destinationId+key], [batchId+position]',
  replacedPostings: '[batchId+key], batchId',
}
const PAGE_LOG = {
  logPages: LOG_PAGES_SCHEMA,
  postedStates: null,
  loggedEntries: null,
  replacedPostings: null,
}
const ROWS_PER_BATCH = 50_000
const WRITE = 2_000

function loggedEntry(n: number): JournalEntry {
  const id = `bill-${String(n).padStart(8, '0')}`
  const line = (role: string, code: string, amount: number) => ({
    role,
    account: { code, name: role, kind: 'asset' as const },
    amount,
    memo: '',
  })
  return {
    id,
    kind: 'bill',
    date: '2026-11-20',
    currency: 'USD',
    description: `Sale ${n}`,
    payee: null,
    billId: id,
    registerSessionId: 'rs-bench',
    locationId: 'bench-L1',
    paymentIds: [`pay-${n}`],
    lines: [
      line('clearing:cash', '1000', 1100),
      line('sales', '4000', -1000),
      line('tax', '2200', -100),
    ],
  }
}

/**
 * The carrying of an export log of `entries` logged entries (and as many posting states) from
 * rows into pages (cache version 16's upgrade), on a database of the log's tables alone: the
 * seconds it took, and that every row came across.
 */
export async function carryRowLog(
  databaseName: string,
  entries: number,
): Promise<{ ms: number; pages: number; carried: number }> {
  const old = new Dexie(databaseName)
  old.version(1).stores(ROW_LOG)
  const batches = Math.ceil(entries / ROWS_PER_BATCH)
  await old.table('exportBatches').bulkPut(
    Array.from({ length: batches }, (_, i) => ({
      id: `batch-${i}`,
      destinationId: 'journal-csv',
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
  )
  for (let from = 0; from < entries; from += WRITE) {
    const made = Array.from({ length: Math.min(WRITE, entries - from) }, (_, i) =>
      loggedEntry(from + i),
    )
    await old.table('loggedEntries').bulkPut(
      made.map((entry, i) => ({
        destinationId: 'journal-csv',
        entryId: entry.id,
        key: entry.id,
        batchId: `batch-${Math.floor((from + i) / ROWS_PER_BATCH)}`,
        position: (from + i) % ROWS_PER_BATCH,
        hash: plannedHash(entry),
        entry,
      })),
    )
    await old.table('postedStates').bulkPut(
      made.map((entry) => ({
        destinationId: 'journal-csv',
        key: entry.id,
        revision: 0,
        liveEntryId: entry.id,
        entry,
        hash: plannedHash(entry),
      })),
    )
  }
  old.close()
  let carried = 0
  const upgraded = new Dexie(databaseName)
  upgraded.version(1).stores(ROW_LOG)
  upgraded
    .version(2)
    .stores(PAGE_LOG)
    .upgrade((tx) => upgradeToLogPages(tx, (done) => (carried = done)))
  const started = performance.now()
  await upgraded.open()
  const ms = performance.now() - started
  const pages = await upgraded.table('logPages').count()
  upgraded.close()
  await Dexie.delete(databaseName)
  return { ms, pages, carried }
}

const COPY_SLICE = 5_000
/** One bill in this many, with payments, is given a late payment taken in another session. */
const LATE_EVERY = 100

/**
 * Cache version 23's upgrade, which moves what the payments table was read by into the payment
 * index of the bills paid late or reversed (database/migrations/v23.ts), on a copy of the seeded cache's
 * bills and sessions as version 22 kept them: each bill with its payments in a table beside it,
 * one in a hundred paid late in a session only its payment names. The seconds the upgrade took
 * and the emptying of the old table after it, how many bills it indexed, and the last progress it
 * told the screen (sessions read of all).
 */
export async function movePaymentsOntoBills(
  sourceName: string,
  databaseName: string,
): Promise<{
  ms: number
  /** The old payments table emptied after the cache opened, beside the screens. */
  emptiedMs: number
  bills: number
  payments: number
  indexed: number
  shown: [number, number] | null
}> {
  const source = new TillDatabase(sourceName)
  const old = new Dexie(databaseName, { chromeTransactionDurability: 'relaxed' })
  declareVersions(old, undefined, 22)
  const ids = (await source.bills.toCollection().primaryKeys()) as string[]
  let payments = 0
  for (let from = 0; from < ids.length; from += COPY_SLICE) {
    const slice = await source.bills.bulkGet(ids.slice(from, from + COPY_SLICE))
    const bills = slice.map((bill, i) => {
      bill = bill!
      const late = (from + i) % LATE_EVERY === 0 && bill.payments.length > 0
      return late
        ? {
            ...bill,
            payments: bill.payments.map((p, n) =>
              n === 0 ? { ...p, registerSessionId: `${bill.registerSessionId}-late` } : p,
            ),
          }
        : bill
    })
    const rows = bills.flatMap((bill) => (bill.hasDetail ? paymentsOf(bill) : []))
    payments += rows.length
    await old.transaction('rw', ['bills', 'payments'], () =>
      Promise.all([old.table('bills').bulkPut(bills), old.table('payments').bulkPut(rows)]),
    )
  }
  await old.table('sessions').bulkPut(await source.sessions.toArray())
  source.close()
  old.close()
  let shown: [number, number] | null = null
  const started = performance.now()
  const upgraded = new TillDatabase(databaseName, undefined, (done, total, step) => {
    if (step === 'payments') shown = [done, total]
  })
  await upgraded.open()
  const ms = performance.now() - started
  const emptyingStarted = performance.now()
  await emptyOldPayments(upgraded)
  const emptiedMs = performance.now() - emptyingStarted
  const indexed = await upgraded.billPaymentIndex.count()
  upgraded.close()
  await Dexie.delete(databaseName)
  return { ms, emptiedMs, bills: ids.length, payments, indexed, shown }
}
