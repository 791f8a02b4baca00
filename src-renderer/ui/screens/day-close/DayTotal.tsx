import type { TillDatabase } from '../../../database/database'
import type { DayCloseFigures } from '../../../day-close'
import type { CashDrawer } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { FiguresTables } from './FiguresTables'
import { SignatureLines } from './SignatureLines'
import { STILL_SYNCING } from './StillSyncing'
import { LocationDaysTable } from './LocationDaysTable'

const counts = new Intl.NumberFormat()

/**
 * The business day as a whole: the location's sessions added up, and every location's day beside
 * it, as the cache holds them now.
 */
export function DayTotal({
  db,
  businessDate,
  locationName,
  sessionCount,
  total,
  drawer,
  incomplete,
  currency,
}: {
  db: TillDatabase
  businessDate: string
  locationName: (id: string) => string
  sessionCount: number
  total: DayCloseFigures
  /** The day's cash drawer, its sessions' named as people know them. */
  drawer: CashDrawer
  incomplete: boolean
  currency: string
}): React.JSX.Element {
  const money = (minor: number): string => formatMoney(minor, currency)
  return (
    <section className="day-total panel" aria-labelledby="day-total-title">
      <h2 id="day-total-title">Day total</h2>
      {sessionCount === 1 ? (
        <p className="muted">
          One register session this day: its figures below are the day’s, and its count is the day’s
          count.
        </p>
      ) : (
        <>
          <p className="muted">
            {counts.format(sessionCount)} register sessions this day, added up as the cache holds
            them now (a reconciled session’s frozen figures are shown with it below).
          </p>
          {incomplete ? (
            <p className="notice still-syncing" role="note">
              <strong>Day total {STILL_SYNCING}:</strong> a session of this day is still arriving.
            </p>
          ) : (
            <FiguresTables subject="the day" figures={total} drawer={drawer} currency={currency} />
          )}
        </>
      )}
      <LocationDaysTable
        db={db}
        businessDate={businessDate}
        locationName={locationName}
        money={money}
        caption="Every location this day"
      />
      {/* With one session a day, its own lines are the day's; with more, the day is signed too. */}
      {sessionCount > 1 && <SignatureLines withCount={true} />}
    </section>
  )
}
