import { useState } from 'react'
import type { CashMovement, MovementKind } from '../../../day-close'
import { defaultMovementTime, withinSpan, type SessionSpan } from '../../../day-close'
import { formatDateTime } from '../../../format/time'
import { wallClockInstant, wallClockOf } from '../../../../src-shared/domain/business-date'
import { useNow } from '../../hooks/use-now'

/**
 * A movement's time as the form holds it: typed in the merchant's wall clock, or, until typed, a
 * correction's own time or the kind's default (a float at the session's start, else now).
 */
export function useMovementTime(
  kind: MovementKind,
  span: SessionSpan,
  timeZone: string,
  correcting: CashMovement | null,
) {
  const [time, setTime] = useState<string | null>(
    correcting ? wallClockOf(correcting.at, timeZone) : null,
  )
  const now = useNow()
  const shown = time ?? wallClockOf(defaultMovementTime(kind, span, now), timeZone)
  const within = `${formatDateTime(span.from, timeZone)} to ${formatDateTime(span.to, timeZone)}`
  /** The instant to record, or null with why when it lies outside the session. */
  const instant = (): { at: number } | { problem: string } => {
    const at =
      time === null
        ? defaultMovementTime(kind, span, now)
        : wallClockInstant(time.slice(0, 10), time.slice(11, 16), timeZone)
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(shown) && withinSpan(at, span)
      ? { at }
      : { problem: `Set a time within the session: ${within}.` }
  }
  /** Back to the default for the next movement, unless the manager typed another meanwhile. */
  const clear = (typed: string | null) => setTime((current) => (current === typed ? null : current))
  return { time, setTime, shown, within, instant, clear }
}

/** The movement's time, bounded by the session's span, which the hint names. */
export function MovementTimeField({
  id,
  span,
  timeZone,
  movementTime,
}: {
  id: string
  span: SessionSpan
  timeZone: string
  movementTime: ReturnType<typeof useMovementTime>
}): React.JSX.Element {
  return (
    <div className="field">
      <label htmlFor={`${id}-at`}>Time ({timeZone})</label>
      <span id={`${id}-at-hint`} className="muted hint">
        Within the session: {movementTime.within}.
      </span>
      <input
        id={`${id}-at`}
        type="datetime-local"
        min={wallClockOf(span.from, timeZone)}
        max={wallClockOf(span.to, timeZone)}
        value={movementTime.shown}
        onChange={(event) => movementTime.setTime(event.target.value || null)}
        aria-describedby={`${id}-at-hint`}
      />
    </div>
  )
}
