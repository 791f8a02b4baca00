import { useState } from 'react'
import { currencyExponent, formatMinorUnits } from '../../../../src-shared/domain/money'
import { denominationTotal, type Denomination } from '../../../domain/ledger/denominations'
import { formatMoney } from '../../../domain/format/format-money'
import { TableHead } from '../../components/money-table/TableHead'

const pieceCount = (text: string): number | null =>
  text.trim() === '' ? 0 : /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null

/**
 * The drawer counted note by note and coin by coin: each change puts the total into "Counted
 * cash" (which stays editable, for a drawer counted some other way).
 */
export function DenominationCount({
  denominations,
  currency,
  onTotal,
}: {
  denominations: readonly Denomination[]
  currency: string
  /** The total as text for the counted cash field. */
  onTotal: (text: string) => void
}): React.JSX.Element {
  const [pieces, setPieces] = useState<string[]>(() => denominations.map(() => ''))
  const counts = pieces.map(pieceCount)
  const valid = counts.every((c) => c !== null)
  const total = valid ? denominationTotal(denominations, counts as number[]) : null
  const change = (index: number, text: string): void => {
    const next = pieces.map((p, i) => (i === index ? text : p))
    setPieces(next)
    const nextCounts = next.map(pieceCount)
    if (nextCounts.every((c) => c !== null))
      onTotal(
        formatMinorUnits(
          denominationTotal(denominations, nextCounts as number[]),
          currencyExponent(currency),
        ),
      )
  }
  return (
    <details className="denominations">
      <summary>Count notes and coins</summary>
      <table aria-label="Notes and coins">
        <TableHead columns={['Note or coin', { amount: 'Pieces' }, { amount: 'Amount' }]} />
        <tbody>
          {denominations.map((d, i) => {
            const label = `${formatMoney(d.value, currency)} ${d.kind}s`
            const count = counts[i]
            return (
              <tr key={`${d.kind}-${d.value}`}>
                <th scope="row">{label}</th>
                <td className="amount">
                  <input
                    aria-label={`Number of ${label}`}
                    inputMode="numeric"
                    autoComplete="off"
                    size={5}
                    value={pieces[i]}
                    onChange={(event) => change(i, event.target.value)}
                    aria-invalid={count === null ? true : undefined}
                  />
                </td>
                <td className="amount">{count ? formatMoney(d.value * count, currency) : ''}</td>
              </tr>
            )
          })}
        </tbody>
        <tfoot>
          <tr className="total">
            <th scope="row">Total</th>
            <td />
            <td className="amount">
              {total === null ? (
                <span className="error">Enter whole numbers of pieces.</span>
              ) : (
                formatMoney(total, currency)
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </details>
  )
}
