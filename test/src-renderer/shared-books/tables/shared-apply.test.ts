import { afterEach, describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  loadLocationNames,
  saveLocationName,
} from '../../../../src-renderer/settings/tables/location-names'
import {
  applyPulledRows,
  chooseVersion,
  setAsideRows,
  settleSent,
  sharedConflicts,
} from '../../../../src-renderer/shared-books/tables/shared-apply'
import {
  lastAppliedChange,
  markJoined,
  markLeft,
  waitingChanges,
  waitingCount,
} from '../../../../src-renderer/shared-books/tables/shared-outbox'
import type { SharedRow } from '../../../../src-shared/bridge/schemas/shared-books'
import type { Bill } from '../../../../src-shared/domain/records'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { saveMapping } from '../../../../src-renderer/exports/jobs/account-mapping'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { makeBill } from '../../../support/bill-factory'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { backupOf } from '../../../support/backup/pcs'

const XERO_OPTIONS = {
  dateFormat: 'DD/MM/YYYY',
  taxRate: 'Tax Exempt',
  trackingName: 'Location',
  maxLinesPerFile: 500,
}

/** The evening after the sale: the session no longer trades. */
const LATER = SALE_AT + 13 * 3600_000

const opened: TillDatabase[] = []
afterEach(() => opened.splice(0).forEach((db) => db.close()))

function cache(): TillDatabase {
  const db = new TillDatabase(`till-shared-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  opened.push(db)
  return db
}

function row(over: Partial<SharedRow> & Pick<SharedRow, 'kind' | 'key' | 'body'>): SharedRow {
  return { version: 1, change: 1, deleted: false, by: 'Office PC', at: 5, ...over }
}

/** A location's name as the books hold it. */
function nameRow(locationId: string, name: string, over: Partial<SharedRow> = {}): SharedRow {
  return row({ kind: 'locationName', key: locationId, body: { locationId, name }, ...over })
}

/** The books' latest change number in these pulls, past every change they pull. */
const BOOKS_HEAD = 1_000

const pulled = (db: TillDatabase, rows: readonly SharedRow[], now?: number) =>
  applyPulledRows(db, rows, BOOKS_HEAD, now)

const kemang = (change: number, version = 1) => nameRow('loc1', 'Kemang', { change, version })

/** The account mapping as another PC saved it on the books, sales to `code`. */
function mappingRow(code: string, savedAt: string, over: Partial<SharedRow> = {}): SharedRow {
  const body = {
    id: 'mapping',
    accounts: { sales: { code, name: 'Sales' } },
    locations: {},
    savedAt,
  }
  return row({ kind: 'mapping', key: 'mapping', body, version: 2, by: 'Laptop', ...over })
}

describe('the outbox', () => {
  it('queues nothing without shared books, and once joined keeps the newest body from the first base version', async () => {
    const db = cache()
    await saveLocationName(db, 'loc1', 'Kemang')
    expect(await waitingCount(db)).toBe(0)

    await markJoined(db, 'store-1')
    await pulled(db, [kemang(4, 3)])
    await saveLocationName(db, 'loc1', 'Kemang Raya')
    await saveLocationName(db, 'loc1', 'Kemang Timur')
    await saveLocationName(db, 'loc2', '')
    const waiting = await waitingChanges(db, 10)
    expect(
      waiting.map(({ ref, baseVersion, body, deleted, edits }) => ({
        ref,
        baseVersion,
        body,
        deleted,
        edits,
      })),
    ).toEqual([
      {
        ref: 'locationName:loc1',
        baseVersion: 3,
        body: { locationId: 'loc1', name: 'Kemang Timur' },
        deleted: false,
        edits: 2,
      },
      { ref: 'locationName:loc2', baseVersion: 0, body: null, deleted: true, edits: 1 },
    ])
  })

  it('leaving forgets what waits and the versions, and keeps the records', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await saveLocationName(db, 'loc1', 'Kemang')
    await markLeft(db)
    expect(await waitingCount(db)).toBe(0)
    expect(await lastAppliedChange(db)).toBe(0)
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang' })
    await saveLocationName(db, 'loc1', 'Kemang Raya')
    expect(await waitingCount(db)).toBe(0)
  })
})

describe('applying pulled rows', () => {
  it('applies valid rows, sets aside one that does not validate, and notes the last change', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const forged = nameRow('loc2', 'Bad\u0007name', { change: 2 })
    const misfiled = row({
      kind: 'locationName',
      key: 'loc3',
      body: { locationId: 'loc9', name: 'Elsewhere' },
      change: 3,
    })
    const unknown = row({ kind: 'invoice', key: 'i1', body: {}, change: 4 })
    const done = await pulled(db, [misfiled, kemang(1), unknown, forged], 77)
    expect(done).toEqual({ applied: 1, setAside: 3, held: 0 })
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang' })
    expect(await lastAppliedChange(db)).toBe(4)
    const aside = await setAsideRows(db)
    expect(aside.map((r) => [r.ref, r.by, r.seenAt])).toEqual([
      ['invoice:i1', 'Office PC', 77],
      ['locationName:loc2', 'Office PC', 77],
      ['locationName:loc3', 'Office PC', 77],
    ])
    expect(aside[1]!.reason).toMatch(/one trimmed line/)
    expect(aside[2]!.reason).toMatch(/filed under loc3 but names loc9/)
    expect(aside[0]!.reason).toMatch(/does not share records of kind “invoice”/)

    // A later, valid version of the record set aside takes its place.
    await pulled(db, [nameRow('loc2', 'Senopati', { change: 5, version: 2 })])
    expect((await setAsideRows(db)).map((r) => r.ref)).toEqual(['invoice:i1', 'locationName:loc3'])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang', loc2: 'Senopati' })
  })

  it('sets aside an export batch whose pages do not hold what it counts, or filed under another id', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const batch = {
      id: 'batch-1',
      destinationId: 'xero',
      createdAt: '2026-11-21T09:30:00.000Z',
      granularity: 'bill',
      target: { format: 'journal-csv' },
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
      entryCount: 2,
    }
    const filed = (key: string, sent: unknown) =>
      row({
        kind: 'exportBatch',
        key,
        body: { destinationId: 'xero', seq: 1, batchId: key, batch: sent },
      })
    await pulled(db, [
      { ...filed('batch-1', { batch, pages: [] }), change: 1 },
      { ...filed('batch-2', { batch, pages: [] }), change: 2 },
    ])
    const aside = await setAsideRows(db)
    expect(aside.map((r) => [r.ref, r.reason])).toEqual([
      ['exportBatch:batch-1', 'the pages hold 0 entries, the batch counts 2'],
      ['exportBatch:batch-2', 'not an export batch filed under its batch id and destination'],
    ])
    expect(await db.exportBatches.count()).toBe(0)
  })

  it('sets aside a batch whose page says a bill was exported without its entry, and applies it with the entry', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const entry = {
      id: 'b1',
      kind: 'bill',
      date: '2026-11-20',
      currency: 'IDR',
      description: 'Bill 1024',
      payee: null,
      billId: 'b1',
      registerSessionId: null,
      locationId: 'loc1',
      paymentIds: [],
      lines: [],
    }
    const state = { key: 'b1', revision: 0, liveEntryId: 'b1', entry, hash: 'h1' }
    const shared = (batchId: string, entries: unknown[], change: number) =>
      row({
        kind: 'exportBatch',
        key: batchId,
        change,
        body: {
          destinationId: 'xero',
          seq: change,
          batchId,
          batch: {
            batch: {
              id: batchId,
              destinationId: 'xero',
              createdAt: '2026-11-21T09:30:00.000Z',
              granularity: 'bill',
              target: { format: 'xero', options: XERO_OPTIONS },
              what: 'xero',
              range: { from: '2026-11-20', to: '2026-11-20', locationId: '' },
              entryCount: entries.length,
            },
            pages: [
              {
                destinationId: 'xero',
                batchId,
                first: 0,
                entries,
                states: [state],
                keys: [['xero', 'b1']],
              },
            ],
          },
        },
      })
    const done = await pulled(db, [shared('hiding', [], 1)])
    expect(done).toEqual({ applied: 0, setAside: 1, held: 0 })
    expect((await setAsideRows(db)).map((r) => r.reason)).toEqual([
      'pages.0: states.0: key b1 stands at b1, an entry the page does not hold',
    ])
    expect(await db.logPages.count()).toBe(0)
    expect(await db.exportBatches.count()).toBe(0)

    const written = [{ entryId: 'b1', key: 'b1', hash: 'h1', entry }]
    expect(await pulled(db, [shared('honest', written, 2)])).toMatchObject({ applied: 1 })
    expect((await db.exportBatches.toArray()).map((b) => b.id)).toEqual(['honest'])
  })

  it('leaves a record with a change waiting here to the push, ignores an older version, and deletes', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await pulled(db, [kemang(1, 2)])
    await pulled(db, [nameRow('loc1', 'Old', { change: 2, version: 1 })])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang' })

    await saveLocationName(db, 'loc1', 'Mine')
    await pulled(db, [nameRow('loc1', 'Theirs', { change: 3, version: 3 })])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Mine' })

    await db.sharedOutbox.clear()
    await pulled(db, [
      row({ kind: 'locationName', key: 'loc1', body: null, deleted: true, change: 4, version: 4 }),
    ])
    expect(await loadLocationNames(db)).toEqual({})
  })
})

describe('settling a push', () => {
  it('an applied change leaves the outbox, unless written again while it was sent', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await saveLocationName(db, 'loc1', 'Kemang')
    await saveLocationName(db, 'loc2', 'Senopati')
    const sent = await waitingChanges(db, 10)
    await saveLocationName(db, 'loc2', 'Senopati Raya')
    await settleSent(db, sent, [
      { status: 'applied', version: 1, change: 1 },
      { status: 'applied', version: 1, change: 2 },
    ])
    const left = await waitingChanges(db, 10)
    expect(left.map((c) => [c.ref, c.baseVersion, c.body])).toEqual([
      ['locationName:loc2', 1, { locationId: 'loc2', name: 'Senopati Raya' }],
    ])
  })

  it('a name another PC saved first stands here too, this PC’s kept beside it, not dropped; choosing mine re-sends it over the books’ version', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await saveLocationName(db, 'loc1', 'Mine')
    const sent = await waitingChanges(db, 10)
    const theirs = nameRow('loc1', 'Theirs', { version: 2, by: 'Laptop' })
    expect(await settleSent(db, sent, [{ status: 'conflict', current: theirs }])).toEqual({
      conflicts: 1,
    })
    expect(await sharedConflicts(db)).toEqual([
      {
        ref: 'locationName:loc1',
        kind: 'locationName',
        key: 'loc1',
        mine: { locationId: 'loc1', name: 'Mine' },
        theirs,
      },
    ])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Theirs' })
    // A later pull of the same record stands as the books' version, this PC's still kept.
    await pulled(db, [
      { ...theirs, body: { locationId: 'loc1', name: 'Theirs 2' }, version: 3, change: 7 },
    ])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Theirs 2' })
    expect((await sharedConflicts(db)).map((c) => c.mine)).toEqual([
      { locationId: 'loc1', name: 'Mine' },
    ])

    await chooseVersion(db, 'locationName:loc1', 'mine')
    expect(await sharedConflicts(db)).toEqual([])
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Mine' })
    const [waiting] = await waitingChanges(db, 10)
    expect(waiting).toMatchObject({
      ref: 'locationName:loc1',
      baseVersion: 3,
      body: { name: 'Mine' },
    })
  })

  it('choosing theirs over a name deleted here puts their name back and sends nothing', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await pulled(db, [kemang(1, 1)])
    await saveLocationName(db, 'loc1', '')
    const theirs = nameRow('loc1', 'Kemang Raya', { version: 2 })
    await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }])
    expect((await sharedConflicts(db)).map((c) => c.mine)).toEqual([null])
    // An edit on the books and a deletion here: the books' edit stands until a person chooses.
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang Raya' })

    await chooseVersion(db, 'locationName:loc1', 'theirs')
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang Raya' })
    expect(await waitingCount(db)).toBe(0)
    expect(await sharedConflicts(db)).toEqual([])
  })

  it('a record deleted both here and on the books is no conflict', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await pulled(db, [kemang(1, 1)])
    await saveLocationName(db, 'loc1', '')
    const gone = row({ kind: 'locationName', key: 'loc1', body: null, deleted: true, version: 2 })
    expect(
      await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: gone }]),
    ).toEqual({ conflicts: 0 })
    expect(await sharedConflicts(db)).toEqual([])
  })

  it('the same mapping saved on two PCs at different moments is no conflict: the books’ save stands', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const mapping = { accounts: { sales: { code: '4000', name: 'Sales' } }, locations: {} }
    await saveMapping(db, mapping, new Date('2026-11-21T09:00:00Z'))
    const theirs = mappingRow('4000', '2026-11-21T09:05:00.000Z')
    expect(
      await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }]),
    ).toEqual({ conflicts: 0 })
    expect(await sharedConflicts(db)).toEqual([])
    expect(await db.accountMapping.get('mapping')).toEqual(theirs.body)
    expect(await waitingCount(db)).toBe(0)

    // Another account on the books than here is one.
    await saveMapping(db, { ...mapping, accounts: { sales: { code: '4001', name: 'Sales' } } })
    const other = row({
      ...theirs,
      body: { ...(theirs.body as object), accounts: { sales: { code: '4002', name: 'Sales' } } },
      version: 3,
    })
    await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: other }])
    expect((await sharedConflicts(db)).map((c) => c.kind)).toEqual(['mapping'])
  })

  it('a conflict the books come round to (another PC saved what this one did) settles itself', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const mine = { accounts: { sales: { code: '4001', name: 'Sales' } }, locations: {} }
    await saveMapping(db, mine, new Date('2026-11-21T09:00:00Z'))
    const theirs = mappingRow('4002', '2026-11-21T09:05:00.000Z')
    await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }])
    expect((await sharedConflicts(db)).map((c) => c.kind)).toEqual(['mapping'])

    const same = row({
      ...theirs,
      body: { id: 'mapping', ...mine, savedAt: '2026-11-21T09:07:00.000Z' },
      version: 3,
      change: 9,
      by: 'Till room PC',
    })
    expect(await pulled(db, [same])).toMatchObject({ applied: 1 })
    expect(await sharedConflicts(db)).toEqual([])
    expect(await db.accountMapping.get('mapping')).toEqual(same.body)
    expect(await waitingCount(db)).toBe(0)
    // The version it settled on is the one held: a replay of version 3 changes nothing.
    expect(await pulled(db, [{ ...same, change: 10 }])).toMatchObject({ applied: 0 })
  })

  it('saving here what the books hold settles a conflict held from an earlier push', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const accounts = (code: string) => ({ sales: { code, name: 'Sales' } })
    await saveMapping(db, { accounts: accounts('4001'), locations: {} })
    const theirs = mappingRow('4002', '2026-11-21T09:05:00.000Z')
    await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }])
    expect(await sharedConflicts(db)).toHaveLength(1)

    await saveMapping(db, { accounts: accounts('4002'), locations: {} })
    expect(
      await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }]),
    ).toEqual({ conflicts: 0 })
    expect(await sharedConflicts(db)).toEqual([])
    expect(await db.accountMapping.get('mapping')).toEqual(theirs.body)
  })

  it('two counts of one session are both kept until a person chooses, the books’ standing; choosing mine sends it over the books’ version', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    await markJoined(db, 'store-1')
    await countSession(db, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: LATER })
    const mine = (await db.reconciliations.get('S'))!
    const theirBody = { ...mine, countedCash: 5900, reconciledBy: 'Budi' }
    const theirs = row({
      kind: 'reconciliation',
      key: 'S',
      body: theirBody,
      version: 4,
      by: 'Laptop',
    })
    const sent = await waitingChanges(db, 10)
    expect(await settleSent(db, sent, [{ status: 'conflict', current: theirs }])).toEqual({
      conflicts: 1,
    })
    const [conflict] = await sharedConflicts(db)
    expect(conflict).toMatchObject({
      ref: 'reconciliation:S',
      mine: { countedCash: 6000, reconciledBy: 'Ana' },
    })
    expect(conflict!.theirs).toMatchObject({ by: 'Laptop', body: { countedCash: 5900 } })
    expect((await db.reconciliations.get('S'))!.countedCash).toBe(5900)
    expect(await waitingCount(db)).toBe(0)

    await chooseVersion(db, 'reconciliation:S', 'mine')
    expect((await db.reconciliations.get('S'))!.countedCash).toBe(6000)
    expect(await sharedConflicts(db)).toEqual([])
    const [waiting] = await waitingChanges(db, 10)
    expect(waiting).toMatchObject({
      ref: 'reconciliation:S',
      baseVersion: 4,
      body: { countedCash: 6000 },
    })
  })

  it('choosing theirs puts the other PC’s count in place of the one made here', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    await markJoined(db, 'store-1')
    await countSession(db, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: LATER })
    const mine = (await db.reconciliations.get('S'))!
    const theirs = row({
      kind: 'reconciliation',
      key: 'S',
      body: { ...mine, countedCash: 5900 },
      version: 2,
    })
    await settleSent(db, await waitingChanges(db, 10), [{ status: 'conflict', current: theirs }])
    await chooseVersion(db, 'reconciliation:S', 'theirs')
    expect((await db.reconciliations.get('S'))!.countedCash).toBe(5900)
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
    expect(await waitingCount(db)).toBe(0)
  })
})

describe('a count pulled before this PC has synced its session', () => {
  async function countedElsewhere(): Promise<{ body: unknown; sale: unknown }> {
    const office = await cashSessionCache()
    opened.push(office)
    await countSession(office, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: LATER })
    return { body: await office.reconciliations.get('S'), sale: await office.bills.get('A') }
  }

  /** A joined cache that pulled a count of session S and nothing else. */
  async function pulledCount(body: unknown): Promise<TillDatabase> {
    const db = cache()
    await markJoined(db, 'store-1')
    await pulled(db, [row({ kind: 'reconciliation', key: 'S', body })])
    return db
  }

  async function syncSale(db: TillDatabase, sale: unknown): Promise<void> {
    await writeBills(db, {
      bills: [sale as Bill],
      quarantined: [],
      detailPriority: 1,
      timeZone: 'Asia/Jakarta',
      now: LATER,
    })
  }

  it('shows the session reconciled once its bills sync in', async () => {
    const { body, sale } = await countedElsewhere()
    const db = await pulledCount(body)
    expect(await db.sessions.get('S')).toBeUndefined()

    await syncSale(db, sale)
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('shows the session reconciled when its close event is the first this PC hears of it', async () => {
    const { body } = await countedElsewhere()
    const db = await pulledCount(body)
    await closeSession(db, {
      id: 'S',
      locationId: 'loc1',
      openedAt: SALE_AT - 3600_000,
      closedAt: LATER,
      openingCash: 1000,
      timeZone: 'Asia/Jakarta',
    })
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('leaves a session open whose pulled count was reopened', async () => {
    const { body, sale } = await countedElsewhere()
    const record = body as { log: unknown[] }
    const reopened = {
      ...record,
      log: [...record.log, { action: 'reopened', at: LATER + 1, by: 'Ana', reason: 'Recount' }],
    }
    const db = await pulledCount(reopened)
    await syncSale(db, sale)
    expect((await db.sessions.get('S'))!.status).toBe('open')
  })
})

describe('deletions and change numbers from the books', () => {
  const tombstone = (kind: string, key: string, change = 2) =>
    row({ kind, key, body: null, deleted: true, change, version: 2 })

  it('sets aside a deletion of no key of its kind', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const done = await pulled(db, [
      tombstone('locationName', '__proto__', 1),
      tombstone('statementLine', 'L1', 2),
      tombstone('mapping', 'maps', 3),
    ])
    expect(done).toEqual({ applied: 0, setAside: 3, held: 0 })
    expect((await setAsideRows(db)).map((r) => r.reason)).toEqual([
      'a deletion of __proto__, which is no key of a locationName',
      'a deletion of maps, which is no key of a mapping',
      'a deletion of L1, which is no key of a statementLine',
    ])
  })

  /** A bank line as a PC shares it: the key is its account and id. */
  const BANK_LINE = {
    bankAccountId: 'bank',
    id: 'L1',
    date: '2026-11-20',
    amount: 5000,
    currency: 'USD',
    text: 'Deposit',
    importedAt: 1,
  }

  it('a deletion of a bank line reaches the line under its account and id', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    await pulled(db, [row({ kind: 'statementLine', key: 'bank|L1', body: BANK_LINE, change: 1 })])
    expect(await db.statementLines.count()).toBe(1)
    expect(await pulled(db, [tombstone('statementLine', 'bank|L1')])).toMatchObject({
      applied: 1,
    })
    expect(await db.statementLines.count()).toBe(0)
  })

  it('a deleted count leaves its session as it was before the count, not reconciled', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    const before = (await db.sessions.get('S'))!.status
    await countSession(db, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: LATER })
    expect((await db.sessions.get('S'))!.status).toBe('reconciled')
    await markJoined(db, 'store-1')
    await pulled(db, [tombstone('reconciliation', 'S')])
    expect(await db.reconciliations.get('S')).toBeUndefined()
    expect((await db.sessions.get('S'))!.status).toBe(before)
  })

  it('what a pull deleted stays deleted in the PC’s backup: restored on a fresh PC, no bank line, no count, the session not reconciled', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    await countSession(db, { countedCash: 6000, countedBy: 'Ana', note: 'Over', now: LATER })
    await markJoined(db, 'store-1')
    await pulled(db, [row({ kind: 'statementLine', key: 'bank|L1', body: BANK_LINE, change: 1 })])
    await pulled(db, [
      tombstone('statementLine', 'bank|L1', 2),
      tombstone('reconciliation', 'S', 3),
    ])

    const fresh = await cashSessionCache()
    opened.push(fresh)
    await restoreRecords(fresh, await backupOf(db), 'store-1')
    expect(await fresh.statementLines.count()).toBe(0)
    expect(await fresh.reconciliations.get('S')).toBeUndefined()
    expect((await fresh.sessions.get('S'))!.status).not.toBe('reconciled')
  })

  it('sets aside a row numbered past the books’ head or exact integers, and pulls on from the last good change', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const done = await applyPulledRows(
      db,
      [kemang(2 ** 53 + 10), nameRow('loc2', 'Senopati', { change: 6 })],
      5,
    )
    expect(done).toEqual({ applied: 0, setAside: 2, held: 0 })
    expect(await lastAppliedChange(db)).toBe(0)
    expect((await setAsideRows(db)).map((r) => r.reason)).toEqual([
      `change number ${2 ** 53 + 10} is not one the books give out (a whole number from 1 to ${Number.MAX_SAFE_INTEGER})`,
      'change number 6 is past the books’ latest, 5',
    ])
    expect(await applyPulledRows(db, [kemang(3)], 5)).toMatchObject({ applied: 1 })
    expect(await lastAppliedChange(db)).toBe(3)
    expect(await loadLocationNames(db)).toEqual({ loc1: 'Kemang' })
  })
})

describe('rows pulled that must mean something in this store', () => {
  const payIn = (id: string, sessionId: string, more = {}) => ({
    id,
    sessionId,
    kind: 'pay-in',
    amount: 2_000,
    currency: 'USD',
    category: null,
    at: SALE_AT,
    by: 'Ana',
    note: '',
    replaces: null,
    ...more,
  })
  const movementRow = (body: { id: string }, change: number) =>
    row({ kind: 'cashMovement', key: body.id, body, change })

  it('a movement of a session this PC has not synced waits for it, its correction with it, and both apply once it syncs', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    await markJoined(db, 'store-1')
    const first = payIn('m1', 'T')
    const corrected = payIn('m2', 'T', { amount: 2_500, replaces: 'm1' })
    expect(await pulled(db, [movementRow(first, 1), movementRow(corrected, 2)])).toMatchObject({
      applied: 0,
      setAside: 2,
    })
    expect(await db.cashMovements.count()).toBe(0)
    const waiting = await setAsideRows(db)
    expect(waiting.map((r) => [r.key, r.reason])).toEqual([
      ['m1', 'it waits for session T, which this PC has not synced yet'],
      ['m2', 'it waits for session T, which this PC has not synced yet'],
    ])
    // Not yet: the next pull finds the session still missing.
    await pulled(db, [])
    expect(await setAsideRows(db)).toHaveLength(2)

    await writeBills(db, {
      bills: [{ ...makeBill({ id: 'B', session: 'T', lines: [100] }) }],
      quarantined: [],
      detailPriority: 1,
      timeZone: 'Asia/Jakarta',
      now: SALE_AT,
    })
    expect(await pulled(db, [])).toMatchObject({ applied: 2 })
    expect(await setAsideRows(db)).toEqual([])
    expect((await db.cashMovements.toArray()).map((m) => m.id).sort()).toEqual(['m1', 'm2'])
    expect(await lastAppliedChange(db)).toBe(2)
  })

  it('sets aside a movement in another currency than the shop’s, or larger than any drawer holds', async () => {
    const db = await cashSessionCache()
    opened.push(db)
    await markJoined(db, 'store-1')
    const huge = 2 ** 52
    const result = await pulled(db, [
      movementRow(payIn('yen', 'S', { currency: 'JPY' }), 1),
      movementRow(payIn('big1', 'S', { amount: huge }), 2),
      movementRow(payIn('big2', 'S', { amount: huge }), 3),
      movementRow(payIn('fine', 'S'), 4),
    ])
    expect(result).toMatchObject({ applied: 1, setAside: 3 })
    expect((await setAsideRows(db)).map((r) => [r.key, r.reason])).toEqual([
      ['big1', 'The amount is larger than any drawer holds.'],
      ['big2', 'The amount is larger than any drawer holds.'],
      ['yen', 'it is in JPY, and the shop counts in USD'],
    ])
    expect((await db.cashMovements.toArray()).map((m) => m.id)).toEqual(['fine'])
  })

  it('sets aside a bank line dated outside the years a bank books', async () => {
    const db = cache()
    await markJoined(db, 'store-1')
    const line = (id: string, date: string) => ({
      bankAccountId: 'main',
      id,
      date,
      amount: 4_900,
      currency: 'USD',
      text: 'Cash deposit',
      importedAt: SALE_AT,
    })
    const lineRow = (body: { id: string }, change: number) =>
      row({ kind: 'statementLine', key: `main|${body.id}`, body, change })
    const result = await pulled(db, [
      lineRow(line('far', '9999-12-31'), 1),
      lineRow(line('near', '2026-11-20'), 2),
    ])
    expect(result).toMatchObject({ applied: 1, setAside: 1 })
    expect((await setAsideRows(db)).map((r) => r.reason)).toEqual([
      'it is dated 9999-12-31, outside the years a bank books (1900 to 2099)',
    ])

    // A match naming the line set aside waits aside with it, as a restore keeps it: nothing half.
    const match = (bankAccountId: string, id: string) => ({
      id: `${bankAccountId}|${id}`,
      bankAccountId,
      bankLineIds: [id],
      expectedIds: ['cash|loc1|2026-11-20'],
      kind: 'exact',
      fee: 0,
      shortfall: 0,
      state: 'confirmed',
      madeBy: 'Ana',
      madeAt: SALE_AT,
    })
    const matchRow = (body: { id: string }, change: number) =>
      row({ kind: 'depositMatch', key: body.id, body, change })
    expect(
      await pulled(db, [matchRow(match('main', 'far'), 3), matchRow(match('other', 'far'), 4)]),
    ).toMatchObject({ applied: 1, setAside: 1 })
    expect((await setAsideRows(db)).map((r) => [r.key, r.reason])).toEqual([
      ['main|far', 'it names bank line far, which is set aside'],
      ['main|far', 'it is dated 9999-12-31, outside the years a bank books (1900 to 2099)'],
    ])
    expect((await db.depositMatches.toArray()).map((m) => m.id)).toEqual(['other|far'])
  })
})
