/** A filter's choice among named options, "Any" for no filter, its label above it. */
export function FilterChoice({
  label,
  value,
  options,
  onChange,
  className = 'filter',
}: {
  label: string
  value: string
  options: ReadonlyArray<readonly [value: string, label: string]>
  onChange(value: string): void
  /** The screen's own class for its filters' layout. */
  className?: string
}): React.JSX.Element {
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  )
}
