import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { billFacets } from '../../src-renderer/cache/bill-facets'
import { TillDatabase } from '../../src-renderer/cache/database'
import { saveMapping, readMapping } from '../../src-renderer/jobs/exports/account-mapping'
import {
  addDestination,
  listDestinations,
  renameDestination,
} from '../../src-renderer/cache/destinations'
import type { JournalBill } from '../../src-renderer/domain/journal/journal'
import {
  BACKUP_TABLES,
  backupRecords,
  restoreRecords,
} from '../../src-renderer/jobs/exports/records-backup'
import { exportBatches, recreateBatch, runExport } from '../../src-renderer/jobs/exports/run-export'
import { allLogged, standingStates } from './support/log-pages'
import { collectText } from './support/collect'
import { payment, sale } from './support/fixtures'
import { EMPTY_MAPPING } from '../support/journal-context'

const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

/** A PC's cache of the same shop: its records synced, nothing exported. */
async function pc(bills: JournalBill[]): Promise<TillDatabase> {
  const db = new TillDatabase(`till-backup-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.sessions.put({
    id: 's1',
    locationId: 'loc1',
    businessDate: '2026-11-20',
    openedAt: null,
    closedAt: null,
    openingCash: null,
    firstActivityAt: null,
    status: 'closed',
  })
  return db
}

const RANGE = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

/** Exports the range to a destination; the ids of the entries written. */
async function exportTo(db: TillDatabase, destinationId: string, what: 'xero' | 'journal-csv') {
  const exports = runExport({
    db,
    what,
    destinationId,
    range: RANGE,
    mapping: await readMapping(db),
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
  })
  for (;;) {
    const next = await exports.next()
    if (next.done) {
      const { batch } = next.value
      if (!batch) return []
      const rows = (await allLogged(db)).filter((r) => r.batchId === batch.id)
      return rows.map((r) => r.entryId)
    }
  }
}

const bills = (): JournalBill[] => [
  sale(),
  sale({ id: 'b2', number: '1024', payments: [payment('p3', 'cash', 1685)] }),
]

describe("backing up and restoring Till's records", () => {
  it('a second PC restored from the backup posts nothing again, and carries on where the first left', async () => {
    const first = await pc(bills())
    const organisation = await addDestination(first, 'Xero, second organisation', 'xero')
    await renameDestination(first, 'xero', 'Xero, main organisation')
    await saveMapping(first, {
      ...EMPTY_MAPPING,
      accounts: { sales: { code: '4001', name: 'Shop sales' } },
    })
    expect(await exportTo(first, 'xero', 'xero')).toEqual(['b1', 'b2'])
    expect(await exportTo(first, organisation.id, 'xero')).toEqual(['b1', 'b2'])
    const backup = await collectText(backupRecords(first, 'store-1'))
    expect(backup).not.toMatch(/api.?key|secret/i)

    const second = await pc([...bills(), sale({ id: 'b3', number: '1025' })])
    const restored = await restoreRecords(second, backup, 'store-1')
    expect(restored.rows).toBeGreaterThan(0)
    expect((await listDestinations(second)).map((d) => d.name)).toEqual(
      (await listDestinations(first)).map((d) => d.name),
    )
    expect(await readMapping(second)).toEqual(await readMapping(first))
    expect(await exportBatches(second)).toEqual(await exportBatches(first))
    // Only the bill the first PC never saw is new, in each destination that had posted.
    expect(await exportTo(second, 'xero', 'xero')).toEqual(['b3'])
    expect(await exportTo(second, organisation.id, 'xero')).toEqual(['b3'])
    expect(await exportTo(second, 'journal-csv', 'journal-csv')).toEqual(['b1', 'b2', 'b3'])
  })

  it('restores a backup made before the log was kept in pages (version 1, a row per entry and per state)', async () => {
    const first = await pc(bills())
    const organisation = await addDestination(first, 'Xero, second organisation', 'xero')
    expect(await exportTo(first, 'xero', 'xero')).toEqual(['b1', 'b2'])
    await exportTo(first, organisation.id, 'xero')
    await first.bills.put({ ...(await first.bills.get('b1'))!, total: 20_000 })
    expect(await exportTo(first, 'xero', 'xero')).toEqual(['b1:reversal', 'b1:adj:1'])
    // The same records as version 1 wrote them.
    const [header, ...lines] = (await collectText(backupRecords(first, 'store-1')))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { table: string; tables: string[] })
    const states = [...(await standingStates(first))].map(([at, state]) => ({
      ...state,
      destinationId: at.slice(0, at.indexOf(' ')),
    }))
    const rows = [
      ...lines.filter((line) => line.table !== 'logPages'),
      ...(await allLogged(first)).map((row) => ({ table: 'loggedEntries', row })),
      ...states.map((row) => ({ table: 'postedStates', row })),
    ]
    const tables = [
      ...header!.tables.filter((t) => t !== 'logPages'),
      'loggedEntries',
      'postedStates',
    ]
    const version1 = [{ ...header, version: 1, tables }, ...rows]
      .map((line) => JSON.stringify(line))
      .join('\n')

    const second = await pc([...bills(), sale({ id: 'b3', number: '1025' })])
    await second.bills.put({ ...(await first.bills.get('b1'))! })
    await restoreRecords(second, version1, 'store-1')
    expect(await exportTo(second, 'xero', 'xero')).toEqual(['b3'])
    expect(await exportTo(second, organisation.id, 'xero')).toEqual([
      'b1:reversal',
      'b1:adj:1',
      'b3',
    ])
    expect(await collectText(recreateBatch(second, (await exportBatches(first))[0]!.id))).toBe(
      await collectText(recreateBatch(first, (await exportBatches(first))[0]!.id)),
    )
  })

  it('lists every table it backs up in its header', async () => {
    const backup = await collectText(backupRecords(await pc([]), 'store-1'))
    expect(JSON.parse(backup.split('\n')[0]!)).toMatchObject({
      kind: 'till-records-backup',
      storeId: 'store-1',
      tables: [...BACKUP_TABLES],
    })
  })

  it('refuses another store’s backup, a PC that has exported, and a damaged file, changing nothing', async () => {
    const first = await pc(bills())
    await exportTo(first, 'xero', 'xero')
    const backup = await collectText(backupRecords(first, 'store-1'))

    const other = await pc(bills())
    await expect(restoreRecords(other, backup, 'store-2')).rejects.toThrow(
      /backup is of store store-1, not of this connection’s store store-2/,
    )
    const cut = `${backup.slice(0, -40)}\n`
    await expect(restoreRecords(other, cut, 'store-1')).rejects.toThrow(/is not JSON/)
    // A row without its key fails as it is written: the rows before it are taken back.
    const keyless = `${backup}{"table":"exportBatches","row":{"what":"xero"}}\n`
    await expect(restoreRecords(other, keyless, 'store-1')).rejects.toThrow(/nothing changed/)
    await expect(restoreRecords(other, '{"kind":"notes"}\n', 'store-1')).rejects.toThrow(
      /not a backup of Till’s records/,
    )
    expect(await other.logPages.count()).toBe(0)
    expect(await other.destinations.count()).toBe(0)

    await exportTo(other, 'journal-csv', 'journal-csv')
    const logged = await allLogged(other)
    await expect(restoreRecords(other, backup, 'store-1')).rejects.toThrow(/exported already/)
    expect(await allLogged(other)).toEqual(logged)
    expect(await exportBatches(other)).toHaveLength(1)
  })
})
