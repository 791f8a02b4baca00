import { formatDateTime } from '../../../format/time'
import { formatBusinessDate } from './business-date-label'

/** What a printed day close says above its figures: the shop, whose day, and when it was printed. */
export function PrintHeader({
  shop,
  whose,
  businessDate,
  timeZone,
  printedAt,
}: {
  shop: string
  /** "every location", or the location's name. */
  whose: string
  businessDate: string
  timeZone: string
  printedAt: number | null
}): React.JSX.Element {
  return (
    <div className="print-only print-header">
      <p className="print-shop">{shop}</p>
      <p>
        Day close of {whose} · {formatBusinessDate(businessDate)} ({timeZone})
        {printedAt !== null && ` · printed ${formatDateTime(printedAt, timeZone)}`}
      </p>
    </div>
  )
}
