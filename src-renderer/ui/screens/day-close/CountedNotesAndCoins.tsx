import type { CountedDenomination } from '../../../day-close'
import { MoneyTable } from '../../components/money-table/MoneyTable'
import { formatMoney } from '../../../format/format-money'

const pieces = new Intl.NumberFormat()

/** The notes and coins a confirmed count was made of, on screen and on the printed sheet. */
export function CountedNotesAndCoins({
  breakdown,
  currency,
}: {
  breakdown: readonly CountedDenomination[]
  currency: string
}): React.JSX.Element {
  const total = breakdown.reduce((sum, d) => sum + d.value * d.pieces, 0)
  return (
    <MoneyTable
      label="Notes and coins counted"
      caption="Notes and coins counted"
      className="counted-pieces"
      columns={['Note or coin', 'Pieces', 'Amount']}
      currency={currency}
      rows={[
        ...breakdown.map((d) => ({
          key: `${d.kind}-${d.value}`,
          label: `${formatMoney(d.value, currency)} ${d.kind}s`,
          cells: [<>{pieces.format(d.pieces)}</>, d.value * d.pieces],
        })),
        { key: 'total', label: 'Total', cells: [<></>, total], total: true },
      ]}
    />
  )
}
