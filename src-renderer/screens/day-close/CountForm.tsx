import { useId, useState } from 'react'
import type { TillDatabase } from '../../cache/database'
import { CASH, countVariance, type DayCloseFigures } from '../../ledger/day-close'
import { confirmCount, ReconcileError } from '../../ledger/reconcile'
import { formatMoney } from '../../format/money'
import { amountPlaceholder, parseAmount, type ParsedAmount } from './amount-input'
import { methodLabel, methodLabelInText } from '../../format/labels'
import { Variance } from './Variance'

function AmountField({
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
  parsed: ParsedAmount | null
  currency: string
}): React.JSX.Element {
  const id = useId()
  const problem = parsed && !parsed.ok ? parsed.message : null
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {hint && <span className="muted"> {hint}</span>}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountPlaceholder(currency)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <span id={`${id}-problem`} className="error">
          {problem}
        </span>
      )}
    </div>
  )
}

/**
 * The drawer count: counted cash (and, if the manager wants, counted totals of the other methods),
 * the variance as it is typed, and the confirm that freezes the session's figures.
 */
export function CountForm({
  db,
  sessionId,
  figures,
  currency,
}: {
  db: TillDatabase
  sessionId: string
  figures: DayCloseFigures
  currency: string
}): React.JSX.Element {
  const [cash, setCash] = useState('')
  const [byMethod, setByMethod] = useState<Record<string, string>>({})
  const [countedBy, setCountedBy] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const countedById = useId()

  const cashParsed = cash.trim() ? parseAmount(cash, currency) : null
  const otherMethods = figures.methods.filter((m) => m.method !== CASH)
  const methodParsed = Object.fromEntries(
    otherMethods.map((m) => {
      const text = byMethod[m.method]?.trim() ?? ''
      return [m.method, text ? parseAmount(text, currency, { allowNegative: true }) : null]
    }),
  )
  const countedByMethod = Object.fromEntries(
    Object.entries(methodParsed).flatMap(([method, p]) => (p?.ok ? [[method, p.minor]] : [])),
  )
  const methodsValid = Object.values(methodParsed).every((p) => p === null || p.ok)
  const count = cashParsed?.ok
    ? countVariance(figures, { countedCash: cashParsed.minor, countedByMethod })
    : null
  const incomplete = figures.billsAwaitingDetail > 0
  const ready = count !== null && methodsValid && countedBy.trim() !== '' && !incomplete

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    if (!count || !ready) return
    setSaving(true)
    setProblem(null)
    try {
      await confirmCount(db, {
        sessionId,
        count: { countedCash: count.countedCash, countedByMethod },
        countedBy,
        seen: figures,
        currency,
      })
    } catch (error) {
      setProblem(
        error instanceof ReconcileError
          ? error.message
          : `Till could not save the count: ${error instanceof Error ? error.message : String(error)}`,
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      className="count-form"
      aria-label={`Count the drawer of session ${sessionId}`}
      onSubmit={(e) => void submit(e)}
    >
      <h3>Count the drawer</h3>
      <div className="count-fields">
        <AmountField
          label="Counted cash"
          value={cash}
          onChange={setCash}
          parsed={cashParsed}
          currency={currency}
        />
        <div className="field">
          <label htmlFor={countedById}>Counted by (name or initials)</label>
          <input
            id={countedById}
            autoComplete="off"
            maxLength={80}
            value={countedBy}
            onChange={(event) => setCountedBy(event.target.value)}
          />
        </div>
        {otherMethods.map((m) => (
          <AmountField
            key={m.method}
            label={`Counted ${methodLabelInText(m.method)}`}
            hint={`(optional; net ${formatMoney(m.net, currency)})`}
            value={byMethod[m.method] ?? ''}
            onChange={(value) => setByMethod((all) => ({ ...all, [m.method]: value }))}
            parsed={methodParsed[m.method] ?? null}
            currency={currency}
          />
        ))}
      </div>
      <dl className="count-summary">
        <div>
          <dt>Expected cash</dt>
          <dd className="amount">{formatMoney(figures.expectedCash, currency)}</dd>
        </div>
        <div>
          <dt>Cash variance</dt>
          <dd className="amount">
            <output aria-label="Cash variance">
              {count ? <Variance amount={count.cashVariance} currency={currency} /> : '—'}
            </output>
          </dd>
        </div>
        {count?.methods.map((m) => (
          <div key={m.method}>
            <dt>{methodLabel(m.method)} variance</dt>
            <dd className="amount">
              <Variance amount={m.variance} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
      {incomplete && (
        <p className="notice">
          {figures.billsAwaitingDetail} bills of this session are still being fetched; the count can
          be confirmed once the sync has them.
        </p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={!ready || saving}>
          {saving ? 'Saving…' : 'Confirm count'}
        </button>
        {!ready && !incomplete && (
          <span className="muted">Enter the counted cash and who counted to confirm.</span>
        )}
      </div>
    </form>
  )
}
