import { useId } from 'react'
import { DATE_PRESET_LABEL, DATE_PRESETS, type DatePreset } from '../../../format/date-presets'
import type { SessionDates } from './session-dates'
import { DateFilter } from '../../components/filters/DateFilter'

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
        <label htmlFor={id}>Dates</label>
        <select
          id={id}
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
          <DateFilter
            label="From"
            value={dates.from}
            onChange={(from) => onChange({ ...dates, from })}
          />
          <DateFilter label="To" value={dates.to} onChange={(to) => onChange({ ...dates, to })} />
        </>
      )}
    </>
  )
}
