import type { ActiveConnection } from '../../../settings'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import { CURRENCY_UNKNOWN, formatMoney } from '../../../format/format-money'
import { PrintHeader } from './PrintHeader'
import { LocationDaysTable } from './LocationDaysTable'

/** The day close of every location at once: a line per location and their total. */
export function AllLocationsDay({
  connection,
  businessDate,
  timeZone,
  printedAt,
}: {
  connection: ActiveConnection
  businessDate: string
  timeZone: string
  printedAt: number | null
}): React.JSX.Element {
  const { db, profile } = connection
  const names = useLocationNames(db)
  const currency = profile.currency
  if (!currency) return <p className="empty-state">{CURRENCY_UNKNOWN}</p>
  return (
    <section className="day-total panel" aria-labelledby="all-locations-title">
      <PrintHeader
        shop={profile.name}
        whose="every location"
        businessDate={businessDate}
        timeZone={timeZone}
        printedAt={printedAt}
      />
      <h2 id="all-locations-title">Every location</h2>
      <p className="muted">
        Each location’s sessions of the day added up, as the cache holds them now; choose a location
        to count its drawers.
      </p>
      <LocationDaysTable
        db={db}
        businessDate={businessDate}
        locationName={(id) => locationLabel(id, names)}
        money={(minor) => formatMoney(minor, currency)}
        caption="Every location this day"
      />
    </section>
  )
}
