import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { categoriesUsed } from '../../../../src-renderer/day-close/tables/categories-used'
import type { CachedExpense } from '../../../../src-renderer/database/cached-records'
import type { CashMovement } from '../../../../src-renderer/day-close/rules/cash-movements'

it('lists every category the shop has used, of any session, expenses and pay-outs, once each', async () => {
  const db = new TillDatabase(`till-categories-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const expense = (id: string, category: string, session: string) =>
    ({ id, category, registerSessionId: session, locationId: '101' }) as CachedExpense
  await db.expenses.bulkPut([
    expense('e1', 'Supplies', 'S1'),
    expense('e2', 'Rent', 'S2'),
    expense('e3', 'Supplies', 'S3'),
  ])
  const movement = (id: string, category: string | null) =>
    ({ id, sessionId: 'S4', kind: 'pay-out', category }) as CashMovement
  await db.cashMovements.bulkPut([movement('m1', 'Ice'), movement('m2', null)])
  expect(await categoriesUsed(db)).toEqual(['Ice', 'Rent', 'Supplies'])
  db.close()
})
