/**
 * One typed figure or name of the deposit settings. Its words stand beside it as its label; in the
 * terms table, where the column heading says it, `inTable` makes them its accessible name instead.
 */
export function SettingInput({
  label,
  inTable,
  inputMode,
  value,
  onChange,
}: {
  label: string
  inTable?: boolean
  /** `numeric` for whole days, `decimal` for amounts and percentages; none for words. */
  inputMode?: 'numeric' | 'decimal'
  value: string
  onChange: (value: string) => void
}): React.JSX.Element {
  const input = (
    <input
      aria-label={inTable ? label : undefined}
      inputMode={inputMode}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
  if (inTable) return input
  return (
    <label className="field">
      {label}
      {input}
    </label>
  )
}
