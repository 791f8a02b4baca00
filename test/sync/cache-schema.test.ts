import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { SCHEMA_V1, TillDatabase } from '../../src-renderer/cache/database'
import { loadLocationNames, saveLocationName } from '../../src-renderer/cache/location-names'
import { postingHash } from '../../src-renderer/exports/export-log'
import { batchLog } from '../../src-renderer/exports/run-export-log'
import type { JournalEntry } from '../../src-renderer/exports/journal-entry'

const entry: JournalEntry = {
  id: 'b1',
  kind: 'bill',
  date: '2026-11-20',
  currency: 'USD',
  description: 'Sale 1',
  payee: null,
  billId: 'b1',
  registerSessionId: 's1',
  locationId: 'loc1',
  paymentIds: ['p1'],
  lines: [
    {
      role: 'clearing:cash',
      account: { code: '1000', name: 'Cash clearing', kind: 'asset' },
      amount: 500,
      memo: '',
    },
    {
      role: 'sales',
      account: { code: '4000', name: 'Sales', kind: 'income' },
      amount: -500,
      memo: '',
    },
  ],
}

/**
 * A cache made by an older schema (version 1, and `later` at its version number), and the
 * same cache opened by the current schema, which upgrades it.
 */
function olderCache(later?: [version: number, stores: Record<string, string>]) {
  const indexedDB = new IDBFactory()
  const old = new Dexie('till-upgrade', { indexedDB, IDBKeyRange })
  old.version(1).stores(SCHEMA_V1)
  if (later) old.version(later[0]).stores(later[1])
  const upgrade = async (): Promise<TillDatabase> => {
    old.close()
    const upgraded = new TillDatabase('till-upgrade', { indexedDB, IDBKeyRange })
    await upgraded.open()
    return upgraded
  }
  return { old, upgrade }
}

describe('cache schema upgrades', () => {
  it('opens a version-1 cache, keeps every record, serves the new indexes and derives new fields', async () => {
    const { old, upgrade } = olderCache()
    const bills = [3, 1, 2].map((n) => ({
      number: `A-${n}`,
      total: 1000,
      amountPaid: n === 1 ? 0 : 1000,
      amountDue: n === 1 ? 1000 : 0,
      totalTax: 0,
      hasDetail: true,
      lines: [{ total: 1000 }],
      discounts: [],
      fees: [],
      taxes: [],
      payments:
        n === 1
          ? []
          : [
              {
                id: `p-${n}`,
                method: n === 2 ? 'card' : 'cash',
                amount: n === 3 ? 400 : 1000,
                reversedAt: null,
              },
            ],
      id: `b-${n}`,
      registerSessionId: 'rs-1',
      createdAt: n * 1000,
      updatedAt: n,
      locationId: 'l',
      businessDate: '2026-11-20',
      type: 'sale',
      parentBillId: null,
    }))
    await old
      .table('bills')
      .bulkPut([...bills, { ...bills[0], id: 'other', registerSessionId: 'rs-2' }])
    await old.table('checkpoints').put({ key: 'bills', cursor: '2026-11-20T00:00:00Z' })

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(11)
    expect(await upgraded.bills.count()).toBe(4)
    expect((await upgraded.checkpoints.get('bills'))?.cursor).toBe('2026-11-20T00:00:00Z')
    const newestFirst = await upgraded.bills
      .where('[registerSessionId+createdAt]')
      .between(['rs-1', Dexie.minKey], ['rs-1', Dexie.maxKey])
      .reverse()
      .primaryKeys()
    expect(newestFirst).toEqual(['b-3', 'b-2', 'b-1'])
    // Version 3 derives what the Bills screen filters on, for bills cached before it; version
    // 11 lists each payment state and each type in time order.
    const inTimeOrder = (index: string, value: string) =>
      upgraded.bills
        .where(index)
        .between([value, Dexie.minKey], [value, Dexie.maxKey])
        .primaryKeys()
    expect(await inTimeOrder('[paymentState+createdAt]', 'unpaid')).toEqual(['b-1'])
    expect(await inTimeOrder('[paymentState+createdAt]', 'partly_paid')).toEqual(['b-3', 'other'])
    expect(await inTimeOrder('[type+createdAt]', 'sale')).toEqual(['b-1', 'b-2', 'b-3', 'other'])
    expect(await upgraded.bills.where('methods').equals('card').primaryKeys()).toEqual(['b-2'])
    expect((await upgraded.bills.get('b-2'))?.numberKey).toBe('a-2')
    // Version 4 lists bills that break a §4 identity: b-3 was paid 1000 with a payment of 400.
    expect(await upgraded.bills.where('brokenIdentity').equals(1).primaryKeys()).toEqual([
      'b-3',
      'other',
    ])
    // Version 6 sorts by amount due from an index.
    expect(await upgraded.bills.orderBy('amountDue').reverse().first()).toMatchObject({
      id: 'b-1',
      amountDue: 1000,
    })
    upgraded.close()
  })

  it('version 8 keeps the export log, computes its hashes again without accounts, and stores a mapping', async () => {
    const { old, upgrade } = olderCache([
      5,
      {
        postings: 'key',
        exportLog: 'entryId, key, batchId',
        exportBatches: 'id, createdAt',
      },
    ])
    await old
      .table('postings')
      .put({ key: 'b1', revision: 0, liveEntryId: 'b1', entry, hash: 'from-v5' })
    await old
      .table('exportLog')
      .put({ entryId: 'b1', key: 'b1', batchId: 'x', position: 0, hash: 'from-v5', entry })

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(8)
    const remapped = {
      ...entry,
      lines: entry.lines.map((l) => ({
        ...l,
        account: { ...l.account, code: `9${l.account.code}` },
      })),
    }
    expect((await upgraded.postings.get('b1'))?.hash).toBe(postingHash(remapped))
    expect((await upgraded.exportLog.get('b1'))?.hash).toBe(postingHash(entry))
    expect(postingHash(entry)).not.toBe('from-v5')
    expect(await upgraded.exportLog.where('key').equals('b1').count()).toBe(1)
    await upgraded.accountMapping.put({
      id: 'mapping',
      accounts: {},
      locations: {},
      savedAt: 'now',
    })
    expect(await upgraded.accountMapping.count()).toBe(1)
    upgraded.close()
  })

  it('version 10 keeps the export log and finds a batch through [batchId+position] alone', async () => {
    const { old, upgrade } = olderCache([
      9,
      {
        postings: 'key',
        exportLog: 'entryId, key, batchId, [batchId+position]',
        exportBatches: 'id, createdAt',
      },
    ])
    const logged = (batchId: string, position: number, id: string) => ({
      entryId: id,
      key: id,
      batchId,
      position,
      hash: postingHash({ ...entry, id }),
      entry: { ...entry, id, billId: id },
    })
    const rows = [logged('a', 0, 'b1'), logged('b', 1, 'b3'), logged('b', 0, 'b2')]
    await old.table('exportLog').bulkPut(rows)

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(10)
    expect(upgraded.exportLog.schema.idxByName['batchId']).toBeUndefined()
    expect(await upgraded.exportLog.toArray()).toEqual(expect.arrayContaining(rows))
    expect((await batchLog(upgraded, 'b').toArray()).map((r) => r.entryId)).toEqual(['b2', 'b3'])
    expect((await batchLog(upgraded, 'b', 0).toArray()).map((r) => r.entryId)).toEqual(['b3'])
    expect(await upgraded.exportLog.where('key').equals('b1').count()).toBe(1)
    await batchLog(upgraded, 'a').delete()
    expect((await upgraded.exportLog.toArray()).map((r) => r.entryId).sort()).toEqual(['b2', 'b3'])
    upgraded.close()
  })
  it('version 13 clears the sale identity from refunds and voids, keeps it on sales, and names locations', async () => {
    const { old, upgrade } = olderCache([6, { bills: `${SCHEMA_V1.bills}, brokenIdentity` }])
    // A void of a sale paid 10000 of 25000 (IDR): it returned 10000 and owes nothing. Before
    // version 13 it was flagged for amount_due = total − amount_paid, which only sales keep.
    const flagged = (id: string, type: string, amountPaid: number, amountDue: number) => ({
      id,
      number: id,
      type,
      parentBillId: type === 'sale' ? null : 's1',
      registerSessionId: 'rs-1',
      locationId: '101',
      businessDate: '2026-11-20',
      currency: 'IDR',
      createdAt: 1,
      updatedAt: 1,
      total: 25000,
      totalTax: 0,
      amountPaid,
      amountDue,
      hasDetail: true,
      lines: [{ total: 25000, taxes: [] }],
      discounts: [],
      fees: [],
      taxes: [],
      payments: [
        {
          id: `${id}-p`,
          method: 'cash',
          amount: 10000,
          reversedAt: null,
          registerSessionId: 'rs-1',
        },
      ],
      brokenIdentity: 1,
    })
    await old
      .table('bills')
      .bulkPut([flagged('v1', 'void', 10000, 0), flagged('s1', 'sale', 10000, 0)])

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(13)
    expect(await upgraded.bills.where('brokenIdentity').equals(1).primaryKeys()).toEqual(['s1'])
    expect((await upgraded.bills.get('v1'))?.paymentState).toBe('partly_paid')
    await saveLocationName(upgraded, '101', '  Main   street ')
    expect(await loadLocationNames(upgraded)).toEqual({ '101': 'Main street' })
    await saveLocationName(upgraded, '101', ' ')
    expect(await upgraded.locationNames.count()).toBe(0)
    upgraded.close()
  })
})
