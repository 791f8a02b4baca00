import { useId } from 'react'
import type { AmountParse } from '../../../format/amount-text'
import type { MethodTakings } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { methodLabelInText } from '../../../format/labels'
import type { CountDraftState } from './use-count-draft'
import { AmountField } from './AmountField'

/** Who counted, and, if the manager wants, the counted totals of the methods other than cash. */
export function CountedByFields({
  draft,
  otherMethods,
  methodParsed,
  currency,
}: {
  draft: CountDraftState
  otherMethods: readonly MethodTakings[]
  methodParsed: Record<string, AmountParse | null>
  currency: string
}): React.JSX.Element {
  const { fields, change } = draft
  const countedById = useId()
  return (
    <div className="count-fields">
      <div className="field">
        <label htmlFor={countedById}>Counted by (name or initials)</label>
        <input
          id={countedById}
          autoComplete="off"
          maxLength={80}
          value={fields.countedBy}
          onChange={(event) => change((f) => ({ ...f, countedBy: event.target.value }))}
        />
      </div>
      {otherMethods.map((m) => (
        <AmountField
          key={m.method}
          label={`Counted ${methodLabelInText(m.method)}`}
          hint={`Optional; net ${formatMoney(m.net, currency)}.`}
          value={fields.countedByMethod[m.method] ?? ''}
          onChange={(value) =>
            change((f) => ({
              ...f,
              countedByMethod: { ...f.countedByMethod, [m.method]: value },
            }))
          }
          parsed={methodParsed[m.method] ?? null}
          currency={currency}
        />
      ))}
    </div>
  )
}

/** The variance note: required once the count differs from what was expected. */
export function VarianceNoteField({
  draft,
  required,
}: {
  draft: CountDraftState
  required: boolean
}): React.JSX.Element {
  const noteId = useId()
  return (
    <div className="field variance-note">
      <label htmlFor={noteId}>Variance note</label>
      <span id={`${noteId}-hint`} className="muted hint">
        {required ? 'Required: the count differs from what was expected.' : 'Optional.'}
      </span>
      <textarea
        id={noteId}
        aria-describedby={`${noteId}-hint`}
        rows={2}
        maxLength={500}
        value={draft.fields.note}
        onChange={(event) => draft.change((f) => ({ ...f, note: event.target.value }))}
        aria-required={required}
      />
    </div>
  )
}

/** For a session that can still be trading: the choice to count it now, mid-shift. */
export function MidShiftChoice({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}): React.JSX.Element {
  return (
    <div className="mid-shift">
      <p className="notice">
        This session can still be trading: no close has been seen, and its last bill is recent. A
        count now freezes the figures as they are; what is sold after it shows as a change.
      </p>
      <label>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        Count mid-shift
      </label>
    </div>
  )
}
