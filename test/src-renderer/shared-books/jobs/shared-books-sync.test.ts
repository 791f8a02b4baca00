import { afterEach, describe, expect, it } from 'vitest'
import {
  chooseVersion,
  sharedConflicts,
} from '../../../../src-renderer/shared-books/tables/shared-apply'
import { waitingCount } from '../../../../src-renderer/shared-books/tables/shared-outbox'
import {
  loadLocationNames,
  saveLocationName,
} from '../../../../src-renderer/settings/tables/location-names'
import { reopenSession } from '../../../../src-renderer/day-close/jobs/reconcile'
import { cashSessionCache, countSession, SALE_AT } from '../../../support/exports/counted-session'
import { FakeBooks } from '../../../support/shared-books/fake-books'
import { joinedPcs } from '../../../support/shared-books/joined-pcs'
import { SharedBooksSync } from '../../../../src-renderer/shared-books/jobs/shared-books-sync'
import { setAsideRows } from '../../../../src-renderer/shared-books/tables/shared-apply'
import { writeBills } from '../../../../src-renderer/sync/tables/writes'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { makeBill } from '../../../support/bill-factory'

/** The evening after the sale: the session no longer trades. */
const LATER = SALE_AT + 13 * 3600_000

/** Ana's count of session S that evening: 59.00, short. */
const ANAS_COUNT = { countedCash: 5900, countedBy: 'Ana', note: 'Short', now: LATER }

/** PCs of the shop, joined to the books, each with session S synced and not yet counted. */
const pcs = joinedPcs(cashSessionCache)
afterEach(() => pcs.closeAll())
const joinedPc = pcs.join

/**
 * Runs `work` with a started sync of `db` whose pull timer is an hour away, so nothing but what
 * the test looks at can make it run again; stopped after.
 */
async function startedAlone(
  db: TillDatabase,
  books: FakeBooks,
  work: (sync: SharedBooksSync) => Promise<void>,
): Promise<void> {
  const place = { profileId: 'p1', storeId: 'store-1', pcName: 'Office PC' }
  const sync = new SharedBooksSync(db, books.bridge(), place, 3_600_000)
  sync.start()
  try {
    await work(sync)
  } finally {
    sync.stop()
  }
}

/** loc1 named Kemang on the office PC, which has sent it, and Kemang Raya on the laptop. */
async function renamedOnBoth() {
  const books = new FakeBooks()
  const office = await joinedPc(books, 'Office PC')
  const laptop = await joinedPc(books, 'Laptop')
  await saveLocationName(office.db, 'loc1', 'Kemang')
  await saveLocationName(laptop.db, 'loc1', 'Kemang Raya')
  await office.sync.syncNow()
  return { books, office, laptop }
}

describe('keeping two PCs in step', () => {
  it('"sync now" while a run is under way answers once a run made after the call has sent what waits', async () => {
    const books = new FakeBooks()
    // The office's first run holds at its pull, its push done before the count below is made.
    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    const inner = books.bridge()
    const office = await joinedPc(books, 'Office PC', {
      ...inner,
      call: (async (channel: string, input: unknown) => {
        if (channel === 'sharedBooks.pull') await held
        return (inner.call as (c: string, i: unknown) => Promise<unknown>)(channel, input)
      }) as typeof inner.call,
    })
    const first = office.sync.syncNow()
    await countSession(office.db, ANAS_COUNT)
    const asked = office.sync.syncNow()
    release()
    expect(await first).toMatchObject({ pushed: 0 })
    expect(await asked).toMatchObject({ pushed: 1 })
    expect(await waitingCount(office.db)).toBe(0)
  })

  it('a count made on one PC shows on the other, the session reconciled there too', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    await countSession(office.db, ANAS_COUNT)
    expect(await office.sync.syncNow()).toMatchObject({ pushed: 1, conflicts: 0 })
    expect(await laptop.sync.syncNow()).toMatchObject({ pulled: { applied: 1, setAside: 0 } })
    expect(await laptop.db.reconciliations.get('S')).toMatchObject({
      countedCash: 5900,
      reconciledBy: 'Ana',
      varianceNote: 'Short',
    })
    expect((await laptop.db.sessions.get('S'))!.status).toBe('reconciled')
  })

  it('the same session counted on both: the first count on the books stands on both PCs, the second is kept for a person', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    await countSession(office.db, ANAS_COUNT)
    await countSession(laptop.db, {
      countedCash: 6000,
      countedBy: 'Budi',
      note: '',
      now: LATER + 5,
    })
    await office.sync.syncNow()
    expect(await laptop.sync.syncNow()).toMatchObject({ conflicts: 1 })
    const [conflict] = await sharedConflicts(laptop.db)
    expect(conflict).toMatchObject({ mine: { countedCash: 6000, reconciledBy: 'Budi' } })
    expect(conflict!.theirs).toMatchObject({ by: 'Office PC', body: { countedCash: 5900 } })
    expect(books.rows.get('reconciliation:S')!.body).toMatchObject({ countedCash: 5900 })
    // Both PCs show the count the books took first; the laptop's waits for the person.
    await laptop.sync.syncNow()
    await office.sync.syncNow()
    expect((await laptop.db.reconciliations.get('S'))!.countedCash).toBe(5900)
    expect((await office.db.reconciliations.get('S'))!.countedCash).toBe(5900)
    expect(await sharedConflicts(laptop.db)).toHaveLength(1)
  })

  it('a count reopened on one PC and counted again on the other: the books’ change stands on both, status and all, until a person chooses the other', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    await countSession(office.db, ANAS_COUNT)
    await office.sync.syncNow()
    await laptop.sync.syncNow()
    // Apart: the office reopens Ana's count; the laptop, not yet told, recounts over it.
    await reopenSession(office.db, {
      sessionId: 'S',
      by: 'Ana',
      reason: 'Recount',
      now: LATER + 10,
    })
    await reopenSession(laptop.db, { sessionId: 'S', by: 'Budi', reason: 'Wrong', now: LATER + 20 })
    await countSession(laptop.db, {
      countedCash: 6000,
      countedBy: 'Budi',
      note: '',
      now: LATER + 30,
    })
    await office.sync.syncNow()
    expect(await laptop.sync.syncNow()).toMatchObject({ conflicts: 1 })
    await office.sync.syncNow()

    // The office's reopen, on the books first, stands on both PCs; the laptop's count waits.
    for (const pc of [office, laptop]) {
      const { log } = (await pc.db.reconciliations.get('S')) as unknown as { log: unknown[] }
      expect(log.at(-1)).toMatchObject({ action: 'reopened', by: 'Ana' })
      expect((await pc.db.sessions.get('S'))!.status).not.toBe('reconciled')
    }
    const [conflict] = await sharedConflicts(laptop.db)
    expect(conflict).toMatchObject({ mine: { countedCash: 6000, reconciledBy: 'Budi' } })

    await chooseVersion(laptop.db, conflict!.ref, 'mine')
    await laptop.sync.syncNow()
    await office.sync.syncNow()
    for (const pc of [office, laptop]) {
      expect(await pc.db.reconciliations.get('S')).toMatchObject({ countedCash: 6000 })
      expect((await pc.db.sessions.get('S'))!.status).toBe('reconciled')
    }
    expect(await sharedConflicts(laptop.db)).toEqual([])
    expect(await sharedConflicts(office.db)).toEqual([])
  })

  it('offline, a count waits in the outbox and goes up once the books answer again', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    books.offline = true
    await countSession(office.db, ANAS_COUNT)
    await expect(office.sync.syncNow()).rejects.toThrow(/ECONNREFUSED/)
    expect(office.sync.problem).toMatch(/ECONNREFUSED/)
    expect(await waitingCount(office.db)).toBe(1)
    books.offline = false
    await office.sync.syncNow()
    expect(office.sync.problem).toBeNull()
    expect(await waitingCount(office.db)).toBe(0)
    expect(books.rows.get('reconciliation:S')).toMatchObject({ by: 'Office PC', version: 1 })
  })

  it('a started PC whose run failed tries again within seconds, not only at the next pull, and sends what waited', async () => {
    const books = new FakeBooks()
    const { db } = await joinedPc(books, 'Office PC')
    books.offline = true
    await countSession(db, ANAS_COUNT)
    await startedAlone(db, books, async (sync) => {
      await expect.poll(() => sync.problem).toMatch(/ECONNREFUSED/)
      books.offline = false
      await expect
        .poll(() => books.rows.get('reconciliation:S')?.version, { timeout: 20_000 })
        .toBe(1)
      await expect.poll(() => sync.problem).toBeNull()
      expect(await waitingCount(db)).toBe(0)
    })
  })

  it('a movement pulled before its session waits for it, and applies as soon as the session syncs', async () => {
    const books = new FakeBooks()
    const { db } = await joinedPc(books, 'Laptop')
    const payIn = {
      id: 'm1',
      sessionId: 'T',
      kind: 'pay-in',
      amount: 2_000,
      currency: 'USD',
      category: null,
      at: SALE_AT,
      by: 'Ana',
      note: '',
      replaces: null,
    }
    await books.bridge().call('sharedBooks.push', {
      profileId: 'p1',
      storeId: 'store-1',
      by: 'Office PC',
      changes: [{ kind: 'cashMovement', key: 'm1', baseVersion: 0, body: payIn }],
    })
    await startedAlone(db, books, async (sync) => {
      await sync.syncNow()
      expect((await setAsideRows(db)).map((r) => r.reason)).toEqual([
        'it waits for session T, which this PC has not synced yet',
      ])
      await writeBills(db, {
        bills: [makeBill({ id: 'B', session: 'T', lines: [100] })],
        quarantined: [],
        detailPriority: 1,
        timeZone: 'Asia/Jakarta',
        now: SALE_AT,
      })
      // No pull comes (the books are quiet, the timer an hour away): the session's arrival is enough.
      await expect.poll(() => db.cashMovements.get('m1')).toMatchObject({ sessionId: 'T' })
      expect(await setAsideRows(db)).toEqual([])
    })
  })

  it('a started PC sends a change as soon as it is made', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    office.sync.start()
    await saveLocationName(office.db, 'loc1', 'Kemang')
    // Within the few seconds the outbox is looked at.
    await expect
      .poll(() => books.rows.get('locationName:loc1')?.body, { timeout: 10_000 })
      .toEqual({ name: 'Kemang', locationId: 'loc1' })
    await expect.poll(() => waitingCount(office.db)).toBe(0)
  })

  it('a started PC pulls when the books say they changed', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    laptop.sync.start()
    await saveLocationName(office.db, 'loc1', 'Kemang')
    await office.sync.syncNow()
    await expect.poll(() => loadLocationNames(laptop.db)).toEqual({ loc1: 'Kemang' })
  })

  it('a location renamed on both: the first name on the books stands, the second is kept for a person; using it sends it over, and the first PC takes it', async () => {
    const { books, office, laptop } = await renamedOnBoth()
    expect(await laptop.sync.syncNow()).toMatchObject({ conflicts: 1 })
    expect(await loadLocationNames(laptop.db)).toEqual({ loc1: 'Kemang' })
    expect(books.rows.get('locationName:loc1')!.body).toMatchObject({ name: 'Kemang' })
    const [conflict] = await sharedConflicts(laptop.db)
    expect(conflict).toMatchObject({
      mine: { name: 'Kemang Raya' },
      theirs: { by: 'Office PC', body: { name: 'Kemang' } },
    })

    await chooseVersion(laptop.db, conflict!.ref, 'mine')
    expect(await loadLocationNames(laptop.db)).toEqual({ loc1: 'Kemang Raya' })
    expect(await laptop.sync.syncNow()).toMatchObject({ pushed: 1, conflicts: 0 })
    expect(books.rows.get('locationName:loc1')).toMatchObject({
      by: 'Laptop',
      version: 2,
      body: { name: 'Kemang Raya' },
    })
    await office.sync.syncNow()
    expect(await loadLocationNames(office.db)).toEqual({ loc1: 'Kemang Raya' })
    expect(await sharedConflicts(office.db)).toEqual([])
  })

  it('a location renamed on both: keeping theirs takes the first PC’s name and sends nothing', async () => {
    const { books, laptop } = await renamedOnBoth()
    await laptop.sync.syncNow()
    const [conflict] = await sharedConflicts(laptop.db)
    await chooseVersion(laptop.db, conflict!.ref, 'theirs')
    expect(await loadLocationNames(laptop.db)).toEqual({ loc1: 'Kemang' })
    expect(await laptop.sync.syncNow()).toMatchObject({ pushed: 0, conflicts: 0 })
    expect(books.rows.get('locationName:loc1')).toMatchObject({ by: 'Office PC', version: 1 })
  })
})
