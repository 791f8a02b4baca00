import { useId, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { currentGranularity, switchGranularity } from '../../../exports'
import { type Destination } from '../../../exports'
import type { Granularity } from '../../../exports'
import { GranularityField } from './GranularityField'
import { formatBusinessDate } from '../../../format/time'

/** The day after `date` (YYYY-MM-DD). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/**
 * A destination's granularity. One that has posted nothing switches at once; one that has asks
 * for a cut-over business date (sessions before it stay as posted).
 */
export function GranularitySwitch({
  db,
  destination,
  disabled,
  onSwitch,
}: {
  db: TillDatabase
  destination: Destination
  disabled: boolean
  /** Told when the bookkeeper picks a granularity. */
  onSwitch(): void
}): React.JSX.Element {
  const id = useId()
  const current = currentGranularity(destination)
  const [wanted, setWanted] = useState<Granularity | null>(null)
  // The choice being saved shows at once, until the destination read back has changed.
  const [saving, setSaving] = useState<{ from: Granularity; to: Granularity } | null>(null)
  const shown = saving?.from === current ? saving.to : (wanted ?? current)
  const [cutOver, setCutOver] = useState('')
  const [error, setError] = useState<string | null>(null)
  const earliest = destination.postedThrough === '' ? '' : dayAfter(destination.postedThrough)

  const apply = (granularity: Granularity, date: string | null): void => {
    setError(null)
    setSaving({ from: current, to: granularity })
    switchGranularity(db, destination.id, granularity, date).then(
      () => setWanted(null),
      (e: Error) => {
        setSaving(null)
        setError(e.message)
      },
    )
  }
  const choose = (granularity: Granularity): void => {
    onSwitch()
    if (granularity === current) setWanted(null)
    else if (destination.postedThrough === '') apply(granularity, null)
    else {
      setWanted(granularity)
      setCutOver(earliest)
    }
  }
  const cutOvers = destination.periods.slice(1)

  return (
    <>
      <GranularityField
        name={`${id}-granularity`}
        value={shown}
        disabled={disabled}
        onChange={choose}
      />
      {cutOvers.length > 0 && (
        <p className="muted">
          {cutOvers
            .map(
              (p) =>
                `From ${formatBusinessDate(p.from)}: ${p.granularity === 'bill' ? 'per bill' : 'per session summary'}`,
            )
            .join('; ')}
          . Sessions before a cut-over stay as they were posted.
        </p>
      )}
      {wanted && (
        <div role="group" aria-label="Cut-over" className="notice">
          <p>
            {destination.name} has posted up to {formatBusinessDate(destination.postedThrough)}.
            Sessions before the cut-over stay as they were posted; sessions from it on are posted{' '}
            {wanted === 'bill' ? 'per bill' : 'as session summaries'}.
          </p>
          <label htmlFor={`${id}-cut-over`}>Cut-over business date</label>{' '}
          <input
            id={`${id}-cut-over`}
            type="date"
            min={earliest}
            value={cutOver}
            onChange={(e) => setCutOver(e.target.value)}
          />{' '}
          <button type="button" disabled={disabled} onClick={() => apply(wanted, cutOver)}>
            Switch granularity
          </button>{' '}
          <button type="button" onClick={() => setWanted(null)}>
            Keep {current === 'bill' ? 'per bill' : 'per session summary'}
          </button>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
