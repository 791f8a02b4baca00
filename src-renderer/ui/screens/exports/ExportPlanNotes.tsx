import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import type { Destination, ExportRange } from '../../../exports'
import { sessionDays } from '../../../sessions'
import { nextDate as dayAfter } from '../../../../src-shared/domain/business-date'
import { CURRENCY_UNKNOWN } from '../../../format/format-money'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import { formatBusinessDate, formatDateRange } from '../../../format/time'
import { UnmappedRolesNotice } from '../settings/AccountMappingNotice'
import { ExportPreview } from './ExportPreview'
import { OpenSessionsNotice } from './OpenSessionsNotice'

/** What the export chosen would do, said before it runs: with a journal, a preview of it. */
export function ExportPlanNotes({
  db,
  destination,
  range,
  rangeValid,
  names,
  timeZone,
  currency,
  includeOpen,
  onIncludeOpen,
  running,
}: {
  db: TillDatabase
  /** The destination chosen; none for a CSV table. */
  destination: Destination | undefined
  range: ExportRange
  /** Both dates are there and the range does not end before it starts. */
  rangeValid: boolean
  names: LocationNames
  timeZone: string
  currency: string | null
  includeOpen: boolean
  onIncludeOpen(include: boolean): void
  running: boolean
}): React.JSX.Element {
  const { from, to, locationId } = range
  const days = useLiveQuery(() => sessionDays(db), [db])
  return (
    <>
      {rangeValid && (
        <p className="muted" aria-label="Range chosen">
          {formatDateRange(from, to)}
          {locationId === '' ? ', all locations' : `, ${locationLabel(locationId, names)}`}
        </p>
      )}
      {days && days.length === 0 && (
        <p className="empty-state">
          The cache holds no register sessions yet: sync first, then export.
        </p>
      )}
      {!rangeValid && from !== '' && to !== '' && (
        <p className="error" role="alert">
          The range ends before it starts.
        </p>
      )}
      {destination && rangeValid && (
        <UnmappedRolesNotice db={db} destination={destination} range={{ from, to, locationId }} />
      )}
      {destination?.lockedThrough && rangeValid && from <= destination.lockedThrough && (
        <p className="notice" role="note" aria-label="Lock date">
          {destination.name} is locked through {formatBusinessDate(destination.lockedThrough)}: what
          this export posts for days up to it (a change to an entry its books hold, a record synced
          late) is dated {formatBusinessDate(dayAfter(destination.lockedThrough))}, the first open
          day.
        </p>
      )}
      {destination && rangeValid && (
        <OpenSessionsNotice
          db={db}
          range={range}
          timeZone={timeZone}
          names={names}
          include={includeOpen}
          onInclude={onIncludeOpen}
          disabled={running}
        />
      )}
      {currency === null && <p className="empty-state">{CURRENCY_UNKNOWN}</p>}
      {destination && rangeValid && currency !== null && (
        <ExportPreview
          db={db}
          destination={destination}
          range={range}
          timeZone={timeZone}
          currency={currency}
          includeOpen={includeOpen}
          paused={running}
        />
      )}
    </>
  )
}
