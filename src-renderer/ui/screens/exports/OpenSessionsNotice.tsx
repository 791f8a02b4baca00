import { useLiveQuery } from 'dexie-react-hooks'
import { useId } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { ExportRange } from '../../../exports'
import { sessionsTrading, sessionsWritten } from '../../../sessions'
import { useRecomputed } from '../../hooks/use-recomputed'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import { sessionLabel } from '../../../format/session-label'

/**
 * The range's sessions that can still be trading: an export holds them back (their bills,
 * payments and expenses too) until one after they close, unless the bookkeeper includes them
 * after the warning.
 */
export function OpenSessionsNotice({
  db,
  range,
  timeZone,
  names,
  include,
  onInclude,
  disabled,
}: {
  db: TillDatabase
  range: ExportRange
  timeZone: string
  names: LocationNames
  include: boolean
  onInclude(include: boolean): void
  disabled: boolean
}): React.JSX.Element | null {
  const id = useId()
  const { from, to, locationId } = range
  // Worked out again when the sessions change, not on every sale.
  const sessionsChange = useLiveQuery(() => sessionsWritten(db), [db])
  const open = useRecomputed(
    async () =>
      (
        await sessionsTrading(db, { from, to }, locationId === '' ? null : [locationId], Date.now())
      ).flatMap(({ session, open }) => (open ? [session] : [])),
    [db, from, to, locationId, sessionsChange],
  )
  if (!open || open.length === 0) return null
  return (
    <div className="notice" role="note" aria-label="Sessions still open">
      <ul>
        {open.map((s) => (
          <li key={s.id}>
            still open:{' '}
            {sessionLabel({ ...s, status: 'open' }, timeZone, locationLabel(s.locationId, names))}
          </li>
        ))}
      </ul>
      <p>
        {include
          ? 'These sessions are posted as they stand now.'
          : 'Held back: they can still be trading, so this export leaves out their bills, payments and expenses. The first export after they close posts them.'}
      </p>
      <p>
        <input
          id={`${id}-include`}
          type="checkbox"
          checked={include}
          disabled={disabled}
          onChange={(e) => onInclude(e.target.checked)}
        />{' '}
        <label htmlFor={`${id}-include`}>
          Include them anyway. Warning: a sale, payment or expense made after this export changes
          what the books hold, and is posted later as a correction.
        </label>
      </p>
    </div>
  )
}
