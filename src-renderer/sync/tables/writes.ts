import { businessDate } from '../../../src-shared/domain/business-date'
import type { Bill, Expense, QuarantinedRecord } from '../../../src-shared/domain/records'
import {
  flagChangesAfterReconciliation,
  noteCloseAfterReconciliation,
  sessionsChangedBy,
} from '../../day-close/tables/reconciliation-flags'
import { TallyChanges } from '../../sessions/rules/session-tally'
import { BillCountChanges } from '../../sessions/rules/bill-counts'
import {
  applyBillCountChanges,
  billCountTables,
  noteBillCountChange,
} from '../../sessions/tables/bill-count-store'
import { billFacets } from '../../sessions/tables/bill-facets'
import { paymentIndexChange, paymentsOf } from '../../sessions/tables/bill-payments'
import { billsCounted } from '../../sessions/tables/saved-bills-fill'
import { noteRecordsWritten } from '../../database/records-written'
import { countStands } from '../../day-close/tables/reconciliation-schema'
import { readKnownSessions, type KnownSessions } from './known-sessions'
import { bulkGetThroughSpan, keysBetween } from '../../database/key-span'
import { putInSlices } from '../../database/sliced-put'
import type { TillDatabase } from '../../database/database'
import type {
  BillPaymentIndex,
  CachedBill,
  Checkpoint,
  QuarantineEntry,
  RegisterSession,
} from '../../database/cached-records'
import {
  applyTallyChanges,
  noteBillChange,
  noteExpenseChange,
  readTallyBases,
  tallyTables,
} from '../../sessions/tables/session-tally-store'

export function quarantineKey(record: Pick<QuarantinedRecord, 'kind' | 'id' | 'raw'>): string {
  return `${record.kind}:${record.id ?? JSON.stringify(record.raw).slice(0, 200)}`
}

function quarantineEntries(records: QuarantinedRecord[], now: number): QuarantineEntry[] {
  return records.map((r) => ({ ...r, key: quarantineKey(r), seenAt: now }))
}

/** A bill as the cache stores it: with its business date and the Bills screen's facets. */
function cachedBill(bill: Bill, timeZone: string): CachedBill {
  return { ...bill, businessDate: businessDate(bill.createdAt, timeZone), ...billFacets(bill) }
}

/** The last of each id: a page that lists a bill twice writes it once, as it ends. */
function lastOfEach<T extends { id: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((r) => [r.id, r])).values()]
}

/** Where each session bills and payments name was first seen active, by session. */
type SessionActivity = Map<string, { locationId: string; at: number }>

function sessionActivity(bills: readonly Bill[]): SessionActivity {
  const activity: SessionActivity = new Map()
  const note = (id: string | null, locationId: string, at: number): void => {
    if (!id) return
    const seen = activity.get(id)
    if (!seen || at < seen.at) activity.set(id, { locationId, at })
  }
  for (const bill of bills) {
    note(bill.registerSessionId, bill.locationId, bill.createdAt)
    for (const p of bill.payments) note(p.registerSessionId, bill.locationId, p.createdAt)
  }
  return activity
}

/**
 * Takes these bills out of the detail queue. Where the queue's keys between the first and last
 * id are all among them (a batch of details claimed from one listing page), one delete of that
 * range takes them: a delete of each id cost about as much as a put of a small record.
 */
async function dropFromQueue(db: TillDatabase, ids: readonly string[]): Promise<void> {
  const between = ids.length > 1 ? await keysBetween(db.pendingDetails, ids) : null
  if (!between) {
    if (ids.length) await db.pendingDetails.bulkDelete([...ids])
    return
  }
  const dropped = new Set(ids)
  if (between.keys.every((key) => dropped.has(key))) {
    if (between.keys.length) await between.span().delete()
  } else await db.pendingDetails.bulkDelete(between.keys.filter((key) => dropped.has(key)))
}

/** Creates or refreshes the sessions that bills and payments name. */
async function touchSessions(
  db: TillDatabase,
  activity: SessionActivity,
  known: KnownSessions,
  timeZone: string,
): Promise<void> {
  const updated: RegisterSession[] = []
  for (const [id, seen] of activity) {
    const session = known.sessions.get(id)
    const firstActivityAt =
      session?.firstActivityAt === null || session?.firstActivityAt === undefined
        ? seen.at
        : Math.min(session.firstActivityAt, seen.at)
    if (session && session.firstActivityAt === firstActivityAt) continue
    const openedAt = session?.openedAt ?? null
    updated.push({
      id,
      locationId: session?.locationId ?? seen.locationId,
      businessDate: businessDate(openedAt ?? firstActivityAt, timeZone),
      openedAt,
      closedAt: session?.closedAt ?? null,
      openingCash: session?.openingCash ?? null,
      firstActivityAt,
      status:
        session?.status ?? (countStands(known.reconciliations.get(id)) ? 'reconciled' : 'open'),
    })
  }
  if (updated.length) await db.sessions.bulkPut(updated)
}

/** Queues bills for their detail, keeping an earlier (more urgent) place they already hold. */
export async function queueForDetail(
  db: TillDatabase,
  ids: string[],
  priority: number,
): Promise<void> {
  const queued = await bulkGetThroughSpan(db.pendingDetails, ids)
  // A list page queues 200 bills: handed over at once, one task of about 100 ms.
  await putInSlices(
    db.pendingDetails,
    ids.map((id, i) => ({ id, priority: Math.min(queued[i]?.priority ?? Infinity, priority) })),
  )
}

/**
 * Takes bills that came whole out of quarantine, then keeps the records that failed. Which bills
 * are quarantined is read first (seldom any), rather than a key deleted for every bill written.
 */
async function updateQuarantine(
  db: TillDatabase,
  wholeBillIds: string[],
  failed: QuarantineEntry[],
): Promise<void> {
  if (wholeBillIds.length) {
    const quarantined = new Set(await db.quarantine.where('kind').equals('bill').primaryKeys())
    const keys = wholeBillIds.map((id) => `bill:${id}`).filter((key) => quarantined.has(key))
    if (keys.length) await db.quarantine.bulkDelete(keys)
  }
  if (failed.length) await db.quarantine.bulkPut(failed)
}

/** Every table a write of bills touches. */
function billWriteTables(db: TillDatabase) {
  return [
    ...tallyTables(db),
    ...billCountTables(db),
    db.billPaymentIndex,
    db.sessions,
    db.checkpoints,
    db.pendingDetails,
    db.quarantine,
    db.reconciliations,
  ]
}

/**
 * Runs sync writes (`writeBills`, `writeExpenses`) in one transaction over every table they
 * touch; their own transactions run inside it, and it commits whole or not at all.
 */
export function writeTogether(db: TillDatabase, writes: () => Promise<void>): Promise<void> {
  return db.transaction('rw', [...billWriteTables(db), db.expenses], writes)
}

export interface BillsWrite {
  bills: Bill[]
  quarantined: QuarantinedRecord[]
  /** Ids the service no longer has (404 on detail). */
  missing?: string[]
  checkpoint?: Checkpoint
  /** Queue position for bills whose detail must still be fetched. */
  detailPriority: number
  /**
   * False: a bill not cached yet that came without its detail is only queued, not stored, so a
   * first sync writes each bill once (with its detail) rather than twice. Default true.
   */
  storeSummaries?: boolean
  timeZone: string
  now: number
}

/**
 * Writes a page of bills (their payments inside them, and the payment index of the few paid in
 * another session or reversed), the sessions they name, quarantined records, the detail queue and the page's checkpoint in one transaction: a quit at any moment
 * leaves either all of it or none, so a resumed sync neither skips nor repeats.
 */
export async function writeBills(
  db: TillDatabase,
  write: BillsWrite,
): Promise<{ queuedForDetail: number }> {
  let queuedForDetail = 0
  const bills = lastOfEach(write.bills)
  await db.transaction('rw', billWriteTables(db), async () => {
    const [existing, counted] = await Promise.all([
      // Read through the page's key span: on a first sync no bill of it is cached.
      bulkGetThroughSpan(
        db.bills,
        bills.map((b) => b.id),
      ),
      billsCounted(db),
    ])
    // A reconciled session keeps its frozen figures; a later change to it is flagged on it.
    const changed = sessionsChangedBy(bills, existing)
    const tallies = new TallyChanges()
    const counts = new BillCountChanges()
    const toPut: CachedBill[] = []
    const detailed: Bill[] = []
    const pending: string[] = []
    const indexPuts: BillPaymentIndex[] = []
    const indexDrops: string[] = []
    const put = (bill: Bill, cached: CachedBill | undefined): void => {
      const stored = cachedBill(bill, write.timeZone)
      toPut.push(stored)
      noteBillChange(tallies, cached, stored, paymentsOf)
      const indexChange = paymentIndexChange(cached, stored)
      if (indexChange && 'put' in indexChange) indexPuts.push(indexChange.put)
      else if (indexChange) indexDrops.push(indexChange.drop)
      if (counted(stored.id)) noteBillCountChange(counts, cached, stored)
    }
    bills.forEach((bill, i) => {
      const cached = existing[i]
      if (bill.hasDetail) {
        put(bill, cached)
        detailed.push(bill)
        return
      }
      if (cached?.hasDetail && cached.updatedAt === bill.updatedAt) return
      pending.push(bill.id)
      // Keep an older full record on screen until its new detail arrives.
      if (!cached?.hasDetail && write.storeSummaries !== false) put(bill, cached)
    })
    const detailedIds = detailed.map((b) => b.id)
    const dropped = [
      ...detailedIds,
      ...(write.missing ?? []),
      ...write.quarantined.filter((q) => q.id !== null).map((q) => q.id as string),
    ]
    const activity = sessionActivity(toPut)
    const reading = readKnownSessions(
      db,
      new Set([...activity.keys(), ...changed, ...tallies.sessionIds]),
    )
    const [known, bases] = await Promise.all([
      reading,
      readTallyBases(db, tallies, async (id) => (await reading).sessions.has(id)),
    ])
    const tallyFromRecords = [...bases.values()].includes('records')
    // Issued together, not one after another: they touch different keys, and IndexedDB runs
    // a transaction's requests in order anyway, so only the round trips are saved.
    await Promise.all([
      putInSlices(db.bills, toPut),
      indexPuts.length ? db.billPaymentIndex.bulkPut(indexPuts) : null,
      indexDrops.length ? db.billPaymentIndex.bulkDelete(indexDrops) : null,
      // Queued after the drop: a range the drop deletes must hold none of the page's new entries.
      dropFromQueue(db, dropped).then(() =>
        pending.length ? queueForDetail(db, pending, write.detailPriority) : null,
      ),
      updateQuarantine(db, detailedIds, quarantineEntries(write.quarantined, write.now)),
      touchSessions(db, activity, known, write.timeZone),
      flagChangesAfterReconciliation(db, changed, known, write.now),
      write.checkpoint ? db.checkpoints.put(write.checkpoint) : null,
      noteRecordsWritten(db),
      applyBillCountChanges(db, counts, write.timeZone),
      // A tally made from the session's records reads them once written; the others need no read.
      tallyFromRecords ? null : applyTallyChanges(db, tallies, bases),
    ])
    if (tallyFromRecords) await applyTallyChanges(db, tallies, bases)
    queuedForDetail = pending.length
  })
  return { queuedForDetail }
}

export async function writeExpenses(
  db: TillDatabase,
  write: {
    expenses: Expense[]
    quarantined: QuarantinedRecord[]
    checkpoint?: Checkpoint
    now: number
  },
): Promise<void> {
  const expenses = lastOfEach(write.expenses)
  const tables = [...tallyTables(db), db.checkpoints, db.quarantine, db.meta]
  await db.transaction('rw', tables, async () => {
    const existing = await db.expenses.bulkGet(expenses.map((e) => e.id))
    const tallies = new TallyChanges()
    expenses.forEach((expense, i) => noteExpenseChange(tallies, existing[i], expense))
    const bases = await readTallyBases(db, tallies)
    await db.expenses.bulkPut(expenses)
    await db.quarantine.bulkDelete(write.expenses.map((e) => `expense:${e.id}`))
    await db.quarantine.bulkPut(quarantineEntries(write.quarantined, write.now))
    if (write.checkpoint) await db.checkpoints.put(write.checkpoint)
    await noteRecordsWritten(db)
    await applyTallyChanges(db, tallies, bases)
  })
}

/** A close event: the session is closed, and its opening (time and cash) becomes known. */
export async function closeSession(
  db: TillDatabase,
  close: {
    id: string
    locationId: string
    openedAt: number | null
    closedAt: number | null
    openingCash: number | null
    timeZone: string
  },
): Promise<void> {
  await db.transaction('rw', [db.sessions, db.reconciliations], async () => {
    const session = await db.sessions.get(close.id)
    const reconciled = session
      ? session.status === 'reconciled'
      : countStands(await db.reconciliations.get(close.id))
    if (session?.status === 'reconciled' && session.closedAt === null)
      await noteCloseAfterReconciliation(db, close.id, Date.now())
    const openedAt = close.openedAt ?? session?.openedAt ?? null
    const firstActivityAt = session?.firstActivityAt ?? null
    const anchor = openedAt ?? firstActivityAt ?? close.closedAt
    await db.sessions.put({
      id: close.id,
      locationId: close.locationId,
      businessDate:
        anchor === null ? (session?.businessDate ?? '') : businessDate(anchor, close.timeZone),
      openedAt,
      closedAt: close.closedAt ?? session?.closedAt ?? null,
      openingCash: close.openingCash ?? session?.openingCash ?? null,
      firstActivityAt,
      status: reconciled ? 'reconciled' : 'closed',
    })
  })
}
