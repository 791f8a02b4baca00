import { useId, useState } from 'react'
import type { TillDatabase } from '../../../cache/database'
import {
  CASH,
  countVariance,
  hasVariance,
  type DayCloseFigures,
  type OpeningCashSource,
} from '../../../domain/ledger/day-close'
import { confirmCount, ReconcileError } from '../../../jobs/reconcile'
import { formatMoney } from '../../../domain/format/format-money'
import {
  amountHint,
  amountPlaceholder,
  groupAsTyped,
  parseAmount,
  type ParsedAmount,
} from './amount-input'
import { denominationsOf } from '../../../domain/ledger/denominations'
import { DenominationCount } from './DenominationCount'
import { methodLabel, methodLabelInText } from '../../../domain/format/labels'
import { OpeningCash } from './OpeningCash'
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
        placeholder={amountPlaceholder(currency)}
        value={value}
        onChange={(event) => onChange(groupAsTyped(event.target.value, currency))}
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

/**
 * The drawer count: counted cash (and, if the manager wants, counted totals of the other methods),
 * the variance as it is typed, and the confirm that freezes the session's figures.
 */
export function CountForm({
  db,
  sessionId,
  figures,
  currency,
  openingSource,
  stillTrading,
}: {
  db: TillDatabase
  sessionId: string
  /** With the opening float recorded among the session's cash movements, if any. */
  figures: DayCloseFigures
  currency: string
  openingSource: OpeningCashSource
  /** The session can still be trading: counting it now is a mid-shift count, chosen on purpose. */
  stillTrading: boolean
}): React.JSX.Element {
  const [cash, setCash] = useState('')
  const [byMethod, setByMethod] = useState<Record<string, string>>({})
  const [countedBy, setCountedBy] = useState('')
  const [note, setNote] = useState('')
  const [midShift, setMidShift] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const countedById = useId()
  const noteId = useId()

  const denominations = denominationsOf(currency)
  const cashParsed = cash.trim() ? parseAmount(cash, currency) : null
  const seen = figures
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
    ? countVariance(seen, { countedCash: cashParsed.minor, countedByMethod })
    : null
  const noteNeeded = count !== null && hasVariance(count)
  const noteMissing = noteNeeded && note.trim() === ''
  const midShiftMissing = stillTrading && !midShift
  const ready =
    count !== null && methodsValid && countedBy.trim() !== '' && !noteMissing && !midShiftMissing

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
        seen,
        currency,
        varianceNote: note,
        midShift,
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
      {denominations && (
        <DenominationCount
          denominations={denominations}
          currency={currency}
          onTotal={(text) => setCash(groupAsTyped(text, currency))}
        />
      )}
      <div className="count-fields">
        <AmountField
          label="Counted cash"
          hint={amountHint(currency)}
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
            hint={`Optional; net ${formatMoney(m.net, currency)}.`}
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
          <dd className="amount">
            <output aria-label="Expected cash">{formatMoney(seen.expectedCash, currency)}</output>
          </dd>
        </div>
        <div>
          <dt>Opening cash</dt>
          <dd>
            <OpeningCash amount={seen.openingCash} source={openingSource} currency={currency} />
          </dd>
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
      <div className="field variance-note">
        <label htmlFor={noteId}>Variance note</label>
        <span id={`${noteId}-hint`} className="muted hint">
          {noteNeeded ? 'Required: the count differs from what was expected.' : 'Optional.'}
        </span>
        <textarea
          id={noteId}
          aria-describedby={`${noteId}-hint`}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-required={noteNeeded}
        />
      </div>
      {stillTrading && (
        <div className="mid-shift">
          <p className="notice">
            This session can still be trading: no close has been seen, and its last bill is recent.
            A count now freezes the figures as they are; what is sold after it shows as a change.
          </p>
          <label>
            <input
              type="checkbox"
              checked={midShift}
              onChange={(event) => setMidShift(event.target.checked)}
            />{' '}
            Count mid-shift
          </label>
        </div>
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
        {!ready && (
          <span className="muted">
            {count === null || countedBy.trim() === ''
              ? 'Enter the counted cash and who counted to confirm.'
              : noteMissing
                ? 'Say why the count differs in the variance note to confirm.'
                : 'Choose “Count mid-shift” to count a session that can still be trading.'}
          </span>
        )}
      </div>
    </form>
  )
}
