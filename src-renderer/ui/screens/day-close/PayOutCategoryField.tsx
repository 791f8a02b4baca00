import { useId } from 'react'
import { categoryLabel } from '../../../format/labels'

/** A pay-out's expense category: one met in the shop's expenses, or new words. */
export function PayOutCategoryField({
  categories,
  value,
  onChange,
}: {
  categories: readonly string[]
  value: string
  onChange: (category: string) => void
}): React.JSX.Element {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={`${id}-category`}>Expense category</label>
      <span id={`${id}-category-hint`} className="muted hint">
        Optional; without one, say in the note what it paid for.
      </span>
      <input
        id={`${id}-category`}
        list={`${id}-categories`}
        autoComplete="off"
        maxLength={80}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-category-hint`}
      />
      <datalist id={`${id}-categories`}>
        {categories.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </datalist>
    </div>
  )
}
