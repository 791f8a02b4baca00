import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState } from 'react'
import type { ActiveConnection } from '../../../settings'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import { categoryLabel, methodLabel } from '../../../format/labels'
import { formatMoney } from '../../../format/format-money'
import { ConnectionGate } from '../ConnectionGate'
import { expenseFacets, queryExpenses, type ExpenseFilters } from '../../../sessions'
import { TableHead } from '../../components/money-table/TableHead'
import { DateFilter } from '../../components/filters/DateFilter'

const NO_FILTERS: ExpenseFilters = { from: '', to: '', locationId: '', category: '', method: '' }

function Choice({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string
  value: string
  options: string[]
  optionLabel(option: string): string
  onChange(value: string): void
}): React.JSX.Element {
  const id = useId()
  return (
    <span className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </span>
  )
}

function Expenses({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const [filters, setFilters] = useState<ExpenseFilters>(NO_FILTERS)
  const facets = useLiveQuery(() => expenseFacets(db), [db])
  const names = useLocationNames(db)
  const result = useLiveQuery(() => queryExpenses(db, filters), [db, filters])
  const currency = profile.currency ?? result?.rows[0]?.currency ?? null
  const money = (minor: number): string => (currency ? formatMoney(minor, currency) : String(minor))
  const set = (patch: Partial<ExpenseFilters>): void => setFilters((f) => ({ ...f, ...patch }))

  return (
    <>
      <div className="filters" role="group" aria-label="Expense filters">
        <DateFilter label="From" value={filters.from} onChange={(from) => set({ from })} />
        <DateFilter label="To" value={filters.to} onChange={(to) => set({ to })} />
        <Choice
          label="Location"
          value={filters.locationId}
          options={facets?.locations ?? []}
          optionLabel={(l) => locationLabel(l, names)}
          onChange={(locationId) => set({ locationId })}
        />
        <Choice
          label="Category"
          value={filters.category}
          options={facets?.categories ?? []}
          optionLabel={categoryLabel}
          onChange={(category) => set({ category })}
        />
        <Choice
          label="Payment method"
          value={filters.method}
          options={facets?.methods ?? []}
          optionLabel={methodLabel}
          onChange={(method) => set({ method })}
        />
      </div>
      {!result && <p role="status">Loading expenses…</p>}
      {result && (
        <>
          <dl className="totals" aria-label="Expense totals">
            <dt>Expenses</dt>
            <dd>{result.totals.count}</dd>
            <dt>Total</dt>
            <dd className="amount">{money(result.totals.amount)}</dd>
            <dt>of which tax</dt>
            <dd className="amount">{money(result.totals.tax)}</dd>
            <dt>Paid in cash</dt>
            <dd className="amount">{money(result.totals.cash)}</dd>
          </dl>
          {result.rows.length === 0 ? (
            <p className="empty-state">No expense matches these filters.</p>
          ) : (
            <table aria-label="Expenses">
              <TableHead
                columns={[
                  'Date',
                  'Number',
                  'Location',
                  'Category',
                  'Description',
                  'Supplier',
                  'Method',
                  { amount: 'Tax' },
                  { amount: 'Amount' },
                ]}
              />
              <tbody>
                {result.rows.map((e) => (
                  <tr key={e.id}>
                    <td>{e.expenseDate}</td>
                    <td>{e.number}</td>
                    <td>{locationLabel(e.locationId, names)}</td>
                    <td>{categoryLabel(e.category)}</td>
                    <td>{e.description}</td>
                    <td>{e.supplier ?? '—'}</td>
                    <td>{methodLabel(e.paymentMethod)}</td>
                    <td className="amount">{formatMoney(e.taxAmount, e.currency)}</td>
                    <td className="amount">{formatMoney(e.amount, e.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  )
}

export function ExpensesScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Expenses">
      {(connection) => <Expenses connection={connection} />}
    </ConnectionGate>
  )
}
