import { formatMoney } from '../../../format/format-money'

/** A variance with its sign in words too: counted over or short of what was expected. */
export function Variance({
  amount,
  currency,
}: {
  amount: number
  currency: string
}): React.JSX.Element {
  const word = amount === 0 ? 'exact' : amount > 0 ? 'over' : 'short'
  return (
    <span className={`variance ${word}`}>
      {formatMoney(amount, currency)} ({word})
    </span>
  )
}
