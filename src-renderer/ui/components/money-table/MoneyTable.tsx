import type { ReactNode } from 'react'
import { formatMoney } from '../../../format/format-money'
import './money-table.css'
import { TableHead } from './TableHead'

/** A cell of a money table: an amount in minor units, or what stands in its place. */
type MoneyCell = number | React.ReactElement

export interface MoneyRow {
  key: string
  /** The row's name, its header cell. */
  label: ReactNode
  cells: readonly MoneyCell[]
  /** A total: set apart from the rows above it. */
  total?: boolean
}

/**
 * The table of named amounts the screens share (figures, payments by method, tax by rate, a
 * bill's discounts, fees and taxes, frozen against current figures): each row a name and its
 * amounts, right-aligned, in the currency given.
 */
export function MoneyTable({
  label,
  caption,
  columns,
  rows,
  empty,
  currency,
  className,
}: {
  /** The table's accessible name. */
  label: string
  caption?: string
  /** Column headings, the names' column first; none where the caption says it all. */
  columns?: readonly string[]
  rows: readonly MoneyRow[]
  /** What the table says when it has no rows. */
  empty?: string
  currency: string
  className?: string
}): React.JSX.Element {
  return (
    <table aria-label={label} className={className ? `money-table ${className}` : 'money-table'}>
      {caption && <caption>{caption}</caption>}
      {columns && <TableHead columns={columns.map((c, i) => (i > 0 ? { amount: c } : c))} />}
      <tbody>
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={columns?.length ?? 2} className="muted">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.key} className={row.total ? 'total' : undefined}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, i) => (
              <td key={i} className="amount">
                {typeof cell === 'number' ? formatMoney(cell, currency) : cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
