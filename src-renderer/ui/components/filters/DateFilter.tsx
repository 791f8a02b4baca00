import { useId } from 'react'

/** A filter's date field (YYYY-MM-DD; empty for no bound), its label beside it. */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange(date: string): void
}): React.JSX.Element {
  const id = useId()
  return (
    <span className="filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </span>
  )
}
