import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../src-renderer/database/database'
import { emptyOldPayments } from '../../../src-renderer/database/old-payments'
import { declareVersions } from '../../../src-renderer/database/migrations/migrations'
import {
  loadLocationNames,
  saveLocationName,
} from '../../../src-renderer/settings/tables/location-names'
import { plannedHash } from '../../support/exports/planned-hash'
import { batchPages, loggedUnder } from '../../../src-renderer/exports/tables/log-page-queries'
import type { UpgradeProgress } from '../../../src-renderer/database/migrations/migration'
import { allLogged, standingStates } from '../../support/exports/log-pages'
import { billFacets } from '../../../src-renderer/sessions/tables/bill-facets'
import { AccountResolver } from '../../../src-renderer/exports/rules/accounts'
import {
  planExport,
  postedView,
  type PostedState,
} from '../../../src-renderer/exports/rules/export-log'
import { billEntries, type JournalBill } from '../../../src-renderer/exports/rules/journal'
import { sessionSummaryEntries } from '../../../src-renderer/exports/rules/session-summary'
import { listDestinations } from '../../../src-renderer/exports/tables/destinations'
import {
  nothingNew,
  runExport,
  type ChunkSink,
} from '../../../src-renderer/exports/jobs/run-export'
import { writeToSink } from '../../../src-renderer/exports/jobs/file-sinks'
import { expense, payment, sale, T0 } from '../../support/exports/fixtures'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'
import {
  loadSessionInputs,
  sessionBillsAndPayments,
} from '../../../src-renderer/sessions/tables/load-session'
import { sessionFigures } from '../../../src-renderer/sessions/tables/session-tally-store'
import { BillQueries } from '../../../src-renderer/sessions/tables/bills/bill-query'
import { ANY_BILL } from '../../../src-renderer/sessions/tables/bills/bill-filters'
import { exportInputsMark } from '../../../src-renderer/database/records-written'
import { writeBills, writeExpenses } from '../../../src-renderer/sync/tables/writes'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../support/journal-context'
import { putCachedBills } from '../../support/cached-bills'
import { billsReversedBetween } from '../../../src-renderer/sessions/tables/payment-index-reads'
import {
  movementsOfSession,
  recordMovement,
} from '../../../src-renderer/day-close/tables/cash-movement-store'
import { markJoined, waitingChanges } from '../../../src-renderer/shared-books/tables/shared-outbox'
import { makeSession } from '../../support/session-factory'

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
 * A cache made by the schema of an older version (1 unless told), through the real migrations,
 * and the same cache opened by the current schema, which upgrades it.
 */
function olderCache(version = 1) {
  const indexedDB = new IDBFactory()
  const old = new Dexie('till-upgrade', { indexedDB, IDBKeyRange })
  declareVersions(old, undefined, version)
  const upgrade = async (onUpgrade?: UpgradeProgress): Promise<TillDatabase> => {
    old.close()
    const upgraded = new TillDatabase('till-upgrade', { indexedDB, IDBKeyRange }, onUpgrade)
    await upgraded.open()
    return upgraded
  }
  return { old, upgrade }
}

/** A batch's rows as version 11 logged them. */
function legacyRows(
  batchId: string,
  written: readonly { key: string; entry: JournalEntry; hash: string }[],
) {
  return written.map((w, position) => ({
    entryId: w.entry.id,
    key: w.key,
    batchId,
    position,
    hash: w.hash,
    entry: w.entry,
  }))
}

/** Exports the range; the ids of the entries the batch wrote, none when nothing was new. */
async function exportedIds(
  db: TillDatabase,
  what: 'journal-csv' | 'xero',
  range: { from: string; to: string; locationId: string },
): Promise<string[]> {
  const sink: ChunkSink = {
    write: async () => undefined,
    finish: async () => ['file'],
    abort: async () => undefined,
  }
  const exports = runExport({
    db,
    what,
    range,
    mapping: EMPTY_MAPPING,
    timeZone: 'Asia/Jakarta',
    currency: 'USD',
  })
  const { result } = await writeToSink(exports, sink, nothingNew(what))
  const batchId = result.batch?.id
  if (!batchId) return []
  return (await allLogged(db)).filter((l) => l.batchId === batchId).map((l) => l.entryId)
}

/** Writes bills as the cache keeps them. */
async function putBills(db: TillDatabase, bills: JournalBill[]): Promise<void> {
  await putCachedBills(db, bills)
}

/** Bills as versions 17 to 22 kept them, each payment of a bill with its detail beside it. */
async function putBillsAndPayments(db: Dexie, bills: JournalBill[]): Promise<void> {
  await db.table('bills').bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await db
    .table('payments')
    .bulkPut(
      bills.flatMap((b) =>
        b.payments.map((p) => ({ ...p, billId: b.id, billType: b.type, locationId: b.locationId })),
      ),
    )
}

/**
 * Three sales of session rs-1 as version 1 stored them: b-1 unpaid, b-2 paid by card, b-3 paid
 * 1000 with a cash payment of 400 (an identity broken).
 */
function legacyBills() {
  return [3, 1, 2].map((n) => ({
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
}

describe('cache schema upgrades', () => {
  it('opens a version-1 cache, keeps every record, serves the new indexes and derives new fields', async () => {
    const { old, upgrade } = olderCache()
    const bills = legacyBills()
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
    // Version 4 lists bills that break an identity: b-3 was paid 1000 with a payment of 400.
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
    const { old, upgrade } = olderCache(7)
    await old
      .table('postings')
      .put({ key: 'b1', revision: 0, liveEntryId: 'b1', entry, hash: 'from-v5' })
    await old
      .table('exportLog')
      .put({ entryId: 'b1', key: 'b1', batchId: 'x', position: 0, hash: 'from-v5', entry })
    await old.table('exportBatches').put({ id: 'x', what: 'journal-csv', granularity: 'bill' })

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(8)
    const remapped = {
      ...entry,
      lines: entry.lines.map((l) => ({
        ...l,
        account: { ...l.account, code: `9${l.account.code}` },
      })),
    }
    expect((await standingStates(upgraded)).get('journal-csv b1')?.hash).toBe(plannedHash(remapped))
    const logged = await loggedUnder(upgraded, [['journal-csv', 'b1']])
    expect(logged.map((l) => l.hash)).toEqual([plannedHash(entry)])
    expect(plannedHash(entry)).not.toBe('from-v5')
    await upgraded.accountMapping.put({
      id: 'mapping',
      accounts: {},
      locations: {},
      savedAt: 'now',
    })
    expect(await upgraded.accountMapping.count()).toBe(1)
    upgraded.close()
  })

  it('version 10 keeps the export log, each batch in the order written', async () => {
    const { old, upgrade } = olderCache(9)
    const logged = (batchId: string, position: number, id: string) => ({
      entryId: id,
      key: id,
      batchId,
      position,
      hash: plannedHash({ ...entry, id }),
      entry: { ...entry, id, billId: id },
    })
    const rows = [logged('a', 0, 'b1'), logged('b', 1, 'b3'), logged('b', 0, 'b2')]
    await old.table('exportLog').bulkPut(rows)
    await old
      .table('exportBatches')
      .bulkPut(['a', 'b'].map((id) => ({ id, what: 'ledger', granularity: 'bill', createdAt: id })))

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(10)
    expect(await allLogged(upgraded)).toEqual([
      { ...rows[0], destinationId: 'ledger' },
      { ...rows[2], destinationId: 'ledger' },
      { ...rows[1], destinationId: 'ledger' },
    ])
    upgraded.close()
  })

  it('version 12 gives each logged entry to the destination of its format: nothing posted is posted again, a second format gets the rest', async () => {
    const { old, upgrade } = olderCache(11)
    const bills = [sale(), sale({ id: 'b2', number: '1024' }), sale({ id: 'b3', number: '1025' })]
    const context = {
      accounts: new AccountResolver(EMPTY_MAPPING),
      timeZone: 'Asia/Jakarta',
      posted: NOTHING_POSTED,
    }
    // The shared log of version 11: a generic CSV export posted b1 and b2, then a Xero export of
    // the same day found only b3 new.
    const plan = planExport(billEntries(bills, context).entries, new Map())
    const batchOf = (key: string) => (key === 'b3' ? 'xero-1' : 'csv-1')
    await old.table('postings').bulkPut(plan.postings)
    await old.table('exportLog').bulkPut(
      plan.write.map((w, position) => ({
        entryId: w.entry.id,
        key: w.key,
        batchId: batchOf(w.key),
        position,
        hash: w.hash,
        entry: w.entry,
      })),
    )
    const range = { from: '2026-11-20', to: '2026-11-20', locationId: '' }
    await old.table('exportBatches').bulkPut([
      {
        id: 'csv-1',
        what: 'journal-csv',
        granularity: 'bill',
        createdAt: '2026-11-21T08:00:00Z',
        range,
      },
      { id: 'xero-1', what: 'xero', granularity: 'bill', createdAt: '2026-11-21T09:00:00Z', range },
    ])
    // What a page closed mid-export left: a run, its entry and its state, never committed.
    await old.table('exportRuns').put({ id: 'killed', startedAt: '2026-11-21T10:00:00Z' })
    await old
      .table('exportLog')
      .put({ entryId: 'b9', key: 'b9', batchId: 'killed', position: 0, hash: 'x', entry })
    await old.table('postings').put({ key: 'b9', revision: 0, liveEntryId: 'b9', entry, hash: 'x' })

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(12)
    const destinations = await listDestinations(upgraded)
    expect(destinations.find((d) => d.id === 'journal-csv')).toMatchObject({
      postedThrough: '2026-11-20',
      periods: [{ from: '', granularity: 'bill' }],
    })
    expect(destinations.find((d) => d.id === 'quickbooks')?.postedThrough).toBe('')
    expect((await upgraded.exportBatches.get('xero-1'))?.destinationId).toBe('xero')
    const holders = async (key: string) =>
      [...(await standingStates(upgraded)).keys()]
        .filter((at) => at.endsWith(` ${key}`))
        .map((at) => at.slice(0, -key.length - 1))
    expect(await holders('b1')).toEqual(['journal-csv'])
    expect(await holders('b3')).toEqual(['xero'])
    expect(await holders('b9')).toEqual([])
    expect(await upgraded.exportRuns.count()).toBe(0)
    expect(await batchPages(upgraded, 'killed').count()).toBe(0)

    await upgraded.bills.bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
    const written = (what: 'journal-csv' | 'xero') => exportedIds(upgraded, what, range)
    expect(await written('xero')).toEqual(['b1', 'b2'])
    expect(await written('journal-csv')).toEqual(['b3'])
    expect(await written('xero')).toEqual([])
    upgraded.close()
  })

  it('version 12 keeps each session of a log of both granularities the way it was posted', async () => {
    const { old, upgrade } = olderCache(11)
    const context = {
      accounts: new AccountResolver(EMPTY_MAPPING),
      timeZone: 'Asia/Jakarta',
      posted: NOTHING_POSTED,
    }
    const first = [
      sale(),
      sale({ id: 'b2', number: '1024', payments: [payment('p3', 'qris', 1685)] }),
    ]
    const nextDay = T0 + 86_400_000
    const later = sale({
      id: 'b4',
      number: '1030',
      registerSessionId: 's2',
      createdAt: nextDay,
      businessDate: '2026-11-21',
      payments: [payment('p9', 'cash', 1685, { registerSessionId: 's2', createdAt: nextDay })],
    })
    // An hledger export per session summary of s1, then one per bill of the next day's s2.
    const summary = planExport(
      sessionSummaryEntries(
        {
          session: { id: 's1', locationId: 'loc1', businessDate: '2026-11-20' },
          name: 'Fri 20 Nov · loc1 · 08:10–17:45',
          currency: 'USD',
          bills: first,
          payments: first.flatMap((b) =>
            b.payments.map((p) => ({ ...p, billId: b.id, billType: b.type })),
          ),
        },
        context,
      ).entries,
      new Map(),
    )
    const perBill = planExport(billEntries([later], context).entries, new Map())
    await old.table('postings').bulkPut([...summary.postings, ...perBill.postings])
    await old
      .table('exportLog')
      .bulkPut([...legacyRows('summary', summary.write), ...legacyRows('bills', perBill.write)])
    await old.table('exportBatches').bulkPut([
      { id: 'summary', what: 'ledger', granularity: 'session', createdAt: '2026-11-21T08:00:00Z' },
      { id: 'bills', what: 'ledger', granularity: 'bill', createdAt: '2026-11-22T08:00:00Z' },
    ])

    const upgraded = await upgrade()
    expect(await upgraded.destinations.get('ledger')).toMatchObject({
      periods: [{ from: '', granularity: 'bill' }],
      postedAs: { s1: 'session' },
      postedThrough: '2026-11-21',
    })
    await putBills(upgraded, [...first, later])
    await upgraded.sessions.bulkPut(
      [
        ['s1', '2026-11-20'],
        ['s2', '2026-11-21'],
      ].map(([id, businessDate]) => makeSession({ id: id!, businessDate: businessDate! })),
    )
    const exports = runExport({
      db: upgraded,
      what: 'ledger',
      range: { from: '2026-11-20', to: '2026-11-21', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
    })
    let next = await exports.next()
    while (!next.done) next = await exports.next()
    // s1's bills are in its summary, b4 is posted: nothing is new.
    expect(next.value.entryCount).toBe(0)
    upgraded.close()
  })
  it('version 13 clears the sale identity from refunds and voids, keeps it on sales, and names locations', async () => {
    const { old, upgrade } = olderCache(12)
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

  it('version 16 carries the log into pages: committed batches in order, the states as they stand, a run never committed rolled back', async () => {
    const { old, upgrade } = olderCache(15)
    const context = (states: ReadonlyMap<string, PostedState>) => ({
      accounts: new AccountResolver(EMPTY_MAPPING),
      timeZone: 'Asia/Jakarta',
      posted: postedView(states),
    })
    const range = { from: '2026-11-20', to: '2026-11-20', locationId: '' }
    const states = new Map<string, PostedState>()
    // Plans one export of the bills against the states so far, as version 15 logged it.
    const logExport = async (batchId: string, bills: JournalBill[]) => {
      const plan = planExport(billEntries(bills, context(states)).entries, states)
      const replaced = plan.postings.flatMap((s) => {
        const before = states.get(s.key)
        return before
          ? [{ batchId, key: s.key, state: { ...before, destinationId: 'journal-csv' } }]
          : []
      })
      for (const state of plan.postings) states.set(state.key, state)
      await old
        .table('loggedEntries')
        .bulkPut(
          legacyRows(batchId, plan.write).map((r) => ({ ...r, destinationId: 'journal-csv' })),
        )
      await old
        .table('postedStates')
        .bulkPut(plan.postings.map((s) => ({ ...s, destinationId: 'journal-csv' })))
      return { plan, replaced }
    }
    const batchRow = (id: string, createdAt: string) => ({
      id,
      destinationId: 'journal-csv',
      createdAt,
      granularity: 'bill',
      target: { format: 'journal-csv' },
      what: 'journal-csv',
      range,
      entryCount: 0,
    })
    const first = [sale(), sale({ id: 'b2', number: '1024' })]
    const changed = [sale({ payments: [payment('p1', 'card', 1685)] }), first[1]!]
    await logExport('csv-1', first)
    await logExport('csv-2', changed)
    // The batch written second was made first: its rows' order says nothing, the batches' does.
    await old
      .table('exportBatches')
      .bulkPut([
        batchRow('csv-2', '2026-11-22T08:00:00Z'),
        batchRow('csv-1', '2026-11-21T08:00:00Z'),
      ])
    const committed = new Map(states)
    // What a window closed mid-export left: a run that changed b1 again and posted a new bill.
    await old.table('exportRuns').put({ id: 'killed', startedAt: '2026-11-23T08:00:00Z' })
    const { replaced } = await logExport('killed', [
      sale({ payments: [payment('p1', 'qris', 1685)] }),
      sale({ id: 'b9', number: '1099' }),
    ])
    await old.table('replacedPostings').bulkPut(replaced)

    const progress: [number, number][] = []
    const upgraded = await upgrade((done, total, step) => {
      if (step === 'export-log') progress.push([done, total])
    })
    // Four entries of committed batches and the states of b1 and b2, from none to all of them.
    expect(progress[0]).toEqual([0, 6])
    expect(progress.at(-1)).toEqual([6, 6])
    expect(progress.map(([done]) => done)).toEqual(
      [...progress.map(([done]) => done)].sort((a, b) => a - b),
    )
    expect(upgraded.tables.map((t) => t.name)).not.toContain('loggedEntries')
    expect(await upgraded.exportRuns.count()).toBe(0)
    expect(await batchPages(upgraded, 'killed').count()).toBe(0)
    expect(await standingStates(upgraded)).toEqual(
      new Map([...committed].map(([key, state]) => [`journal-csv ${key}`, state])),
    )
    expect((await allLogged(upgraded)).map((l) => [l.batchId, l.position, l.entryId])).toEqual([
      ['csv-1', 0, 'b1'],
      ['csv-1', 1, 'b2'],
      ['csv-2', 0, 'b1:reversal'],
      ['csv-2', 1, 'b1:adj:1'],
    ])

    // Exports go on from the states carried over: nothing again, then only what changed.
    await putBills(upgraded, changed)
    const exported = () => exportedIds(upgraded, 'journal-csv', range)
    expect(await exported()).toEqual([])
    await putBills(upgraded, [sale({ payments: [payment('p1', 'qris', 1685)] })])
    expect(await exported()).toEqual(['b1:adj:1:reversal', 'b1:adj:2'])
    expect((await loggedUnder(upgraded, [['journal-csv', 'b1']])).map((l) => l.entryId)).toEqual([
      'b1',
      'b1:reversal',
      'b1:adj:1',
      'b1:adj:1:reversal',
      'b1:adj:2',
    ])
    upgraded.close()
  })

  it('version 17 drops the bills’ session and update-time indexes and the expenses’ update-time index; a session’s records and figures still come through the indexes kept, and the Exports preview’s signal moves with each write', async () => {
    const { old, upgrade } = olderCache(16)
    const cash = (id: string, amount: number, session: string) =>
      payment(id, 'cash', amount, { registerSessionId: session })
    const bills = [
      sale({ id: 'b1', createdAt: T0 + 2000 }),
      sale({ id: 'b0', createdAt: T0 + 1000, payments: [cash('p0', 1685, 's1')] }),
      sale({ id: 'b2', registerSessionId: 's2', payments: [cash('p3', 1000, 's2')] }),
    ]
    await putBillsAndPayments(old, bills)
    await old.table('expenses').put(expense({ id: 'e1', amount: 300 }))

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(17)
    const indexNames = (table: string): string[] => [
      ...upgraded.backendDB().transaction(table).objectStore(table).indexNames,
    ]
    expect(indexNames('bills')).not.toContain('registerSessionId')
    expect(indexNames('bills')).not.toContain('updatedAt')
    expect(indexNames('bills')).toContain('[registerSessionId+createdAt]')
    expect(indexNames('expenses')).toEqual(['[locationId+expenseDate]', 'registerSessionId'])
    expect(await upgraded.bills.count()).toBe(3)

    // The session's records, in the order made, and its figures from them (no tally yet).
    const inputs = await loadSessionInputs(upgraded, { id: 's1', openingCash: 100 })
    expect(inputs.bills.map((b) => b.id)).toEqual(['b0', 'b1'])
    expect(inputs.payments.map((p) => `${p.method} ${p.amount}`).sort()).toEqual([
      'card 1000',
      'cash 1685',
      'cash 500',
    ])
    const figures = await sessionFigures(upgraded, { id: 's1', openingCash: 100 })
    expect(figures.saleCount).toBe(2)
    expect(inputs.expenses.map((e) => e.id)).toEqual(['e1'])
    expect(figures.expectedCash).toBe(100 + 1685 + 500 - 300)
    // The Bills screen's session filter, page and count.
    const queries = new BillQueries(upgraded)
    const s2 = { ...ANY_BILL, registerSessionId: 's2' }
    expect(await queries.count(s2)).toBe(1)
    const page = await queries.page(s2, { column: 'time', desc: true }, 0, 10)
    expect(page.map((b) => b.id)).toEqual(['b2'])
    // What the Exports preview watches instead of the newest update time: each write moves it.
    const before = await exportInputsMark(upgraded)
    await writeBills(upgraded, {
      bills: [sale({ id: 'b1', createdAt: T0 + 2000, number: 'edited' })],
      quarantined: [],
      detailPriority: 0,
      timeZone: 'Asia/Jakarta',
      now: T0,
    })
    const afterBills = await exportInputsMark(upgraded)
    expect(afterBills).not.toBe(before)
    await writeExpenses(upgraded, { expenses: [expense({ id: 'e1' })], quarantined: [], now: T0 })
    expect(await exportInputsMark(upgraded)).not.toBe(afterBills)
    upgraded.close()
  })
  it('version 18 indexes the payments a cache holds by reversal time, those never reversed left out (since version 23 through their bills)', async () => {
    const { old, upgrade } = olderCache(17)
    const reversedAt = T0 + 3 * 86_400_000
    const bill = sale({
      payments: [payment('p1', 'card', 1000, { reversedAt }), payment('p2', 'cash', 500)],
    })
    await putBillsAndPayments(old, [bill])

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(18)
    const reversed = (from: number, to: number) =>
      billsReversedBetween(upgraded, from, to).then((found) => found.map((b) => b.id))
    expect(await reversed(T0, reversedAt)).toEqual([])
    expect(await reversed(reversedAt, reversedAt + 1)).toEqual(['b1'])
    expect(await reversed(0, Number.MAX_SAFE_INTEGER)).toEqual(['b1'])
    upgraded.close()
  })

  it('version 23 leaves the payments table to be emptied: a session’s payments, late ones on other sessions’ bills and reversals come from the bills, through an index of just the bills paid late or reversed', async () => {
    const { old, upgrade } = olderCache(22)
    const reversedAt = T0 + 2 * 86_400_000
    const taken = (id: string, session: string | null, more = {}) =>
      payment(id, 'cash', 100, { registerSessionId: session, ...more })
    const bills = [
      // Paid in its own session: no entry in either index.
      sale({ id: 'own', payments: [taken('p-own', 's1')] }),
      // A bill of s1 paid in s1 and, later, in s2.
      sale({ id: 'late', payments: [taken('p-s1', 's1'), taken('p-s2', 's2')] }),
      // A bill of no session, paid in s2.
      sale({ id: 'none', registerSessionId: null, payments: [taken('p-none', 's2')] }),
      // A payment reversed two days on, in its own session.
      sale({ id: 'reversed', payments: [taken('p-rev', 's1', { reversedAt })] }),
      // Without its detail, its payments were never in the payments table.
      sale({ id: 'summary', hasDetail: false, payments: [taken('p-summary', 's1')] }),
    ]
    await putBillsAndPayments(
      old,
      bills.filter((b) => b.hasDetail),
    )
    await old.table('bills').put({ ...bills[4]!, ...billFacets(bills[4]!) })
    const before = async (session: string) =>
      (
        (await old.table('payments').where('registerSessionId').equals(session).toArray()) as {
          id: string
        }[]
      )
        .map((p) => p.id)
        .sort()
    const s1 = await before('s1')
    const s2 = await before('s2')
    // s1 is a session the cache holds; s2 is named by its payments alone.
    await old.table('sessions').put(makeSession({ id: 's1', status: 'open' }))

    const progress: [number, number][] = []
    const upgraded = await upgrade((done, total, step) => {
      if (step === 'payments') progress.push([done, total])
    })
    expect(upgraded.verno).toBeGreaterThanOrEqual(23)
    expect(progress).toEqual([
      [0, 1],
      [1, 1],
    ])
    // The old table is emptied after the cache opens (old-payments.ts); nothing reads it.
    expect(await emptyOldPayments(upgraded)).toBe(true)
    expect(await upgraded.table('payments').count()).toBe(0)
    const ids = (found: { id: string }[]) => found.map((p) => p.id).sort()
    expect(ids((await sessionBillsAndPayments(upgraded, 's1')).payments)).toEqual(s1)
    expect(ids((await sessionBillsAndPayments(upgraded, 's2')).payments)).toEqual(s2)
    expect(s1).toEqual(['p-own', 'p-rev', 'p-s1'])
    expect(s2).toEqual(['p-none', 'p-s2'])
    // The index holds the two bills paid in another session and the one reversed, nothing else;
    // the bills themselves are as they were.
    expect(await upgraded.billPaymentIndex.toArray()).toEqual([
      { billId: 'late', paidInSessions: ['s2'] },
      { billId: 'none', paidInSessions: ['s2'] },
      { billId: 'reversed', reversedAts: [reversedAt] },
    ])
    expect(await upgraded.bills.count()).toBe(5)
    expect(
      (await billsReversedBetween(upgraded, reversedAt, reversedAt + 1)).map((b) => b.id),
    ).toEqual(['reversed'])
    upgraded.close()
  })

  it('version 20 adds the cash movements beside the sessions and counts kept, listed per session in time order', async () => {
    const { old, upgrade } = olderCache(19)
    await old
      .table('sessions')
      .bulkPut(['rs-1', 'rs-2'].map((id) => makeSession({ id, openedAt: T0, firstActivityAt: T0 })))
    await old.table('reconciliations').put({ sessionId: 'rs-1', countedCash: 0 })

    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(20)
    const move = (id: string, sessionId: string, at: number) =>
      recordMovement(upgraded, {
        id,
        sessionId,
        kind: 'drop',
        amount: 1000,
        currency: 'USD',
        category: null,
        at,
        by: 'Ana',
        note: '',
        replaces: null,
      })
    await move('m-late', 'rs-1', T0 + 2000)
    await move('m-early', 'rs-1', T0 + 1000)
    await move('m-other', 'rs-2', T0)
    await expect(move('m-none', 'rs-9', T0)).rejects.toThrow(/not in the cache/)
    expect((await movementsOfSession(upgraded, 'rs-1')).map((m) => m.id)).toEqual([
      'm-early',
      'm-late',
    ])
    expect(await upgraded.reconciliations.get('rs-1')).toMatchObject({ countedCash: 0 })
    upgraded.close()
  })
  it('version 22 adds the shared books’ outbox, versions, conflicts and rows set aside, after 20 with no 21, keeping the records', async () => {
    const { old, upgrade } = olderCache(20)
    await old.table('locationNames').put({ locationId: 'loc1', name: 'Kemang' })
    await old.table('reconciliations').put({ sessionId: 'rs-1', countedCash: 0 })
    const upgraded = await upgrade()
    expect(upgraded.verno).toBeGreaterThanOrEqual(22)
    await markJoined(upgraded, 'store-1')
    await saveLocationName(upgraded, 'loc1', 'Kemang Raya')
    expect((await waitingChanges(upgraded, 10)).map((c) => [c.ref, c.baseVersion])).toEqual([
      ['locationName:loc1', 0],
    ])
    expect(await upgraded.reconciliations.get('rs-1')).toMatchObject({ countedCash: 0 })
    expect(await upgraded.sharedConflicts.count()).toBe(0)
    expect(await upgraded.sharedSetAside.count()).toBe(0)
    upgraded.close()
  })
})

/** A cache opened by the real migrations through `version`, in a fresh IndexedDB unless given. */
async function cacheAt(version: number, indexedDB = new IDBFactory()): Promise<Dexie> {
  const db = new Dexie('till-version', { indexedDB, IDBKeyRange })
  declareVersions(db, undefined, version)
  await db.open()
  return db
}

/** Closes `db` and opens its cache again with the migrations through `version`. */
function upgradeTo(db: Dexie, version: number): Promise<Dexie> {
  db.close()
  return cacheAt(version, db._options.indexedDB as InstanceType<typeof IDBFactory>)
}

const between = (db: Dexie, index: string, value: string) =>
  db.table('bills').where(index).between([value, Dexie.minKey], [value, Dexie.maxKey])

describe('each schema version upgrades a cache of the version before', () => {
  it('version 2 lists a session’s bills in time order from an index', async () => {
    const old = await cacheAt(1)
    await old.table('bills').bulkPut(legacyBills())
    const db = await upgradeTo(old, 2)
    expect(
      await between(db, '[registerSessionId+createdAt]', 'rs-1').reverse().primaryKeys(),
    ).toEqual(['b-3', 'b-2', 'b-1'])
    db.close()
  })

  it('version 3 derives each bill’s number key, payment state and methods, and keeps reconciliations', async () => {
    const old = await cacheAt(2)
    await old.table('bills').bulkPut(legacyBills())
    const db = await upgradeTo(old, 3)
    expect((await db.table('bills').get('b-2'))?.numberKey).toBe('a-2')
    expect(await db.table('bills').where('methods').equals('card').primaryKeys()).toEqual(['b-2'])
    expect(await db.table('bills').where('paymentState').equals('unpaid').primaryKeys()).toEqual([
      'b-1',
    ])
    await db.table('reconciliations').put({ sessionId: 'rs-1', reconciledAt: 5 })
    expect(await db.table('reconciliations').orderBy('reconciledAt').primaryKeys()).toEqual([
      'rs-1',
    ])
    db.close()
  })

  it('version 4 flags the bills that break an identity, and clears a stale flag', async () => {
    const old = await cacheAt(3)
    const [b3, b1, b2] = legacyBills()
    await old.table('bills').bulkPut([b3, { ...b1, brokenIdentity: 1 }, b2])
    const db = await upgradeTo(old, 4)
    expect(await db.table('bills').where('brokenIdentity').equals(1).primaryKeys()).toEqual(['b-3'])
    expect((await db.table('bills').get('b-1'))?.brokenIdentity).toBeUndefined()
    db.close()
  })

  it('version 5 adds the export log beside the bills kept', async () => {
    const old = await cacheAt(4)
    await old.table('bills').bulkPut(legacyBills())
    const db = await upgradeTo(old, 5)
    expect(await db.table('bills').count()).toBe(3)
    await db.table('exportBatches').bulkPut([
      { id: 'later', createdAt: '2026-11-21' },
      { id: 'first', createdAt: '2026-11-20' },
    ])
    await db.table('exportLog').put({ entryId: 'e', key: 'bill:b-1', batchId: 'first' })
    expect(await db.table('exportBatches').orderBy('createdAt').primaryKeys()).toEqual([
      'first',
      'later',
    ])
    expect(await db.table('exportLog').where('batchId').equals('first').primaryKeys()).toEqual([
      'e',
    ])
    db.close()
  })

  it('version 6 sorts bills by paid and due from indexes', async () => {
    const old = await cacheAt(5)
    await old.table('bills').bulkPut(legacyBills())
    const db = await upgradeTo(old, 6)
    // Descending, ties (b-2 and b-3 owe nothing) by descending id.
    expect(await db.table('bills').orderBy('amountDue').reverse().primaryKeys()).toEqual([
      'b-1',
      'b-3',
      'b-2',
    ])
    expect(await db.table('bills').orderBy('amountPaid').first()).toMatchObject({ id: 'b-1' })
    db.close()
  })

  it('version 7 lists a batch’s logged entries in the order written, and keeps runs apart', async () => {
    const old = await cacheAt(6)
    await old.table('exportLog').bulkPut(
      [2, 0, 1].map((position) => ({
        entryId: `e-${position}`,
        key: `bill:b-${position}`,
        batchId: 'batch',
        position,
      })),
    )
    const db = await upgradeTo(old, 7)
    expect(
      await db
        .table('exportLog')
        .where('[batchId+position]')
        .between(['batch', 0], ['batch', Infinity])
        .primaryKeys(),
    ).toEqual(['e-0', 'e-1', 'e-2'])
    await db.table('exportRuns').put({ id: 'run' })
    await db.table('pendingPostings').put({ batchId: 'run', key: 'bill:b-1' })
    expect(await db.table('pendingPostings').where('batchId').equals('run').count()).toBe(1)
    db.close()
  })

  it('version 9 drops the pending states for the replaced ones', async () => {
    const old = await cacheAt(8)
    await old.table('pendingPostings').put({ batchId: 'run', key: 'bill:b-1' })
    await old.table('exportLog').put({ entryId: 'e', key: 'bill:b-1', batchId: 'b', position: 0 })
    const db = await upgradeTo(old, 9)
    expect(db.tables.map((t) => t.name)).not.toContain('pendingPostings')
    expect(await db.table('exportLog').count()).toBe(1)
    await db.table('replacedPostings').put({ batchId: 'run', key: 'bill:b-1' })
    expect(await db.table('replacedPostings').where('batchId').equals('run').count()).toBe(1)
    db.close()
  })

  it('version 11 lists each type and payment state in time order', async () => {
    const old = await cacheAt(1)
    await old.table('bills').bulkPut(legacyBills())
    const db = await upgradeTo(await upgradeTo(old, 10), 11)
    expect(await between(db, '[type+createdAt]', 'sale').primaryKeys()).toEqual([
      'b-1',
      'b-2',
      'b-3',
    ])
    expect(await between(db, '[paymentState+createdAt]', 'unpaid').primaryKeys()).toEqual(['b-1'])
    db.close()
  })

  it('versions 14 and 15 add the session tallies and the day counts, keeping the sessions', async () => {
    const old = await cacheAt(13)
    await old.table('sessions').put({ id: 'rs-1', locationId: 'l', businessDate: '2026-11-20' })
    const tallied = await upgradeTo(old, 14)
    await tallied.table('sessionTallies').put({ sessionId: 'rs-1' })
    const counted = await upgradeTo(tallied, 15)
    await counted.table('billCounts').put({ businessDate: '2026-11-20' })
    expect(await counted.table('sessions').get('rs-1')).toMatchObject({ locationId: 'l' })
    expect(await counted.table('sessionTallies').count()).toBe(1)
    expect(await counted.table('billCounts').count()).toBe(1)
    counted.close()
  })

  it('version 19 adds the count drafts, one per session, keeping the reconciliations', async () => {
    const old = await cacheAt(18)
    await old.table('reconciliations').put({ sessionId: 'rs-1', reconciledAt: 5 })
    const db = await upgradeTo(old, 19)
    await db.table('countDrafts').bulkPut([
      { sessionId: 'rs-1', savedAt: 1 },
      { sessionId: 'rs-1', savedAt: 2 },
      { sessionId: 'rs-2', savedAt: 3 },
    ])
    expect(await db.table('countDrafts').get('rs-1')).toEqual({ sessionId: 'rs-1', savedAt: 2 })
    expect(await db.table('countDrafts').count()).toBe(2)
    expect(await db.table('reconciliations').get('rs-1')).toMatchObject({ reconciledAt: 5 })
    db.close()
  })

  it('version 21 adds the deposit tables, bank lines keyed per bank account, keeping the cash movements', async () => {
    const old = await cacheAt(20)
    await old.table('cashMovements').put({ id: 'm-1', sessionId: 'rs-1' })
    const db = await upgradeTo(old, 21)
    await db.table('statementLines').bulkPut([
      { bankAccountId: 'bca', id: 'F1', date: '2026-11-03' },
      { bankAccountId: 'bca', id: 'F1', date: '2026-11-03' },
      { bankAccountId: 'mandiri', id: 'F1', date: '2026-11-02' },
    ])
    await db.table('depositMatches').put({ id: 'F1', state: 'unmatched' })
    expect(await db.table('statementLines').where('bankAccountId').equals('bca').count()).toBe(1)
    expect(await db.table('statementLines').orderBy('date').first()).toMatchObject({
      bankAccountId: 'mandiri',
    })
    expect(await db.table('depositMatches').where('state').equals('unmatched').count()).toBe(1)
    expect(await db.table('cashMovements').get('m-1')).toMatchObject({ sessionId: 'rs-1' })
    db.close()
  })

  it('version 24 keys each deposit match and offer by its bank account, keeping every match and the key an export posted it under', async () => {
    const old = await cacheAt(23)
    await old.table('depositSettings').put({
      key: 'settings',
      settings: { bankAccounts: [{ id: 'bca' }, { id: 'mandiri' }] },
    })
    await old.table('statementLines').bulkPut([
      { bankAccountId: 'bca', id: 'F1', date: '2026-11-03' },
      { bankAccountId: 'bca', id: 'F2', date: '2026-11-04' },
      { bankAccountId: 'mandiri', id: 'M1', date: '2026-11-04' },
      // Two accounts with one id: the export read the later booked line's.
      { bankAccountId: 'bca', id: 'S1', date: '2026-11-06' },
      { bankAccountId: 'mandiri', id: 'S1', date: '2026-11-05' },
    ])
    const kept = { kind: 'exact', fee: 0, shortfall: 0, madeBy: 'Till', madeAt: 1 }
    await old.table('depositMatches').bulkPut([
      { ...kept, id: 'F1+F2', bankLineIds: ['F1', 'F2'], expectedIds: ['e1'], state: 'confirmed' },
      {
        ...kept,
        id: 'M1',
        bankLineIds: ['M1'],
        expectedIds: ['e2'],
        state: 'unmatched',
        unmatchedAt: 2,
      },
      { ...kept, id: 'S1', bankLineIds: ['S1'], expectedIds: ['e3'], state: 'confirmed' },
      { ...kept, id: 'G1', bankLineIds: ['G1'], expectedIds: ['e4'], state: 'confirmed' },
    ])
    await old.table('depositOffers').put({
      id: 'M1',
      bankLineIds: ['M1'],
      candidates: [['e5']],
      candidateLineIds: [['M1']],
      reason: 'two fit',
    })
    const db = await upgradeTo(old, 24)
    const matches = await db.table('depositMatches').toArray()
    expect(
      matches.map((m) => [m.id, m.bankAccountId, m.postingKey, m.state, m.expectedIds]),
    ).toEqual([
      ['bca|F1+F2', 'bca', 'deposit:F1', 'confirmed', ['e1']],
      ['bca|G1', 'bca', 'deposit:G1', 'confirmed', ['e4']],
      ['bca|S1', 'bca', 'deposit:S1', 'confirmed', ['e3']],
      ['mandiri|M1', 'mandiri', 'deposit:M1', 'unmatched', ['e2']],
    ])
    expect(await db.table('depositOffers').toArray()).toEqual([
      {
        id: 'mandiri|M1',
        bankAccountId: 'mandiri',
        bankLineIds: ['M1'],
        candidates: [['e5']],
        candidateLineIds: [['M1']],
        reason: 'two fit',
      },
    ])
    db.close()
  })

  it('version 24 sends a shared cache’s matches to the books under their new keys, and deletes the old keys the books hold', async () => {
    const old = await cacheAt(23)
    await old.table('meta').put({ key: 'shared-books', value: 'store-1' })
    await old.table('statementLines').bulkPut([
      { bankAccountId: 'bca', id: 'F1', date: '2026-11-03' },
      { bankAccountId: 'mandiri', id: 'M1', date: '2026-11-04' },
    ])
    const kept = { kind: 'exact', fee: 0, shortfall: 0, madeBy: 'Till', madeAt: 1 }
    const f1 = { ...kept, id: 'F1', bankLineIds: ['F1'], expectedIds: ['e1'], state: 'confirmed' }
    const m1 = { ...kept, id: 'M1', bankLineIds: ['M1'], expectedIds: ['e2'], state: 'confirmed' }
    await old.table('depositMatches').bulkPut([f1, m1])
    // F1 is in the books at version 3; M1 waits to be sent.
    await old.table('sharedVersions').put({ ref: 'depositMatch:F1', version: 3 })
    await old.table('sharedOutbox').put({
      ref: 'depositMatch:M1',
      kind: 'depositMatch',
      key: 'M1',
      baseVersion: 0,
      body: m1,
      deleted: false,
      queuedAt: 1,
      edits: 1,
    })
    const db = (await upgradeTo(old, 24)) as TillDatabase
    const waiting = await db.table('sharedOutbox').toArray()
    expect(
      waiting.map((c) => [c.ref, c.baseVersion, c.deleted, c.body?.bankAccountId ?? null]),
    ).toEqual([
      ['depositMatch:F1', 3, true, null],
      ['depositMatch:bca|F1', 0, false, 'bca'],
      ['depositMatch:mandiri|M1', 0, false, 'mandiri'],
    ])
    expect(waiting.map((c) => c.body).filter(Boolean)).toEqual(
      await db.table('depositMatches').toArray(),
    )
    db.close()
  })

  it('version 24 sends nothing from a cache that shares nothing', async () => {
    const old = await cacheAt(23)
    await old.table('statementLines').put({ bankAccountId: 'bca', id: 'F1', date: '2026-11-03' })
    await old.table('depositMatches').put({ id: 'F1', bankLineIds: ['F1'], state: 'confirmed' })
    const db = await upgradeTo(old, 24)
    expect(await db.table('depositMatches').toArray()).toMatchObject([{ id: 'bca|F1' }])
    expect(await db.table('sharedOutbox').count()).toBe(0)
    db.close()
  })
})
