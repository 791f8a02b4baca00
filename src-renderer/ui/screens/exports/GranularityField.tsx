import type { Granularity } from '../../../exports'

/** Per bill or per session summary, for a journal export or a scheduled one. */
export function GranularityField({
  name,
  value,
  disabled = false,
  onChange,
}: {
  name: string
  value: Granularity
  disabled?: boolean
  onChange(granularity: Granularity): void
}): React.JSX.Element {
  const choice = (granularity: Granularity, label: string): React.JSX.Element => (
    <label>
      <input
        type="radio"
        name={name}
        checked={value === granularity}
        disabled={disabled}
        onChange={() => onChange(granularity)}
      />{' '}
      {label}
    </label>
  )
  return (
    <fieldset className="filter">
      <legend>Granularity</legend>
      {choice('bill', 'Per bill')} {choice('session', 'Per session summary')}
    </fieldset>
  )
}
