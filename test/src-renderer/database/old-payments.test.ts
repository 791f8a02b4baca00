import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { billFacets } from '../../../src-renderer/sessions/tables/bill-facets'
import { databaseName, TillDatabase } from '../../../src-renderer/database/database'
import { sessionBillsAndPayments } from '../../../src-renderer/sessions/tables/load-session'
import { declareVersions } from '../../../src-renderer/database/migrations/migrations'
import { emptyOldPayments } from '../../../src-renderer/database/old-payments'
import { openCache } from '../../../src-renderer/database/open-cache'
import { payment, sale } from '../../support/exports/fixtures'
import { makeSession } from '../../support/session-factory'

const PROFILE = 'old-payments'

/** A cache as version 22 kept it: two bills of session s1, one paid again in s2. */
async function version22Cache(): Promise<void> {
  const old = new Dexie(databaseName(PROFILE))
  declareVersions(old, undefined, 22)
  const bills = [
    sale({ id: 'own', payments: [payment('p1', 'cash', 100, { registerSessionId: 's1' })] }),
    sale({
      id: 'late',
      payments: [
        payment('p2', 'cash', 100, { registerSessionId: 's1' }),
        payment('p3', 'card', 50, { registerSessionId: 's2' }),
      ],
    }),
  ]
  await old.table('bills').bulkPut(bills.map((b) => ({ ...b, ...billFacets(b) })))
  await old
    .table('payments')
    .bulkPut(
      bills.flatMap((b) => b.payments.map((p) => ({ ...p, billId: b.id, billType: b.type }))),
    )
  await old.table('sessions').put(makeSession({ id: 's1', status: 'closed' }))
  old.close()
}

const paymentIds = async (db: TillDatabase, session: string) =>
  (await sessionBillsAndPayments(db, session)).payments.map((p) => p.id).sort()

afterEach(() => Dexie.delete(databaseName(PROFILE)))

describe('the payments table version 23 leaves behind', () => {
  it('is emptied after the cache opens, and the sessions read their payments from the bills as before', async () => {
    await version22Cache()
    const db = await openCache(PROFILE, null)
    await vi.waitFor(async () => expect(await db.table('payments').count()).toBe(0))
    expect(await paymentIds(db, 's1')).toEqual(['p1', 'p2'])
    expect(await paymentIds(db, 's2')).toEqual(['p3'])
    expect(await db.bills.count()).toBe(2)
    db.close()
  })

  it('empties once: a second call finds nothing to clear', async () => {
    await version22Cache()
    const db = new TillDatabase(databaseName(PROFILE))
    await db.open()
    expect(await db.table('payments').count()).toBe(3)
    expect(await emptyOldPayments(db)).toBe(true)
    expect(await emptyOldPayments(db)).toBe(false)
    db.close()
  })

  it('is nothing to a cache the first version 23 made, which had dropped it', async () => {
    const first = new Dexie(databaseName(PROFILE))
    declareVersions(first, undefined, 22)
    first.version(23).stores({ billPaymentIndex: 'billId', payments: null })
    await first.table('bills').put({ ...sale({ id: 'b1' }), ...billFacets(sale({ id: 'b1' })) })
    first.close()
    const db = await openCache(PROFILE, null)
    expect(await emptyOldPayments(db)).toBe(false)
    expect(await db.bills.count()).toBe(1)
    db.close()
  })
})
