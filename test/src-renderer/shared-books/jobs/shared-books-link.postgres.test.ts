import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { exportBatches } from '../../../../src-renderer/exports/tables/export-batches'
import { SharedBooksLink } from '../../../../src-renderer/shared-books/jobs/shared-books-link'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { closePcs, exportRange } from '../../../support/backup/pcs'
import { linkedPc } from '../../../support/shared-books/linked-pc'
import { countSession, SALE_AT } from '../../../support/exports/counted-session'
import {
  movementsOfSession,
  recordMovement,
} from '../../../../src-renderer/day-close/tables/cash-movement-store'
import {
  movementSums,
  type CashMovement,
} from '../../../../src-renderer/day-close/rules/cash-movements'
import { setAsideRows } from '../../../../src-renderer/shared-books/tables/shared-apply'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { backupOf, bills, pc } from '../../../support/backup/pcs'

/**
 * Two PCs against one real PostgreSQL: each with main's real services in this process (its own
 * data folder) and the renderer's cache on fake-indexeddb, joined through the same link the app
 * uses. (The two-window journey in browsers is `npm run demo:shared-books`.)
 */

let server: TestPostgres
const stops: Array<() => Promise<void> | void> = []
const LATER = SALE_AT + 13 * 3600_000

beforeAll(async () => {
  server = await startTestPostgres()
  await server.createDatabase('books')
}, 60_000)
afterAll(async () => {
  closePcs()
  for (const stop of stops.splice(0).reverse()) await stop()
  await server?.stop()
})

/** A PC: main in this process, its cache holding the shop's bills and session S to count. */
function joinedPc(): ReturnType<typeof linkedPc> {
  return linkedPc(server.url('books'), server.password, stops)
}

/** Exports the range as Xero through the link; the entries the batch holds (0: nothing new). */
function exportXero(db: TillDatabase, link: SharedBooksLink, said: string[]): Promise<number> {
  return link.runExport(
    async () => (await exportRange(db, { sharedCommit: link.exportCommit() })).entryCount,
    (message) => said.push(message),
  )
}

describe('two PCs on one PostgreSQL', () => {
  it('a count made on one shows on the other by notification; the same range exported on both posts once', async () => {
    const office = await joinedPc()
    const laptop = await joinedPc()
    expect(office.link.joined).toMatchObject({ storeId: 'store-1' })

    await countSession(office.db, {
      countedCash: 5900,
      countedBy: 'Ana',
      note: 'Short',
      now: LATER,
    })
    await office.link.syncNow()
    await expect
      .poll(() => laptop.db.reconciliations.get('S'), { timeout: 10_000 })
      .toMatchObject({ countedCash: 5900, reconciledBy: 'Ana' })
    expect((await laptop.db.sessions.get('S'))!.status).toBe('reconciled')

    const officeSaid: string[] = []
    expect(await exportXero(office.db, office.link, officeSaid)).toBeGreaterThan(0)
    const laptopSaid: string[] = []
    // Whether the laptop pulled the office's batch first or was refused by the books and planned
    // again, it posts nothing the office posted.
    expect(await exportXero(laptop.db, laptop.link, laptopSaid)).toBe(0)
    expect(officeSaid).toEqual([])
    expect((await exportBatches(laptop.db)).map((b) => b.id)).toEqual(
      (await exportBatches(office.db)).map((b) => b.id),
    )
  }, 60_000)
})

function payIn(id: string, amount: number, replaces: string | null): CashMovement {
  const note = replaces === null ? '' : 'corrected'
  return {
    id,
    sessionId: 'S',
    kind: 'pay-in',
    amount,
    currency: 'USD',
    category: null,
    at: SALE_AT,
    by: 'Ana',
    note,
    replaces,
  }
}

/** What a PC shows of session S: its pay-ins, and the movements it keeps aside. */
async function shown(db: TillDatabase): Promise<{ payIns: number; aside: string[] }> {
  return {
    payIns: movementSums(await movementsOfSession(db, 'S')).payIns,
    aside: (await setAsideRows(db)).map((row) => row.key),
  }
}

describe('two PCs correcting one pay-in at once', () => {
  it('both show the correction the books took first, the other kept aside; a backup of either restores', async () => {
    const office = await joinedPc()
    const laptop = await joinedPc()
    await recordMovement(office.db, payIn('M1', 4_000, null))
    await office.link.syncNow()
    await laptop.link.syncNow()
    expect(await shown(laptop.db)).toEqual({ payIns: 4_000, aside: [] })

    // Each corrects M1 without having seen the other's correction.
    await Promise.all([
      recordMovement(office.db, payIn('M2', 5_000, 'M1')),
      recordMovement(laptop.db, payIn('M3', 7_000, 'M1')),
    ])
    for (let round = 0; round < 2; round++)
      for (const one of [office, laptop]) await one.link.syncNow()

    const officeShows = await shown(office.db)
    expect(await shown(laptop.db)).toEqual(officeShows)
    expect([
      { payIns: 5_000, aside: ['M3'] },
      { payIns: 7_000, aside: ['M2'] },
    ]).toContainEqual(officeShows)

    for (const one of [office, laptop]) {
      const fresh = await pc(bills())
      await restoreRecords(fresh, await backupOf(one.db), 'store-1')
      expect(movementSums(await movementsOfSession(fresh, 'S')).payIns).toBe(officeShows.payIns)
    }
  }, 60_000)
})
