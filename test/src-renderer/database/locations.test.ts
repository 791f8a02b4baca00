import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../src-renderer/database/database'
import { knownLocations } from '../../../src-renderer/database/locations'
import type { CachedExpense } from '../../../src-renderer/database/cached-records'
import { generateBills } from '../../support/bill-fixtures'
import { makeSession } from '../../support/session-factory'

describe('the locations the cache knows', () => {
  it('are every location with bills, sessions or expenses, each once and in order', async () => {
    const db = new TillDatabase('till-locations', { indexedDB: new IDBFactory(), IDBKeyRange })
    const bills = generateBills(40, 3).map((b) => ({ ...b, locationId: 'loc-bills' }))
    const session = makeSession({
      id: 's-1',
      locationId: 'loc-a-sessions',
      businessDate: '2026-11-02',
      status: 'open',
    })
    const expense = {
      id: 'e-1',
      locationId: 'loc-expenses',
      expenseDate: '2026-11-03',
    } as Pick<CachedExpense, 'id' | 'locationId' | 'expenseDate'>
    await db.bills.bulkPut(bills)
    await db.sessions.bulkPut([session, { ...session, id: 's-2', businessDate: '2026-11-03' }])
    await db.expenses.put(expense as CachedExpense)

    expect(await knownLocations(db)).toEqual(['loc-a-sessions', 'loc-bills', 'loc-expenses'])
    expect(await knownLocations(db, ['sessions'])).toEqual(['loc-a-sessions'])
    expect(await knownLocations(db, ['bills', 'expenses'])).toEqual(['loc-bills', 'loc-expenses'])
  })
})
