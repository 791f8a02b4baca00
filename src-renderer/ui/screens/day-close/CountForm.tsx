import { useId, useRef, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { DayCloseFigures, OpeningCashSource } from '../../../day-close'
import { confirmCount, ReconcileError } from '../../../day-close'
import { amountTextHint, formatAmountText } from '../../../format/amount-text'
import { AmountField } from './AmountField'
import { useNumberMarks } from '../../hooks/use-number-marks'
import type { Denomination } from '../../../day-close'
import { useDenominations } from '../../../day-close'
import { countByPieces } from './piece-count'
import { focusAfterConfirm } from './focus-after-count'
import { useCountDraft, type CountDraftState } from './use-count-draft'
import { DenominationCount } from './DenominationCount'
import { failureText } from './failure-text'
import { readTypedCount } from './typed-count'
import { CountHead } from './CountHead'
import { CountTotals } from './CountTotals'
import { CountedByFields, MidShiftChoice, VarianceNoteField } from './CountFormFields'
import { recountStart } from './recount-start'
import type { SessionReconciliation } from '../../../day-close'

interface CountFormProps {
  db: TillDatabase
  sessionId: string
  /** The session's name (`sessionLabel`). */
  label: string
  /** With the opening float recorded among the session's cash movements, if any. */
  figures: DayCloseFigures
  currency: string
  openingSource: OpeningCashSource
  timeZone: string
  /** The session can still be trading: counting it now is a mid-shift count, chosen on purpose. */
  stillTrading: boolean
  /** The count a reopen set aside, which a recount starts from; null for a first count. */
  replacing: SessionReconciliation | null
}

/**
 * The drawer count: the notes and coins (their total fills the counted cash), the counted cash
 * with its variance beside it, the counted totals of the other methods if the manager wants, and
 * the confirm that freezes the session's figures. What is typed is kept as the session's draft
 * until the confirm or a discard. The Confirm button stays in the Tab order while it cannot
 * confirm, described (and announced) by why.
 */
export function CountForm(props: CountFormProps): React.JSX.Element {
  const marks = useNumberMarks()
  const { replacing, currency } = props
  const start = replacing && JSON.stringify(recountStart(replacing, currency, marks))
  const draft = useCountDraft(props.db, props.sessionId, start)
  const denominations = useDenominations(props.db, props.currency)
  if (!draft.loaded || !denominations) return <p role="status">Reading the count…</p>
  return <CountFields {...props} draft={draft} denominations={denominations.denominations} />
}

function CountFields({
  db,
  sessionId,
  label,
  figures,
  currency,
  timeZone,
  openingSource,
  stillTrading,
  draft,
  denominations,
}: CountFormProps & {
  draft: CountDraftState
  denominations: readonly Denomination[]
}): React.JSX.Element {
  const { fields, change } = draft
  const [midShift, setMidShift] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const marks = useNumberMarks()
  const blockerId = useId()
  const { pieces, cashParsed, otherMethods, methodParsed, countedByMethod, count, ...typed } =
    readTypedCount({
      fields,
      figures,
      denominations,
      currency,
      marks,
      midShiftMissing: stillTrading && !midShift,
    })
  const { noteNeeded, blocker } = typed

  const setPieces = (key: string, text: string): void =>
    change((f) => {
      const typed = { ...f.pieces, [key]: text }
      const next = countByPieces(denominations, typed, currency)
      // The counted cash is the sum of what is on screen: none while a field is not a number.
      const total =
        !next.used || next.total === null ? '' : formatAmountText(next.total, currency, marks)
      return { ...f, pieces: typed, countedCash: total }
    })

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    if (!count || blocker !== null || saving) return
    setSaving(true)
    setProblem(null)
    try {
      await confirmCount(db, {
        sessionId,
        count: { countedCash: count.countedCash, countedByMethod },
        countedBy: fields.countedBy,
        seen: figures,
        currency,
        varianceNote: fields.note,
        midShift,
        breakdown: pieces.used ? pieces.breakdown : null,
      })
      if (form.current) focusAfterConfirm(form.current, sessionId)
    } catch (error) {
      setSaving(false)
      setProblem(failureText(error, ReconcileError, 'save the count'))
    }
  }

  return (
    <form
      ref={form}
      className="count-form"
      aria-label={`Count the drawer of session ${label}`}
      onSubmit={(e) => void submit(e)}
      data-needs-count={stillTrading ? undefined : ''}
    >
      <CountHead draft={draft} timeZone={timeZone} />
      <DenominationCount count={pieces} currency={currency} onPieces={setPieces} />
      <div className="count-main">
        <div className="count-line">
          <AmountField
            label="Counted cash"
            hint={amountTextHint(currency, marks)}
            value={fields.countedCash}
            onChange={(value) => change((f) => ({ ...f, countedCash: value }))}
            parsed={cashParsed}
            currency={currency}
          />
          <CountTotals
            count={count}
            expectedCash={figures.expectedCash}
            openingCash={figures.openingCash}
            openingSource={openingSource}
            currency={currency}
            sessionId={sessionId}
          />
        </div>
        <CountedByFields
          draft={draft}
          otherMethods={otherMethods}
          methodParsed={methodParsed}
          currency={currency}
        />
        <VarianceNoteField draft={draft} required={noteNeeded} />
        {stillTrading && <MidShiftChoice checked={midShift} onChange={setMidShift} />}
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <div className="actions">
          <button
            type="submit"
            className="primary"
            aria-disabled={blocker !== null || saving ? true : undefined}
            aria-describedby={blockerId}
          >
            {saving ? 'Saving…' : 'Confirm count'}
          </button>
          <span id={blockerId} role="status" className="muted confirm-blocker">
            {blocker}
          </span>
        </div>
      </div>
    </form>
  )
}
