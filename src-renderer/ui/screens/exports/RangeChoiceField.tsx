import type { RangeChoice } from '../../../exports'
import { RANGE_PRESETS, type RangePreset } from '../../../exports'

const PRESET_LABELS: Record<RangePreset, string> = {
  'last-closed-day': 'Last closed day',
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
}

/** The select's value for a way of choosing the range. */
function valueOf(range: RangeChoice): string {
  return range.mode === 'preset' ? range.preset : range.mode
}

/**
 * How the range is chosen: what the destination does not hold yet (the default), a preset, or
 * the dates typed in From and To.
 */
export function RangeChoiceField({
  id,
  range,
  offeredLabel,
  from,
  to,
  disabled,
  onChoose,
}: {
  id: string
  range: RangeChoice
  /** What the default range is, for this destination or table. */
  offeredLabel: string
  /** The range shown now: choosing "Dates typed" starts from it. */
  from: string
  to: string
  disabled: boolean
  onChoose(range: RangeChoice): void
}): React.JSX.Element {
  return (
    <span className="filter">
      <label htmlFor={id}>Dates</label>
      <select
        id={id}
        value={valueOf(range)}
        disabled={disabled}
        onChange={(e) => {
          const value = e.target.value
          if (value === 'offered') onChoose({ mode: 'offered' })
          else if (value === 'custom') onChoose({ mode: 'custom', from, to })
          else onChoose({ mode: 'preset', preset: value as RangePreset })
        }}
      >
        <option value="offered">{offeredLabel}</option>
        {RANGE_PRESETS.map((p) => (
          <option key={p} value={p}>
            {PRESET_LABELS[p]}
          </option>
        ))}
        <option value="custom">Dates typed in From and To</option>
      </select>
    </span>
  )
}
