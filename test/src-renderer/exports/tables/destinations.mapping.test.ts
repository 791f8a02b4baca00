import { allLogged } from '../../../support/exports/log-pages'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  readDestinationMapping,
  readMapping,
  saveMapping,
} from '../../../../src-renderer/exports/jobs/account-mapping'
import { type AccountMapping } from '../../../../src-renderer/exports/rules/accounts'
import {
  addDestination,
  chooseMapping,
  mappingIdOf,
  readDestination,
} from '../../../../src-renderer/exports/tables/destinations'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'
import { backupRecords, restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { previewExport, runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { payment, sale } from '../../../support/exports/fixtures'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { makeSession } from '../../../support/session-factory'

/**
 * A destination posts with the shared account mapping, or with one of its own (a second Xero
 * organisation has its own chart of accounts): the export takes the destination's.
 */

const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

const RANGE = { from: '2026-11-20', to: '2026-11-20', locationId: '' }

async function shop(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-destination-mapping-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  const bills = [
    sale(),
    sale({ id: 'b2', number: '1024', payments: [payment('p3', 'cash', 1685)] }),
  ]
  await db.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db.sessions.put(makeSession())
  return db
}

const SHARED: AccountMapping = {
  ...EMPTY_MAPPING,
  accounts: { sales: { code: '4001', name: 'Shop sales' } },
}
const SECOND_SHOP: AccountMapping = {
  ...EMPTY_MAPPING,
  accounts: {
    sales: { code: '4002', name: 'Second shop sales' },
    'clearing:cash': { code: '1001', name: 'Second shop cash' },
  },
}

/**
 * Exports the range to the destination with its mapping: the file and the entries logged; null
 * when nothing was new (no batch, so no file is kept).
 */
async function exportTo(
  db: TillDatabase,
  destinationId: string,
): Promise<{ file: string; entries: JournalEntry[] } | null> {
  const exports = runExport({
    db,
    what: (await readDestination(db, destinationId)).format,
    destinationId,
    range: RANGE,
    mapping: await readDestinationMapping(db, destinationId),
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
  })
  let file = ''
  for (;;) {
    const next = await exports.next()
    if (next.done) {
      const { batch } = next.value
      if (!batch) return null
      const rows = (await allLogged(db)).filter((r) => r.batchId === batch.id)
      return { file, entries: rows.map((r) => r.entry) }
    }
    file += next.value.text
  }
}

/** The account codes each role posts to in the entries. */
function codesByRole(entries: readonly JournalEntry[]): Record<string, string[]> {
  const codes: Record<string, Set<string>> = {}
  for (const line of entries.flatMap((e) => e.lines))
    (codes[line.role] ??= new Set()).add(line.account.code)
  return Object.fromEntries(Object.entries(codes).map(([role, set]) => [role, [...set].sort()]))
}

describe('a destination’s account mapping', () => {
  it('two Xero destinations with different mappings export the same range, each with its own account codes', async () => {
    const db = await shop()
    await saveMapping(db, SHARED)
    const second = await addDestination(db, 'Xero, second shop', 'xero')
    const own = mappingIdOf(await chooseMapping(db, second.id, 'own'))
    // Its own mapping starts as a copy of the shared one.
    expect(await readMapping(db, own)).toEqual(await readMapping(db))
    await saveMapping(db, SECOND_SHOP, new Date(), own)

    const main = (await exportTo(db, 'xero'))!
    const other = (await exportTo(db, second.id))!
    expect(other.entries.map((e) => e.id)).toEqual(main.entries.map((e) => e.id))
    expect(main.entries.map((e) => e.id)).toEqual(['b1', 'b2'])
    expect(codesByRole(main.entries)).toMatchObject({ sales: ['4001'], 'clearing:cash': ['1000'] })
    expect(codesByRole(other.entries)).toMatchObject({
      sales: ['4002'],
      'clearing:cash': ['1001'],
    })
    // Beyond the roles the mappings tell apart, both post the same lines to the same accounts.
    const withoutMapped = (entries: JournalEntry[]) =>
      entries.map((e) => ({
        ...e,
        lines: e.lines.map((l) =>
          l.role === 'sales' || l.role === 'clearing:cash' ? { ...l, account: null } : l,
        ),
      }))
    expect(withoutMapped(other.entries)).toEqual(withoutMapped(main.entries))
    expect(main.file).toMatch(/,4001,/)
    expect(main.file).not.toMatch(/,4002,|,1001,/)
    expect(other.file).toMatch(/,4002,/)
    expect(other.file).toMatch(/,1001,/)
    expect(other.file).not.toMatch(/,4001,/)
    // The shared mapping is as it was saved.
    expect((await readMapping(db)).accounts).toEqual(SHARED.accounts)
  })

  it('switching a destination to its own mapping, and back, posts nothing again', async () => {
    const db = await shop()
    await saveMapping(db, SHARED)
    expect((await exportTo(db, 'xero'))!.entries.map((e) => e.id)).toEqual(['b1', 'b2'])

    const own = mappingIdOf(await chooseMapping(db, 'xero', 'own'))
    await saveMapping(db, SECOND_SHOP, new Date(), own)
    const preview = await previewExport({
      db,
      what: 'xero',
      destinationId: 'xero',
      range: RANGE,
      mapping: await readDestinationMapping(db, 'xero'),
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
    })
    expect(preview.revisions).toEqual({ original: 0, reversal: 0, adjustment: 0 })
    expect(await exportTo(db, 'xero')).toBeNull()

    // Back to shared: nothing again; its own mapping is kept, and taken up when chosen anew.
    expect((await chooseMapping(db, 'xero', 'shared')).mapping).toBeUndefined()
    expect((await readDestinationMapping(db, 'xero')).accounts).toEqual(SHARED.accounts)
    expect(await exportTo(db, 'xero')).toBeNull()
    await chooseMapping(db, 'xero', 'own')
    expect((await readDestinationMapping(db, 'xero')).accounts).toEqual(SECOND_SHOP.accounts)

    // A bill synced later posts once, with the destination's own accounts.
    const late = sale({ id: 'b3', number: '1025', payments: [payment('p4', 'cash', 1685)] })
    await db.bills.put({ ...late, ...billFacets(late) })
    const next = (await exportTo(db, 'xero'))!
    expect(next.entries.map((e) => e.id)).toEqual(['b3'])
    expect(codesByRole(next.entries)).toMatchObject({ sales: ['4002'], 'clearing:cash': ['1001'] })
  })

  it('a destination stored before mappings of their own, or never stored, uses the shared mapping', async () => {
    const db = await shop()
    await saveMapping(db, SHARED)
    // A row as a cache before this change holds it: no mapping field.
    await db.destinations.put({
      id: 'destination-old',
      name: 'Xero, second organisation',
      format: 'xero',
      periods: [{ from: '', granularity: 'bill' }],
      postedThrough: '',
    })
    const other = await addDestination(db, 'Xero, third shop', 'xero')
    await saveMapping(
      db,
      SECOND_SHOP,
      new Date(),
      mappingIdOf(await chooseMapping(db, other.id, 'own')),
    )

    for (const id of ['destination-old', 'xero', 'journal-csv']) {
      expect(mappingIdOf(await readDestination(db, id))).toBe('mapping')
      expect(await readDestinationMapping(db, id)).toEqual(await readMapping(db))
    }
    expect(codesByRole((await exportTo(db, 'destination-old'))!.entries)).toMatchObject({
      sales: ['4001'],
    })
    expect(await db.destinations.get('destination-old')).not.toHaveProperty('mapping')
  })

  it('a backup carries each destination’s own mapping to the PC it is restored on', async () => {
    const first = await shop()
    await saveMapping(first, SHARED)
    const second = await addDestination(first, 'Xero, second shop', 'xero')
    await saveMapping(
      first,
      SECOND_SHOP,
      new Date(),
      mappingIdOf(await chooseMapping(first, second.id, 'own')),
    )
    const backup = await collectText(backupRecords(first, 'store-1', '0.0.0-test'))

    const restored = await shop()
    await restoreRecords(restored, backup, 'store-1')
    expect(await readDestinationMapping(restored, second.id)).toEqual(
      await readDestinationMapping(first, second.id),
    )
    expect((await readDestinationMapping(restored, second.id)).accounts).toEqual(
      SECOND_SHOP.accounts,
    )
    expect((await readDestinationMapping(restored, 'xero')).accounts).toEqual(SHARED.accounts)
  })
})
