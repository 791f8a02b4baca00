import type { OpeningCashSource } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'

const FROM: Record<OpeningCashSource, string> = {
  'close event': 'from the close event',
  entered: 'entered as the opening float',
  unknown: 'not known: the expected cash leaves it out',
}

/** The opening cash the expected cash uses, and where it came from. */
export function OpeningCash({
  amount,
  source,
  currency,
}: {
  amount: number | null
  source: OpeningCashSource
  currency: string
}): React.JSX.Element {
  return (
    <span className="opening-cash">
      {amount !== null && <span className="amount">{formatMoney(amount, currency)} </span>}
      <span className="muted">({FROM[source]})</span>
    </span>
  )
}
