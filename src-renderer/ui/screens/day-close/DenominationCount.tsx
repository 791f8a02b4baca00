import { useId } from 'react'
import { formatMoney } from '../../../format/format-money'
import { TableHead } from '../../components/money-table/TableHead'
import type { PieceCount } from './piece-count'

/**
 * The drawer counted note by note and coin by coin, in counting order (Tab runs through the
 * fields in it). Each field says when it is not a whole number of pieces, and why; the total is
 * the sum of what is on screen, or none while a field is not a number.
 */
export function DenominationCount({
  count,
  currency,
  onPieces,
}: {
  count: PieceCount
  currency: string
  onPieces: (key: string, text: string) => void
}): React.JSX.Element {
  const id = useId()
  return (
    <div className="denominations">
      <table aria-label="Notes and coins">
        <TableHead columns={['Note or coin', { amount: 'Pieces' }, { amount: 'Amount' }]} />
        <tbody>
          {count.rows.map((row, i) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="amount">
                <input
                  aria-label={`Number of ${row.label}`}
                  inputMode="numeric"
                  autoComplete="off"
                  size={5}
                  maxLength={12}
                  value={row.text}
                  onChange={(event) => onPieces(row.key, event.target.value)}
                  aria-invalid={row.pieces.ok ? undefined : true}
                  aria-describedby={row.pieces.ok ? undefined : `${id}-${i}-problem`}
                />
                {!row.pieces.ok && (
                  <span id={`${id}-${i}-problem`} className="visually-hidden">
                    {row.pieces.message}
                  </span>
                )}
              </td>
              <td className="amount">
                {row.amount === null ? (
                  <span className="error">not a number</span>
                ) : row.amount !== 0 ? (
                  formatMoney(row.amount, currency)
                ) : (
                  ''
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total">
            <th scope="row">Total</th>
            <td />
            <td className="amount">
              <output aria-label="Total of the notes and coins">
                {count.total === null ? '—' : formatMoney(count.total, currency)}
              </output>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
