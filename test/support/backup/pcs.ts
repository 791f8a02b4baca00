import type { JournalFormat } from '../../../src-renderer/exports/rules/formats/journal-formats'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { billFacets } from '../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../src-renderer/database/database'
import { EMPTY_MAPPING } from '../journal-context'
import { saveMapping, readMapping } from '../../../src-renderer/exports/jobs/account-mapping'
import {
  addDestination,
  renameDestination,
} from '../../../src-renderer/exports/tables/destinations'
import { saveLocationName } from '../../../src-renderer/settings/tables/location-names'
import type { JournalBill } from '../../../src-renderer/exports/rules/journal'
import { backupRecords } from '../../../src-renderer/backup/jobs/records-backup'
import { runExport, type ExportResult } from '../../../src-renderer/exports/jobs/run-export'
import type { RunExportOptions } from '../../../src-renderer/exports/jobs/export-options'
import { allLogged } from '../exports/log-pages'
import { collectText } from '../exports/collect'
import { payment, sale } from '../exports/fixtures'
import { makeSession } from '../session-factory'

/** PCs of one shop for backups to go between: caches on fake-indexeddb, closed by `closePcs`. */

const opened: TillDatabase[] = []
export function closePcs(): void {
  opened.splice(0).forEach((db) => db.close())
}

export const TILL = '0.1.0'
export const NOW = new Date('2026-11-21T09:30:00.000Z')
/** A PC's cache of the same shop: its records synced, nothing exported. */
export async function pc(bills: JournalBill[]): Promise<TillDatabase> {
  const db = new TillDatabase(`till-backup-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.sessions.put(makeSession())
  return db
}

const RANGE = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

/**
 * Exports the shop's day (Fri 20 Nov 2026, every location) as Xero with the saved mapping, unless
 * `options` say otherwise, to its end; its result.
 */
export async function exportRange(
  db: TillDatabase,
  options: Partial<RunExportOptions> = {},
): Promise<ExportResult> {
  const exports = runExport({
    db,
    what: 'xero',
    range: RANGE,
    mapping: await readMapping(db),
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
    ...options,
  })
  for (;;) {
    const next = await exports.next()
    if (next.done) return next.value
  }
}

/** Exports the range to a destination, a page per bill; the ids of the entries written. */
export async function exportTo(db: TillDatabase, destinationId: string, what: JournalFormat) {
  const { batch } = await exportRange(db, { what, destinationId, sliceSize: 1 })
  if (!batch) return []
  const rows = (await allLogged(db)).filter((r) => r.batchId === batch.id)
  return rows.map((r) => r.entryId)
}

export const bills = (): JournalBill[] => [
  sale(),
  sale({ id: 'b2', number: '1024', payments: [payment('p3', 'cash', 1685)] }),
]

export const backupOf = (db: TillDatabase, now = NOW): Promise<string> =>
  collectText(backupRecords(db, 'store-1', TILL, now))

/** A first PC that has exported to two destinations, with a mapping and a location's name. */
export async function firstPc(): Promise<{ db: TillDatabase; organisation: string }> {
  const db = await pc(bills())
  const organisation = await addDestination(db, 'Xero, second organisation', 'xero')
  await renameDestination(db, 'xero', 'Xero, main organisation')
  await saveMapping(db, {
    ...EMPTY_MAPPING,
    accounts: { sales: { code: '4001', name: 'Shop sales' } },
  })
  await saveLocationName(db, 'loc1', 'Kemang')
  await exportTo(db, 'xero', 'xero')
  await exportTo(db, organisation.id, 'xero')
  return { db, organisation: organisation.id }
}
