import { formatMoney } from '../../../format/format-money'

/** What a variance reads while the opening cash, and so the expected cash, is not known. */
export const VARIANCE_UNDETERMINED = 'not determined: opening cash not known'

/** A variance in running text: its amount, or why there is none yet. */
export function varianceText(amount: number | null, currency: string): string {
  return amount === null ? VARIANCE_UNDETERMINED : formatMoney(amount, currency)
}

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
