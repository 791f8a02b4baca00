import { formatMoney } from '../../../format/format-money'
import { VARIANCE_UNDETERMINED } from './variance-text'

/**
 * A variance with its sign in words too: counted over or short of what was expected; while it is
 * not determined, says so instead of a figure.
 */
export function Variance({
  amount,
  currency,
}: {
  amount: number | null
  currency: string
}): React.JSX.Element {
  if (amount === null)
    return <span className="variance undetermined muted">{VARIANCE_UNDETERMINED}</span>
  const word = amount === 0 ? 'exact' : amount > 0 ? 'over' : 'short'
  return (
    <span className={`variance ${word}`}>
      {formatMoney(amount, currency)} ({word})
    </span>
  )
}
