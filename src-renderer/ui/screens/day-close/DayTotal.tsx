import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import { useLiveQueries } from '../../hooks/use-live-queries'
import type { TillDatabase } from '../../../cache/database'
import { sumFigures, type DayCloseFigures } from '../../../domain/ledger/day-close'
import { addDrawers, type CashDrawer } from '../../../domain/ledger/cash-drawer'
import { formatMoney } from '../../../domain/format/format-money'
import { FiguresTables } from './FiguresTables'
import { loadLocationDay, locationsOn, type LocationDay } from '../../../cache/load-day'
import { SignatureLines } from './SignatureLines'
import { STILL_SYNCING } from './StillSyncing'
import { TableHead } from '../../components/money-table/TableHead'

const counts = new Intl.NumberFormat()

/** A drawer's expected cash: a floor, and whose opening it leaves out, while one is not known. */
function ExpectedCash({
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
        incomplete: opening cash of {drawer.openingUnknown.join(', ')} not known
      </span>
    </td>
  )
}

/**
 * Every location's day beside the shown one. Each other location is its own live query, so a sale
 * at one location re-reads that location's day only; the shown location's figures come added up.
 */
function EveryLocation({
  db,
  shown,
  businessDate,
  locationName,
  money,
}: {
  db: TillDatabase
  shown: LocationDay
  businessDate: string
  locationName: (id: string) => string
  money: (minor: number) => string
}): React.JSX.Element {
  const ids = useLiveQuery(() => locationsOn(db, businessDate), [db, businessDate])
  const load = useCallback(
    (id: string) => loadLocationDay(db, id, businessDate),
    [db, businessDate],
  )
  const others = useLiveQueries(
    (ids ?? []).filter((id) => id !== shown.locationId),
    load,
  )
  const locations = (ids ?? [shown.locationId]).map((id) =>
    id === shown.locationId ? shown : others.get(id),
  )
  const loaded = locations.filter((l): l is LocationDay => l !== undefined)
  const allLocations = sumFigures(loaded.map((l) => l.figures))
  const drawers = new Map(
    loaded.map((l) => [l.locationId, addDrawers([l.drawer], locationName(l.locationId))]),
  )
  const allDrawers = addDrawers([...drawers.values()])
  const pending = loaded.length < locations.length
  return (
    <table aria-label="The day at every location" className="day-locations">
      <caption>Every location this day</caption>
      <TableHead
        columns={[
          'Location',
          { amount: 'Sessions' },
          { amount: 'Net sales' },
          { amount: 'Collected' },
          { amount: 'Expected cash' },
        ]}
      />
      <tbody>
        {loaded.map((l) => (
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
                <ExpectedCash drawer={drawers.get(l.locationId)!} money={money} />
              </>
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="total">
          <th scope="row">All locations</th>
          <td className="amount">
            {pending ? '…' : counts.format(loaded.reduce((n, l) => n + l.sessionCount, 0))}
          </td>
          {pending ? (
            <td colSpan={3} className="muted">
              Adding up every location…
            </td>
          ) : loaded.some((l) => l.incomplete) ? (
            <td colSpan={3} className="muted">
              {STILL_SYNCING}
            </td>
          ) : (
            <>
              <td className="amount">{money(allLocations.netSales)}</td>
              <td className="amount">{money(allLocations.totalCollected)}</td>
              <ExpectedCash drawer={allDrawers} money={money} />
            </>
          )}
        </tr>
      </tfoot>
    </table>
  )
}

/**
 * The business day as a whole: the location's sessions added up, and every location's day beside
 * it, as the cache holds them now.
 */
export function DayTotal({
  db,
  locationId,
  businessDate,
  locationName,
  sessionCount,
  total,
  drawer,
  incomplete,
  currency,
}: {
  db: TillDatabase
  locationId: string
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
              <strong>Day total {STILL_SYNCING}:</strong> a session of this day is still syncing.
            </p>
          ) : (
            <FiguresTables subject="the day" figures={total} drawer={drawer} currency={currency} />
          )}
        </>
      )}
      <EveryLocation
        db={db}
        shown={{ locationId, sessionCount, figures: total, drawer, incomplete }}
        businessDate={businessDate}
        locationName={locationName}
        money={money}
      />
      {/* With one session a day, its own lines are the day's; with more, the day is signed too. */}
      {sessionCount > 1 && <SignatureLines withCount={true} />}
    </section>
  )
}
