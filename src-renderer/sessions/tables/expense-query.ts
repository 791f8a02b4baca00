import type { TillDatabase } from '../../database/database'
import type { CachedExpense } from '../../database/cached-records'

export interface ExpenseFilters {
  /** Inclusive merchant-local dates (YYYY-MM-DD); empty for no bound. */
  from: string
  to: string
  locationId: string
  category: string
  method: string
}

export interface ExpenseTotals {
  count: number
  amount: number
  tax: number
  cash: number
}

const HIGH = '\uffff'

/**
 * Expenses of a location and date range, read through the `[locationId+expenseDate]` index (or a
 * date scan across locations), newest first, with their totals.
 */
export async function queryExpenses(
  db: TillDatabase,
  filters: ExpenseFilters,
): Promise<{ rows: CachedExpense[]; totals: ExpenseTotals }> {
  const from = filters.from || ''
  const to = filters.to || HIGH
  const base = filters.locationId
    ? db.expenses
        .where('[locationId+expenseDate]')
        .between([filters.locationId, from], [filters.locationId, to], true, true)
    : db.expenses.filter((e) => e.expenseDate >= from && e.expenseDate <= to)
  const rows = (
    await base
      .and(
        (e) =>
          (!filters.category || e.category === filters.category) &&
          (!filters.method || e.paymentMethod === filters.method),
      )
      .toArray()
  ).sort((a, b) => b.expenseDate.localeCompare(a.expenseDate) || b.createdAt - a.createdAt)
  const totals = rows.reduce<ExpenseTotals>(
    (t, e) => ({
      count: t.count + 1,
      amount: t.amount + e.amount,
      tax: t.tax + e.taxAmount,
      cash: t.cash + (e.paymentMethod === 'cash' ? e.amount : 0),
    }),
    { count: 0, amount: 0, tax: 0, cash: 0 },
  )
  return { rows, totals }
}

/** The choices the filters offer: what the cached expenses actually contain. */
export async function expenseFacets(
  db: TillDatabase,
): Promise<{ locations: string[]; categories: string[]; methods: string[] }> {
  const locations = new Set<string>()
  const categories = new Set<string>()
  const methods = new Set<string>()
  await db.expenses.each((e) => {
    locations.add(e.locationId)
    categories.add(e.category)
    methods.add(e.paymentMethod)
  })
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b))
  return { locations: sorted(locations), categories: sorted(categories), methods: sorted(methods) }
}
