import type { CachedExpense } from '../../../cache/records'
import type { DayCloseFigures } from '../../../domain/ledger/day-close'
import { formatMoney } from '../../../domain/format/money'
import { categoryLabel, methodLabel, taxLabel } from '../../../domain/format/labels'
import { figureSections, type FigureRow } from './figure-rows'

const counts = new Intl.NumberFormat()

function FigureValue({ row, currency }: { row: FigureRow; currency: string }): React.JSX.Element {
  if (row.value === null) return <span className="muted">not known (counted as 0)</span>
  return <>{row.kind === 'money' ? formatMoney(row.value, currency) : counts.format(row.value)}</>
}

/** Every §4 figure of a session (or a day), its takings per method and its tax per rate. */
export function FiguresTables({
  subject,
  figures,
  currency,
}: {
  /** What the figures are of, in the tables' names: "session 12", "the day at Location 3". */
  subject: string
  figures: DayCloseFigures
  currency: string
}): React.JSX.Element {
  return (
    <div className="figures">
      <div className="figures-summary">
        {figureSections(figures).map((section) => (
          <table key={section.title} aria-label={`${section.title} of ${subject}`}>
            <caption>{section.title}</caption>
            <tbody>
              {section.rows.map((row) => (
                <tr key={row.label} className={row.total ? 'total' : undefined}>
                  <th scope="row">{row.label}</th>
                  <td className="amount">
                    <FigureValue row={row} currency={currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <div className="figures-detail">
        <table aria-label={`Payments by method of ${subject}`}>
          <caption>Payments by method</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col" className="amount">
                Collected
              </th>
              <th scope="col" className="amount">
                Returned
              </th>
              <th scope="col" className="amount">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.methods.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  No payments.
                </td>
              </tr>
            )}
            {figures.methods.map((m) => (
              <tr key={m.method}>
                <th scope="row">{methodLabel(m.method)}</th>
                <td className="amount">{formatMoney(m.collected, currency)}</td>
                <td className="amount">{formatMoney(m.returned, currency)}</td>
                <td className="amount">{formatMoney(m.net, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table aria-label={`Tax by rate of ${subject}`}>
          <caption>Tax by rate</caption>
          <tbody>
            {figures.taxByRate.length === 0 && (
              <tr>
                <td colSpan={2} className="muted">
                  No tax.
                </td>
              </tr>
            )}
            {figures.taxByRate.map((t) => (
              <tr key={`${t.name} ${t.rate}`}>
                <th scope="row">{taxLabel(t)}</th>
                <td className="amount">{formatMoney(t.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/** The expenses booked to a session, as they stand in the cache now. */
export function ExpensesTable({
  sessionId,
  expenses,
  currency,
}: {
  sessionId: string
  expenses: readonly CachedExpense[]
  currency: string
}): React.JSX.Element {
  return (
    <table aria-label={`Expenses of session ${sessionId}`} className="expenses">
      <caption>Expenses</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Description</th>
          <th scope="col">Paid by</th>
          <th scope="col" className="amount">
            Amount
          </th>
        </tr>
      </thead>
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
