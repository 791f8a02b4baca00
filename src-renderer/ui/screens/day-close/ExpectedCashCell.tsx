import type { CashDrawer } from '../../../day-close'
import { unbrokenTimes } from '../../../format/time'

/** A drawer's expected cash: a floor, and whose opening it leaves out, while one is not known. */
export function ExpectedCashCell({
  drawer,
  money,
}: {
  drawer: CashDrawer
  money: (minor: number) => string
}): React.JSX.Element {
  if (drawer.openingUnknown.length === 0)
    return <td className="amount">{money(drawer.expectedCash)}</td>
  return (
    <td className="amount">
      at least {money(drawer.expectedCash)}
      <span className="muted incomplete">
        {' '}
        incomplete: opening cash of {unbrokenTimes(drawer.openingUnknown.join(', '))} not known
      </span>
    </td>
  )
}
