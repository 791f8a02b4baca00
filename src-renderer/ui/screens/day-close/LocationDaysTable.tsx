import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import { useLiveQueries } from '../../hooks/use-live-queries'
import type { TillDatabase } from '../../../database/database'
import { sumFigures } from '../../../day-close'
import { addCountedSessions, type CountedSessions } from '../../../day-close'
import { loadLocationDay, locationsOn, type LocationDay } from '../../../day-close'
import { STILL_SYNCING } from './StillSyncing'
import { addDrawers } from '../../../day-close'
import { ExpectedCashCell } from './ExpectedCashCell'
import { TableHead } from '../../components/money-table/TableHead'

const counts = new Intl.NumberFormat()

/** Why a group's variance is not shown yet. */
function varianceWaiting(group: CountedSessions): string {
  if (group.counted < group.sessions) return 'not determined: not every session is counted'
  return 'not determined: opening cash not known'
}

/** The counted cash and variance cells of a group of sessions, saying how many are counted. */
function CountedCells({
  group,
  money,
}: {
  group: CountedSessions
  money: (minor: number) => string
}): React.JSX.Element {
  if (group.counted === 0)
    return (
      <>
        <td className="amount muted">Not counted</td>
        <td className="amount muted">—</td>
      </>
    )
  const partly =
    group.counted < group.sessions
      ? ` (${counts.format(group.counted)} of ${counts.format(group.sessions)} sessions)`
      : ''
  return (
    <>
      <td className="amount">
        {money(group.countedCash)}
        {partly}
      </td>
      <td className="amount">
        {group.cashVariance !== null ? (
          money(group.cashVariance)
        ) : (
          <span className="undetermined muted">{varianceWaiting(group)}</span>
        )}
      </td>
    </>
  )
}

/**
 * Every location's business day, a line each and their total. Each location is its own live
 * query, so a sale at one location re-reads that location's day only.
 */
export function LocationDaysTable({
  db,
  businessDate,
  locationName,
  money,
  caption,
}: {
  db: TillDatabase
  businessDate: string
  locationName: (id: string) => string
  money: (minor: number) => string
  caption: string
}): React.JSX.Element {
  const ids = useLiveQuery(() => locationsOn(db, businessDate), [db, businessDate])
  const load = useCallback(
    (id: string) => loadLocationDay(db, id, businessDate),
    [db, businessDate],
  )
  const days = useLiveQueries(ids ?? [], load)
  const loaded = (ids ?? []).flatMap((id) => days.get(id) ?? [])
  const pending = ids === undefined || loaded.length < ids.length
  const total = sumFigures(loaded.map((l) => l.figures))
  const totalCounts = addCountedSessions(loaded.map((l) => l.counts))
  const drawers = new Map(
    loaded.map((l) => [l.locationId, addDrawers([l.drawer], locationName(l.locationId))]),
  )
  const allDrawers = addDrawers([...drawers.values()])
  return (
    <table aria-label="The day at every location" className="day-locations">
      <caption>{caption}</caption>
      <TableHead
        columns={[
          'Location',
          { amount: 'Sessions' },
          { amount: 'Net sales' },
          { amount: 'Collected' },
          { amount: 'Expected cash' },
          { amount: 'Counted' },
          { amount: 'Cash variance' },
        ]}
      />
      <tbody>
        {loaded.map((l: LocationDay) => (
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
                <ExpectedCashCell drawer={drawers.get(l.locationId)!} money={money} />
              </>
            )}
            <CountedCells group={l.counts} money={money} />
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
            <td colSpan={5} className="muted">
              Adding up every location…
            </td>
          ) : (
            <>
              {loaded.some((l) => l.incomplete) ? (
                <td colSpan={3} className="muted">
                  {STILL_SYNCING}
                </td>
              ) : (
                <>
                  <td className="amount">{money(total.netSales)}</td>
                  <td className="amount">{money(total.totalCollected)}</td>
                  <ExpectedCashCell drawer={allDrawers} money={money} />
                </>
              )}
              <CountedCells group={totalCounts} money={money} />
            </>
          )}
        </tr>
      </tfoot>
    </table>
  )
}
