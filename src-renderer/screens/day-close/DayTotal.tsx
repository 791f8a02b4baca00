import type { DayCloseFigures } from '../../ledger/day-close'
import { formatMoney } from '../../format/money'
import { FiguresTables } from './FiguresTables'
import type { LocationDay } from './load-day'
import { SignatureLines } from './SignatureLines'
import { STILL_SYNCING } from './StillSyncing'

const counts = new Intl.NumberFormat()

/**
 * The business day as a whole: the location's sessions added up, and every location's day beside
 * it, as the cache holds them now.
 */
export function DayTotal({
  locationName,
  sessionCount,
  total,
  incomplete,
  locations,
  allLocations,
  currency,
}: {
  locationName: (id: string) => string
  sessionCount: number
  total: DayCloseFigures
  incomplete: boolean
  locations: readonly LocationDay[]
  allLocations: DayCloseFigures
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
              <strong>Day total {STILL_SYNCING}:</strong> a session of this day is still syncing.
            </p>
          ) : (
            <FiguresTables subject="the day" figures={total} currency={currency} />
          )}
        </>
      )}
      <table aria-label="The day at every location" className="day-locations">
        <caption>Every location this day</caption>
        <thead>
          <tr>
            <th scope="col">Location</th>
            <th scope="col" className="amount">
              Sessions
            </th>
            <th scope="col" className="amount">
              Net sales
            </th>
            <th scope="col" className="amount">
              Collected
            </th>
            <th scope="col" className="amount">
              Expected cash
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map((l) => (
            <tr key={l.locationId}>
              <th scope="row">{locationName(l.locationId)}</th>
              <td className="amount">{counts.format(l.sessionCount)}</td>
              {l.incomplete ? (
                <td colSpan={3} className="muted">
                  {STILL_SYNCING}
                </td>
              ) : (
                <>
                  <td className="amount">{money(l.figures.netSales)}</td>
                  <td className="amount">{money(l.figures.totalCollected)}</td>
                  <td className="amount">{money(l.figures.expectedCash)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total">
            <th scope="row">All locations</th>
            <td className="amount">
              {counts.format(locations.reduce((n, l) => n + l.sessionCount, 0))}
            </td>
            {locations.some((l) => l.incomplete) ? (
              <td colSpan={3} className="muted">
                {STILL_SYNCING}
              </td>
            ) : (
              <>
                <td className="amount">{money(allLocations.netSales)}</td>
                <td className="amount">{money(allLocations.totalCollected)}</td>
                <td className="amount">{money(allLocations.expectedCash)}</td>
              </>
            )}
          </tr>
        </tfoot>
      </table>
      {/* With one session a day, its own lines are the day's; with more, the day is signed too. */}
      {sessionCount > 1 && <SignatureLines withCount={true} />}
    </section>
  )
}
