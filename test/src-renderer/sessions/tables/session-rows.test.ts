import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import Dexie, { liveQuery } from 'dexie'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { cashSale, countedShop, MORNING, writeSales } from '../../../support/counted-session'
import { loadShownStatus } from '../../../../src-renderer/sessions/tables/session-status'
import {
  listSessionRows,
  type SessionRowData,
} from '../../../../src-renderer/sessions/tables/session-rows'
import { listSessions } from '../../../../src-renderer/sessions/tables/session-list'
import { transactionsOf } from '../../../support/transaction-count'

const HOUR = 3_600_000
const NOW = MORNING + 7 * HOUR
const ALL = { location: '', range: null, needsCounting: false }

// Live queries run only where Dexie finds an IndexedDB of its own (a browser's; here the fake).
beforeAll(() => {
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})

/** `countedShop`, with S3's tally gone (a cache from before tallies). */
async function shop(): Promise<TillDatabase> {
  const db = await countedShop()
  await db.sessionTallies.delete('S3')
  return db
}

const byId = (rows: SessionRowData[]) => new Map(rows.map((row) => [row.session.id, row]))

describe('the Sessions list’s rows', () => {
  it('show each session’s status, figures from its tally and standing count', async () => {
    const db = await shop()
    const rows = byId(await listSessionRows(db, ALL, 60, NOW))
    expect([...rows.keys()].sort()).toEqual(['S1', 'S2', 'S3'])

    const s1 = rows.get('S1')!
    expect(s1.status).toBe('reconciled')
    expect(s1.figures).toMatchObject({ saleCount: 1, openingCash: 1000, expectedCash: 4000 })
    expect(s1.reconciliation?.count).toMatchObject({ countedCash: 4100, cashVariance: 100 })

    const s2 = rows.get('S2')!
    expect(s2.status).toBe('open')
    expect(s2.figures).toMatchObject({ saleCount: 1, netSales: 2000, totalCollected: 2000 })
    expect(s2.reconciliation).toBeNull()

    // No tally: no figures from the list (its row reads them from its records once seen).
    expect(rows.get('S3')!.figures).toBeUndefined()

    // The statuses are the status rule's, session by session.
    for (const { session, status } of rows.values())
      expect(status).toBe(await loadShownStatus(db, session, NOW))
    // Twelve quiet hours later, S2 is shown closed.
    const later = byId(await listSessionRows(db, ALL, 60, NOW + 13 * HOUR))
    expect(later.get('S2')!.status).toBe('closed-no-event')
    db.close()
  })

  it('are read in one transaction, and the count of sessions to count in one', async () => {
    const db = await shop()
    expect(await transactionsOf(() => listSessionRows(db, ALL, 60, NOW))).toBe(1)
    const needsCounting = { ...ALL, needsCounting: true }
    expect(await transactionsOf(() => listSessions(db, needsCounting, 60, NOW))).toBe(1)
    db.close()
  })

  it('followed live, show a new sale in a session', async () => {
    const db = await shop()
    const seen: (number | undefined)[] = []
    const subscription = liveQuery(() => listSessionRows(db, ALL, 60, NOW)).subscribe((rows) =>
      seen.push(byId(rows).get('S2')?.figures?.saleCount),
    )
    await expect.poll(() => seen.at(-1)).toBe(1)
    await writeSales(db, [cashSale('d', 'S2', 700, MORNING + 6.5 * HOUR)])
    await expect.poll(() => seen.at(-1)).toBe(2)
    subscription.unsubscribe()
    db.close()
  })
})
