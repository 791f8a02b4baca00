import fc from 'fast-check'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import type { CachedExpense } from '../../../../src-renderer/database/cached-records'
import {
  queryExpenses,
  type ExpenseFilters,
} from '../../../../src-renderer/sessions/tables/expense-query'

const LOCATIONS = ['101', '102']
const CATEGORIES = ['Supplies', 'Rent', 'Utilities']
const METHODS = ['cash', 'card', 'bank_transfer']
const DATES = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']

function expense(i: number, pick: (n: number) => number): CachedExpense {
  return {
    id: `e-${i}`,
    number: `EXP-${i}`,
    locationId: LOCATIONS[pick(LOCATIONS.length)]!,
    registerSessionId: null,
    category: CATEGORIES[pick(CATEGORIES.length)]!,
    description: 'x',
    supplier: null,
    currency: 'KWD',
    amount: 1000 + i,
    taxAmount: i,
    paymentMethod: METHODS[pick(METHODS.length)]!,
    expenseDate: DATES[pick(DATES.length)]!,
    createdAt: i,
    updatedAt: i,
    createdAtText: '',
    updatedAtText: '',
    extra: {},
  }
}

describe('expense filters and totals', () => {
  it('agree with a plain filter over the same expenses, for any filter', async () => {
    let seed = 7
    const pick = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const all = Array.from({ length: 300 }, (_, i) => expense(i, pick))
    const db = new TillDatabase('till-expenses', { indexedDB: new IDBFactory(), IDBKeyRange })
    await db.expenses.bulkPut(all)
    const option = (values: string[]) => fc.constantFrom('', ...values)
    await fc.assert(
      fc.asyncProperty(
        option(DATES),
        option(DATES),
        option(LOCATIONS),
        option(CATEGORIES),
        option(METHODS),
        async (from, to, locationId, category, method) => {
          const filters: ExpenseFilters = { from, to, locationId, category, method }
          const expected = all.filter(
            (e) =>
              (!from || e.expenseDate >= from) &&
              (!to || e.expenseDate <= to) &&
              (!locationId || e.locationId === locationId) &&
              (!category || e.category === category) &&
              (!method || e.paymentMethod === method),
          )
          const { rows, totals } = await queryExpenses(db, filters)
          expect(rows.map((r) => r.id).sort()).toEqual(expected.map((e) => e.id).sort())
          expect(totals).toEqual({
            count: expected.length,
            amount: expected.reduce((s, e) => s + e.amount, 0),
            tax: expected.reduce((s, e) => s + e.taxAmount, 0),
            cash: expected
              .filter((e) => e.paymentMethod === 'cash')
              .reduce((s, e) => s + e.amount, 0),
          })
          for (let i = 1; i < rows.length; i++)
            expect(rows[i - 1]!.expenseDate >= rows[i]!.expenseDate).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })
})
