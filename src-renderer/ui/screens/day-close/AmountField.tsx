import { useId } from 'react'
import { amountPlaceholder, regroupAmountText, type AmountParse } from '../../../format/amount-text'
import { useNumberMarks } from '../../hooks/use-number-marks'

/**
 * An amount typed as the shop writes numbers: grouped as it is typed, with its hint, and the
 * parser's reason beside it when the text is not an amount.
 */
export function AmountField({
  label,
  hint,
  value,
  onChange,
  parsed,
  currency,
}: {
  label: string
  hint?: string
  value: string
  onChange: (value: string) => void
  parsed: AmountParse | null
  currency: string
}): React.JSX.Element {
  const id = useId()
  const marks = useNumberMarks()
  const problem = parsed && !parsed.ok ? parsed.message : null
  const describedBy = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="muted hint">
          {hint}
        </span>
      )}
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountPlaceholder(currency, marks)}
        value={value}
        onChange={(event) => onChange(regroupAmountText(event.target.value, marks))}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {problem && (
        <span id={`${id}-problem`} className="error">
          {problem}
        </span>
      )}
    </div>
  )
}
