import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { businessDate } from '../../../src-shared/domain/business-date'
import { putCachedBills } from '../cached-bills'
import { TillDatabase } from '../../../src-renderer/database/database'
import { readDestination } from '../../../src-renderer/exports/tables/destinations'
import type { ExportRange } from '../../../src-renderer/exports/tables/export-rows'
import type { AccountMapping } from '../../../src-renderer/exports/rules/accounts'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'
import { runExport } from '../../../src-renderer/exports/jobs/run-export'
import { allLogged } from './log-pages'
import { sortedTotals } from './journals'
import { TIME_ZONE, type Shop } from './shop'

/**
 * A generated shop in a real cache (fake-indexeddb), exported by the real export, and what the
 * export log then holds per destination.
 */

export function database(): TillDatabase {
  return new TillDatabase(`till-cached-shop-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
}

/** When a session opened and closed; null while not known. */
export type SessionHours = (session: Shop['sessions'][number]) => {
  openedAt: number | null
  closedAt: number | null
}

const UNKNOWN_HOURS: SessionHours = () => ({ openedAt: null, closedAt: null })

/** The shop's records as the cache holds them (replacing what it held). */
export async function store(
  db: TillDatabase,
  shop: Shop,
  hours: SessionHours = UNKNOWN_HOURS,
): Promise<void> {
  await db.transaction(
    'rw',
    [db.bills, db.billPaymentIndex, db.expenses, db.sessions],
    async () => {
      await Promise.all([db.bills.clear(), db.billPaymentIndex.clear(), db.expenses.clear()])
      await db.sessions.bulkPut(
        shop.sessions.map((s) => ({
          ...s,
          ...hours(s),
          openingCash: null,
          firstActivityAt: null,
          status: 'closed' as const,
        })),
      )
      await putCachedBills(db, shop.bills)
      await db.expenses.bulkPut(shop.expenses)
    },
  )
}

/** Every business date the shop's records fall on or were paid or reversed on, in order. */
export function datesOf(shop: Shop): string[] {
  const dates = new Set([
    ...shop.sessions.map((s) => s.businessDate),
    ...shop.bills.map((b) => b.businessDate),
    ...shop.bills.flatMap((b) =>
      b.payments.flatMap((p) =>
        [p.createdAt, p.reversedAt ?? p.createdAt].map((at) => businessDate(at, TIME_ZONE)),
      ),
    ),
    ...shop.expenses.map((e) => e.expenseDate),
  ])
  return [...dates].sort()
}

export function dayAfter(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

export interface Exported {
  batchId: string
  parts: string[]
}

let batchNumber = 0

/** One export of `range` to the destination; null when it had nothing new. */
export async function exportTo(
  db: TillDatabase,
  destinationId: string,
  range: ExportRange,
  mapping: AccountMapping,
  currency: string,
): Promise<Exported | null> {
  const destination = await readDestination(db, destinationId)
  const batchId = `batch-${++batchNumber}`
  const parts: string[] = []
  const exports = runExport({
    db,
    what: destination.format,
    destinationId,
    range,
    mapping,
    timeZone: TIME_ZONE,
    currency,
    batchId,
  })
  for (;;) {
    const next = await exports.next()
    if (next.done) return next.value.batch ? { batchId, parts } : null
    parts[next.value.part - 1] = (parts[next.value.part - 1] ?? '') + next.value.text
  }
}

/** Every entry the destination's batches wrote. */
export async function loggedTo(db: TillDatabase, destinationId: string): Promise<JournalEntry[]> {
  const rows = await allLogged(db)
  return rows.filter((r) => r.destinationId === destinationId).map((r) => r.entry)
}

/** Debit-positive movement per role (what an account mapping maps), zero movements left out. */
export function roleTotals(entries: readonly JournalEntry[]): [string, number][] {
  const totals = new Map<string, number>()
  for (const entry of entries)
    for (const line of entry.lines)
      totals.set(line.role, (totals.get(line.role) ?? 0) + line.amount)
  for (const [key, value] of totals) if (value === 0) totals.delete(key)
  return sortedTotals(totals)
}

/** The entries one batch wrote, in order. */
export async function entriesOf(db: TillDatabase, batch: Exported | null): Promise<JournalEntry[]> {
  if (batch === null) return []
  return (await allLogged(db)).filter((r) => r.batchId === batch.batchId).map((r) => r.entry)
}
