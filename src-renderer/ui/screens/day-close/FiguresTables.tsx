import type { CachedExpense } from '../../../database/cached-records'
import type { DayCloseFigures } from '../../../day-close'
import type { CashDrawer } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { unbrokenTimes } from '../../../format/time'
import { categoryLabel, methodLabel, taxLabel } from '../../../format/labels'
import { figureSections, type FigureRow } from './figure-rows'
import { MoneyTable } from '../../components/money-table/MoneyTable'
import { TableHead } from '../../components/money-table/TableHead'

const counts = new Intl.NumberFormat()

/** A figure; one that leaves out an opening not known says whose, and a floor says "at least". */
function FigureValue({ row, currency }: { row: FigureRow; currency: string }): React.JSX.Element {
  if (row.value === null) return <span className="muted">not known</span>
  const value = row.kind === 'money' ? formatMoney(row.value, currency) : counts.format(row.value)
  const whose = row.missing && unbrokenTimes(row.missing.join(', '))
  return (
    <>
      {row.atLeast ? `at least ${value}` : value}
      {whose && (
        <span className="muted incomplete">
          {row.atLeast
            ? ` incomplete: opening cash of ${whose} not known`
            : ` (not known for ${whose})`}
        </span>
      )}
    </>
  )
}

/** Every day-close figure of a session (or a day), its takings per method and its tax per rate. */
export function FiguresTables({
  subject,
  figures,
  drawer,
  currency,
}: {
  /** What the figures are of, in the tables' names: "session 12", "the day at Location 3". */
  subject: string
  figures: DayCloseFigures
  /** The cash drawer's lines when they are not the figures' own (a day's, its sessions named). */
  drawer?: CashDrawer
  currency: string
}): React.JSX.Element {
  return (
    <div className="figures">
      <div className="figures-summary">
        {figureSections(figures, drawer).map((section) => (
          <MoneyTable
            key={section.title}
            label={`${section.title} of ${subject}`}
            caption={section.title}
            currency={currency}
            rows={section.rows.map((row) => ({
              key: row.label,
              label: row.label,
              cells: [<FigureValue key="value" row={row} currency={currency} />],
              total: row.total,
            }))}
          />
        ))}
      </div>
      <div className="figures-detail">
        <MoneyTable
          label={`Payments by method of ${subject}`}
          caption="Payments by method"
          columns={['Method', 'Collected', 'Returned', 'Net']}
          empty="No payments."
          currency={currency}
          rows={figures.methods.map((m) => ({
            key: m.method,
            label: methodLabel(m.method),
            cells: [m.collected, m.returned, m.net],
          }))}
        />
        <MoneyTable
          label={`Tax by rate of ${subject}`}
          caption="Tax by rate"
          empty="No tax."
          currency={currency}
          rows={figures.taxByRate.map((t) => ({
            key: `${t.name} ${t.rate}`,
            label: taxLabel(t),
            cells: [t.amount],
          }))}
        />
      </div>
    </div>
  )
}

/** The expenses booked to a session, as they stand in the cache now. */
export function ExpensesTable({
  subject,
  expenses,
  currency,
}: {
  /** Whose expenses, in the table's name: "session Mon 16 Nov · Salmiya · 08:10–17:45". */
  subject: string
  expenses: readonly CachedExpense[]
  currency: string
}): React.JSX.Element {
  return (
    <table aria-label={`Expenses of ${subject}`} className="expenses">
      <caption>Expenses</caption>
      <TableHead columns={['Category', 'Description', 'Paid by', { amount: 'Amount' }]} />
      <tbody>
        {expenses.length === 0 && (
          <tr>
            <td colSpan={4} className="muted">
              No expenses in this session.
            </td>
          </tr>
        )}
        {expenses.map((e) => (
          <tr key={e.id}>
            <td>{categoryLabel(e.category)}</td>
            <td>{e.description}</td>
            <td>{methodLabel(e.paymentMethod)}</td>
            <td className="amount">{formatMoney(e.amount, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
