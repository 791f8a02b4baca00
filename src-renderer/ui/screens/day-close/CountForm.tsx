import { useId, useRef, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import {
  CASH,
  countVariance,
  hasVariance,
  type DayCloseFigures,
  type OpeningCashSource,
} from '../../../day-close'
import { confirmCount, ReconcileError } from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import {
  amountTextHint,
  formatAmountText,
  parseAmountText,
  type AmountParse,
  type NumberMarks,
} from '../../../format/amount-text'
import { AmountField } from './AmountField'
import { useNumberMarks } from '../../hooks/use-number-marks'
import type { Denomination } from '../../../day-close'
import { useDenominations } from '../../../day-close'
import { formatClock, formatDateTime } from '../../../format/time'
import { countByPieces } from './piece-count'
import { confirmBlocker } from './confirm-blocker'
import { focusAfterConfirm } from './focus-after-count'
import { useCountDraft } from './use-count-draft'
import { DenominationCount } from './DenominationCount'
import { methodLabel, methodLabelInText } from '../../../format/labels'
import { OpeningCash } from './OpeningCash'
import { Variance } from './Variance'
import { failureText } from './failure-text'

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
}

/**
 * The drawer count: the notes and coins (their total fills the counted cash), the counted cash
 * with its variance beside it, the counted totals of the other methods if the manager wants, and
 * the confirm that freezes the session's figures. What is typed is kept as the session's draft
 * until the confirm or a discard. The Confirm button stays in the Tab order while it cannot
 * confirm, described (and announced) by why.
 */
export function CountForm(props: CountFormProps): React.JSX.Element {
  const draft = useCountDraft(props.db, props.sessionId)
  const denominations = useDenominations(props.db, props.currency)
  if (!draft.loaded || !denominations) return <p role="status">Reading the count…</p>
  return <CountFields {...props} draft={draft} denominations={denominations.denominations} />
}

/** An amount field's text parsed, or null while it is empty. */
function parseTyped(
  text: string,
  currency: string,
  marks: NumberMarks,
  allowNegative = false,
): AmountParse | null {
  return text.trim() ? parseAmountText(text, currency, marks, { allowNegative }) : null
}

function DraftNotice({
  savedAt,
  readAt,
  timeZone,
  onDiscard,
}: {
  savedAt: number
  /** When the draft was read: a draft of an earlier day says its date. */
  readAt: number
  timeZone: string
  onDiscard: () => void
}): React.JSX.Element {
  const day = (at: number): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at)
  const when =
    day(savedAt) === day(readAt)
      ? formatClock(savedAt, timeZone)
      : formatDateTime(savedAt, timeZone)
  return (
    <p className="draft-notice notice">
      Draft from {when}, kept.{' '}
      <button type="button" onClick={onDiscard}>
        Discard draft
      </button>
    </p>
  )
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
  draft: ReturnType<typeof useCountDraft>
  denominations: readonly Denomination[]
}): React.JSX.Element {
  const { fields, change } = draft
  const [midShift, setMidShift] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const countedById = useId()
  const marks = useNumberMarks()
  const noteId = useId()
  const blockerId = useId()

  const pieces = countByPieces(denominations, fields.pieces, currency)
  const cash = fields.countedCash
  const cashParsed = parseTyped(cash, currency, marks)
  const seen = figures
  const otherMethods = figures.methods.filter((m) => m.method !== CASH)
  const methodParsed = Object.fromEntries(
    otherMethods.map((m) => [
      m.method,
      parseTyped(fields.countedByMethod[m.method] ?? '', currency, marks, true),
    ]),
  )
  const countedByMethod = Object.fromEntries(
    Object.entries(methodParsed).flatMap(([method, p]) => (p?.ok ? [[method, p.minor]] : [])),
  )
  const amountProblems = [
    { field: 'Counted cash', parsed: cashParsed },
    ...otherMethods.map((m) => ({
      field: `Counted ${methodLabelInText(m.method)}`,
      parsed: methodParsed[m.method] ?? null,
    })),
  ].flatMap(({ field, parsed }) =>
    parsed && !parsed.ok ? [{ field, message: parsed.message }] : [],
  )
  const count = cashParsed?.ok
    ? countVariance(seen, { countedCash: cashParsed.minor, countedByMethod })
    : null
  const noteNeeded = count !== null && hasVariance(count)
  const blocker = confirmBlocker({
    currency,
    pieceProblems: pieces.problems,
    piecesTotal: pieces.used ? pieces.total : null,
    amountProblems,
    countedCash: count?.countedCash ?? null,
    countedBy: fields.countedBy,
    noteMissing: noteNeeded && fields.note.trim() === '',
    midShiftMissing: stillTrading && !midShift,
  })

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
        seen,
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
      <div className="count-head">
        <h3>Count the drawer</h3>
        {draft.restored && (
          <DraftNotice {...draft.restored} timeZone={timeZone} onDiscard={draft.discard} />
        )}
        {draft.problem && (
          <p role="alert" className="error">
            {draft.problem}
          </p>
        )}
      </div>
      <DenominationCount count={pieces} currency={currency} onPieces={setPieces} />
      <div className="count-main">
        <div className="count-line">
          <AmountField
            label="Counted cash"
            hint={amountTextHint(currency, marks)}
            value={cash}
            onChange={(value) => change((f) => ({ ...f, countedCash: value }))}
            parsed={cashParsed}
            currency={currency}
          />
          <dl className="count-summary">
            <div>
              <dt>Cash variance</dt>
              <dd className="amount">
                <output aria-label="Cash variance">
                  {count ? <Variance amount={count.cashVariance} currency={currency} /> : '—'}
                </output>
              </dd>
            </div>
            <div>
              <dt>Expected cash</dt>
              <dd className="amount">
                <output aria-label="Expected cash">
                  {formatMoney(seen.expectedCash, currency)}
                </output>
              </dd>
            </div>
            <div>
              <dt>Opening cash</dt>
              <dd>
                <OpeningCash amount={seen.openingCash} source={openingSource} currency={currency} />
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
        </div>
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
            value={fields.note}
            onChange={(event) => change((f) => ({ ...f, note: event.target.value }))}
            aria-required={noteNeeded}
          />
        </div>
        {stillTrading && (
          <div className="mid-shift">
            <p className="notice">
              This session can still be trading: no close has been seen, and its last bill is
              recent. A count now freezes the figures as they are; what is sold after it shows as a
              change.
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
