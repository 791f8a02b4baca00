import { useId, useMemo, useState } from 'react'
import { matchOptions, type Option } from './match-options'
import './combobox.css'

const SHOWN = 50

/**
 * A searchable choice among many (the ARIA 1.2 combobox with a list popup): type to narrow the
 * list, arrows to move, Enter to choose, Escape to close or to clear. The first option, `anyLabel`,
 * chooses nothing (value '').
 */
export function Combobox({
  label,
  value,
  options,
  onChange,
  anyLabel = 'Any',
  className,
}: {
  label: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  anyLabel?: string
  className?: string
}): React.JSX.Element {
  const id = useId()
  const chosenLabel = value === '' ? '' : (options.find(([v]) => v === value)?.[1] ?? value)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const { shown, more } = useMemo(() => matchOptions(options, query ?? '', SHOWN), [options, query])
  const list: Option[] = query ? shown : [['', anyLabel], ...shown]
  const activeIndex = Math.min(active, list.length - 1)

  const close = (): void => {
    setOpen(false)
    setQuery(null)
    setActive(0)
  }
  const choose = (option: Option | undefined): void => {
    if (option) onChange(option[0])
    close()
  }
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + list.length) % Math.max(1, list.length))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      choose(list[activeIndex])
    } else if (event.key === 'Escape') {
      if (open) close()
      else if (value !== '') onChange('')
      else return
      // Handled here: a panel around it does not close as well.
      event.stopPropagation()
      event.nativeEvent.stopImmediatePropagation()
    }
  }

  return (
    <div className={`combobox ${className ?? ''}`}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && list.length ? `${id}-option-${activeIndex}` : undefined}
        placeholder={anyLabel}
        value={query ?? chosenLabel}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={close}
      />
      <div className="combobox-popup" hidden={!open}>
        <ul id={`${id}-list`} role="listbox" aria-label={label}>
          {list.map((option, index) => (
            <li
              key={option[0]}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={option[0] === value}
              className={index === activeIndex ? 'active' : undefined}
              ref={
                index === activeIndex ? (li) => li?.scrollIntoView({ block: 'nearest' }) : undefined
              }
              // Keeps focus in the input, so its blur does not close the list before the choice.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option[1]}
            </li>
          ))}
        </ul>
        {list.length === 0 && <p className="combobox-note">Nothing matches “{query}”</p>}
        {more > 0 && <p className="combobox-note">{more} more: type to narrow</p>}
      </div>
    </div>
  )
}
