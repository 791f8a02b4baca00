import { useId } from 'react'
import {
  DATE_PRESET_LABEL,
  DATE_PRESETS,
  type DatePreset,
} from '../../../domain/calendar/date-presets'
import type { SessionDates } from './session-dates'

/** The business dates to list: a preset, or a range chosen from one date to another. */
export function SessionDatesFilter({
  dates,
  onChange,
}: {
  dates: SessionDates
  onChange(dates: SessionDates): void
}): React.JSX.Element {
  const id = useId()
  return (
    <>
      <span className="filter">
        <label htmlFor={`${id}-preset`}>Dates</label>
        <select
          id={`${id}-preset`}
          value={dates.preset}
          onChange={(e) => onChange({ ...dates, preset: e.target.value as DatePreset })}
        >
          {DATE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {DATE_PRESET_LABEL[preset]}
            </option>
          ))}
        </select>
      </span>
      {dates.preset === 'range' && (
        <>
          <span className="filter">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={dates.from}
              onChange={(e) => onChange({ ...dates, from: e.target.value })}
            />
          </span>
          <span className="filter">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={dates.to}
              onChange={(e) => onChange({ ...dates, to: e.target.value })}
            />
          </span>
        </>
      )}
    </>
  )
}
