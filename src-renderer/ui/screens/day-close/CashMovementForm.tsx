import { useId, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { CashMovementError, recordMovement } from '../../../day-close'
import { MOVEMENT_LABEL, type CashMovement, type MovementKind } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { amountTextHint, parseAmountText } from '../../../format/amount-text'
import { AmountField } from './AmountField'
import { useNumberMarks } from '../../hooks/use-number-marks'
import { failureText } from './failure-text'
import { PayOutCategoryField } from './PayOutCategoryField'
import type { SessionSpan } from '../../../day-close'
import { MovementTimeField, useMovementTime } from './MovementTimeField'

/** The id of a session's movement form, for the count's "record the opening float first". */
export const movementFormId = (sessionId: string): string => `movement-form-${sessionId}`

const FORM_KINDS: Exclude<MovementKind, 'cancel'>[] = ['float', 'pay-in', 'pay-out', 'drop']

/**
 * The form that records a movement, or corrects one (`correcting`): a correction replaces it
 * with what the form says, or cancels it.
 */
export function CashMovementForm({
  db,
  sessionId,
  currency,
  categories,
  hasFloat,
  floatOnly,
  correcting,
  span,
  timeZone,
  onDone,
}: {
  db: TillDatabase
  sessionId: string
  currency: string
  /** Expense categories met in the shop's expenses, offered for a pay-out. */
  categories: readonly string[]
  hasFloat: boolean
  /** Only the opening float can be recorded (a count stands that did not know it). */
  floatOnly: boolean
  correcting: CashMovement | null
  /** When the session's movements can have happened. */
  span: SessionSpan
  timeZone: string
  onDone: () => void
}): React.JSX.Element {
  const kinds = FORM_KINDS.filter((k) =>
    k === 'float' ? !hasFloat || correcting?.kind === 'float' : !floatOnly,
  )
  const [chosen, setKind] = useState<MovementKind | null>(correcting?.kind ?? null)
  // Until the manager picks one, the first the session can take: the float while it has none.
  const kind = kinds.find((k) => k === chosen) ?? kinds[0]!
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState(correcting?.category ?? '')
  const [by, setBy] = useState('')
  const [note, setNote] = useState(correcting?.note ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const movementTime = useMovementTime(kind, span, timeZone, correcting)
  const id = useId()
  const marks = useNumberMarks()
  const parsed = amount.trim() ? parseAmountText(amount, currency, marks) : null

  const save = async (cancel: boolean): Promise<void> => {
    setProblem(null)
    if (!cancel && !parsed?.ok) {
      setProblem(parsed && !parsed.ok ? parsed.message : 'Enter the amount.')
      return
    }
    const when = movementTime.instant()
    if ('problem' in when) {
      setProblem(when.problem)
      return
    }
    const { at } = when
    const typedTime = movementTime.time
    try {
      await recordMovement(db, {
        id: crypto.randomUUID(),
        at,
        sessionId,
        kind: cancel ? 'cancel' : kind,
        amount: cancel || !parsed?.ok ? 0 : parsed.minor,
        currency,
        category: !cancel && kind === 'pay-out' && category.trim() ? category.trim() : null,
        by: by.trim(),
        note: note.trim(),
        replaces: correcting?.id ?? null,
      })
      // Cleared for the next movement, unless the manager already typed it while this saved.
      setAmount((current) => (current === amount ? '' : current))
      setNote((current) => (current === note ? '' : current))
      movementTime.clear(typedTime)
      onDone()
    } catch (error) {
      setProblem(failureText(error, CashMovementError, 'record the movement'))
    }
  }

  return (
    <form
      id={movementFormId(sessionId)}
      className="movement-form no-print"
      // The form says itself why a time is refused, naming the session's span.
      noValidate
      aria-label={correcting ? 'Correct a cash movement' : 'Record a cash movement'}
      onSubmit={(event) => {
        event.preventDefault()
        void save(false)
      }}
    >
      {correcting && (
        <p className="notice">
          Correcting the {MOVEMENT_LABEL[correcting.kind].toLowerCase()} of{' '}
          {formatMoney(correcting.amount, currency)}: record what it should have been, or cancel it.
          Both stay listed.
        </p>
      )}
      <div className="count-fields">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Movement</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as MovementKind)}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {MOVEMENT_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
        <MovementTimeField id={id} span={span} timeZone={timeZone} movementTime={movementTime} />
        <AmountField
          label="Amount"
          hint={amountTextHint(currency, marks)}
          value={amount}
          onChange={setAmount}
          parsed={parsed}
          currency={currency}
        />
        {kind === 'pay-out' && (
          <PayOutCategoryField categories={categories} value={category} onChange={setCategory} />
        )}
        <MovedByAndNote id={id} by={by} note={note} onBy={setBy} onNote={setNote} />
      </div>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <MovementActions
        correcting={correcting !== null}
        onCancel={() => void save(true)}
        onKeep={onDone}
      />
    </form>
  )
}

/** Who moved the cash, and a note. */
function MovedByAndNote({
  id,
  by,
  note,
  onBy,
  onNote,
}: {
  id: string
  by: string
  note: string
  onBy: (by: string) => void
  onNote: (note: string) => void
}): React.JSX.Element {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-by`}>Moved by (name or initials)</label>
        <input
          id={`${id}-by`}
          autoComplete="off"
          maxLength={80}
          value={by}
          onChange={(event) => onBy(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note</label>
        <input
          id={`${id}-note`}
          autoComplete="off"
          maxLength={500}
          value={note}
          onChange={(event) => onNote(event.target.value)}
        />
      </div>
    </>
  )
}

/** Record; and for a correction, cancel the movement instead or keep it as it is. */
function MovementActions({
  correcting,
  onCancel,
  onKeep,
}: {
  correcting: boolean
  onCancel: () => void
  onKeep: () => void
}): React.JSX.Element {
  return (
    <div className="actions">
      <button type="submit" className="primary">
        {correcting ? 'Record the correction' : 'Record movement'}
      </button>
      {correcting && (
        <>
          <button type="button" onClick={onCancel}>
            Cancel this movement
          </button>
          <button type="button" onClick={onKeep}>
            Keep it as it is
          </button>
        </>
      )}
    </div>
  )
}
