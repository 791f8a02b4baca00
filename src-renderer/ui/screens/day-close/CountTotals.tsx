import type { CountResult, OpeningCashSource } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { methodLabel } from '../../../format/labels'
import { OpeningCash } from './OpeningCash'
import { Variance } from './Variance'
import { movementFormId } from './CashMovementForm'

/** Takes the manager to the session's movement form, where the float is the first kind offered. */
function focusFloatForm(sessionId: string): void {
  const form = document.getElementById(movementFormId(sessionId))
  const amount = form?.querySelector<HTMLInputElement>('input[inputmode="decimal"]')
  form?.scrollIntoView({ block: 'center' })
  amount?.focus()
}

/**
 * The totals beside the counted cash: its variance (a dash until it is typed), the cash
 * expected and the opening cash it started from, and each other method's variance. While the
 * opening cash is not known, the way to record the float first.
 */
export function CountTotals({
  count,
  expectedCash,
  openingCash,
  openingSource,
  currency,
  sessionId,
}: {
  count: CountResult | null
  expectedCash: number
  openingCash: number | null
  openingSource: OpeningCashSource
  currency: string
  sessionId: string
}): React.JSX.Element {
  return (
    <dl className="count-summary">
      <div>
        <dt>Cash variance</dt>
        <dd className="amount">
          <output aria-label="Cash variance">
            {count ? <Variance amount={count.cashVariance} currency={currency} /> : '—'}
          </output>
          {openingCash === null && (
            <button
              type="button"
              className="link record-float-first"
              onClick={() => focusFloatForm(sessionId)}
            >
              Record the opening float first
            </button>
          )}
        </dd>
      </div>
      <div>
        <dt>Expected cash</dt>
        <dd className="amount">
          <output aria-label="Expected cash">{formatMoney(expectedCash, currency)}</output>
        </dd>
      </div>
      <div>
        <dt>Opening cash</dt>
        <dd>
          <OpeningCash amount={openingCash} source={openingSource} currency={currency} />
        </dd>
      </div>
      {count?.methods.map((m) => (
        <div key={m.method}>
          <dt>{methodLabel(m.method)} variance</dt>
          <dd className="amount">
            <Variance amount={m.variance} currency={currency} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
