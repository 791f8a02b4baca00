import { useId, useState, type FormEvent } from 'react'

/**
 * This PC's name on the shared books (docs/shared-books.md#pc-names): the computer's name until a
 * person gives one. Keyed by the name saved, so a new one starts the field afresh.
 */
export function PcNameForm({
  current,
  disabled,
  onRename,
}: {
  current: string
  disabled: boolean
  onRename: (name: string) => void
}): React.JSX.Element {
  const id = useId()
  const [name, setName] = useState(current)
  const typed = name.trim()
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    onRename(typed)
  }
  return (
    <form onSubmit={submit} noValidate className="stacked-form">
      <label htmlFor={`${id}-name`}>This PC’s name</label>
      <input
        id={`${id}-name`}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="muted hint">
        Other PCs see the changes made here under this name. Two PCs of the same name are told apart
        by a short code after it.
      </span>
      <div className="actions">
        <button type="submit" disabled={disabled || typed === '' || typed === current}>
          Rename
        </button>
      </div>
    </form>
  )
}
