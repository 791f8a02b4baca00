import type { TillDatabase } from '../../../database/database'
import {
  determinedVariance,
  openingCashSource,
  withOpeningFloat,
  type DayCloseFigures,
} from '../../../day-close'
import {
  replacedCount,
  type ReconciliationLogEntry,
  type SessionReconciliation,
} from '../../../day-close'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime } from '../../../format/time'
import { changedFigures, type ChangedFigure } from './figure-rows'
import { methodLabel } from '../../../format/labels'
import { OpeningCash } from './OpeningCash'
import { Variance } from './Variance'
import { varianceText } from './variance-text'
import { MoneyTable } from '../../components/money-table/MoneyTable'
import { ReopenForm } from './ReopenForm'
import { confirmationId } from './focus-after-count'

const counts = new Intl.NumberFormat()

function ChangedValue({
  value,
  kind,
  currency,
}: {
  value: number | null
  kind: ChangedFigure['kind']
  currency: string
}): React.JSX.Element {
  if (value === null) return <span className="muted">not known</span>
  return <>{kind === 'money' ? formatMoney(value, currency) : counts.format(value)}</>
}

/** Flags a reconciled session whose data moved on after the count, old beside current. */
function ChangedAfter({
  record,
  current,
  currency,
  timeZone,
}: {
  record: SessionReconciliation
  current: DayCloseFigures
  currency: string
  timeZone: string
}): React.JSX.Element | null {
  // An opening cash known only since the count completes the frozen figures, not a change.
  const changes = changedFigures(withOpeningFloat(record.figures, current.openingCash), current)
  if (record.changedAfterAt === null && changes.length === 0) return null
  return (
    <div className="changed-after" role="group" aria-label="Changed after reconciliation">
      <h3>Changed after reconciliation</h3>
      <p>
        {record.changedAfterAt !== null
          ? `A bill, a payment or the close of this session came in on ${formatDateTime(record.changedAfterAt, timeZone)}, after the count was confirmed.`
          : 'The session’s data changed after the count was confirmed.'}{' '}
        {changes.length === 0
          ? 'None of the figures moved.'
          : 'The frozen figures stay as confirmed; reopen the session to count it again.'}
      </p>
      {changes.length > 0 && (
        <MoneyTable
          label="Frozen and current figures"
          columns={['Figure', 'Frozen', 'Now']}
          currency={currency}
          rows={changes.map((c) => ({
            key: c.label,
            label: c.label,
            cells: [
              <ChangedValue key="frozen" value={c.frozen} kind={c.kind} currency={currency} />,
              <ChangedValue key="now" value={c.current} kind={c.kind} currency={currency} />,
            ],
          }))}
        />
      )}
    </div>
  )
}

function logLine(entry: ReconciliationLogEntry, currency: string, timeZone: string): string {
  const when = formatDateTime(entry.at, timeZone)
  return entry.action === 'reconciled'
    ? `${when}: counted ${entry.midShift ? 'mid-shift ' : ''}${formatMoney(entry.countedCash, currency)} by ${entry.by}, variance ${varianceText(entry.cashVariance, currency)}${entry.note ? ` (${entry.note})` : ''}`
    : `${when}: reopened by ${entry.by}${entry.reason ? `: ${entry.reason}` : ''}`
}

/** A stored count as it is shown: amounts in its currency, times in the merchant's zone. */
interface RecordView {
  record: SessionReconciliation
  currency: string
  timeZone: string
}

/** On screen and on paper: the count that stands set aside an earlier one, and why. */
function ReplacedNotice({ record, currency, timeZone }: RecordView): React.JSX.Element | null {
  const replaced = replacedCount(record.log)
  if (!replaced) return null
  const { count, reopen } = replaced
  return (
    <p className="notice replaced-count">
      This count replaces an earlier one: {formatMoney(count.countedCash, currency)} counted by{' '}
      {count.by} on {formatDateTime(count.at, timeZone)}, reopened by {reopen.by} on{' '}
      {formatDateTime(reopen.at, timeZone)}
      {reopen.reason ? (
        <>
          {' '}
          because: <q>{reopen.reason}</q>
        </>
      ) : (
        ' (no reason was recorded)'
      )}
      .
    </p>
  )
}

/** The history of counts and reopens: a reopen is an undo, and is never silent. */
export function ReconciliationLog({
  record,
  currency,
  timeZone,
}: RecordView): React.JSX.Element | null {
  if (record.log.length < 2 && record.reopenedAt === null) return null
  return (
    <details className="reconciliation-log">
      <summary>History of this count ({record.log.length})</summary>
      <ol>
        {record.log.map((entry) => (
          <li key={`${entry.action}-${entry.at}`}>{logLine(entry, currency, timeZone)}</li>
        ))}
      </ol>
    </details>
  )
}

/** A reconciled session: who counted and when, the count against the frozen figures, reopen. */
export function ReconciledPanel({
  db,
  label,
  record,
  current,
  closedAt,
  currency,
  timeZone,
}: {
  db: TillDatabase
  /** The session's name (`sessionLabel`). */
  label: string
  record: SessionReconciliation
  current: DayCloseFigures
  /** When the session's close event says it closed; null while none has come. */
  closedAt: number | null
  currency: string
  timeZone: string
}): React.JSX.Element {
  return (
    <div className="reconciled">
      <p className="reconciled-by" id={confirmationId(record.sessionId)} tabIndex={-1}>
        Reconciled by <strong>{record.reconciledBy}</strong> on{' '}
        {formatDateTime(record.reconciledAt, timeZone)} ({timeZone}).
      </p>
      {record.midShift && (
        <p className="notice mid-shift-count">
          Counted mid-shift, while the session could still be trading.
          {closedAt !== null
            ? ` The session closed on ${formatDateTime(closedAt, timeZone)}, after the count.`
            : ' No close has been seen since.'}
        </p>
      )}
      <dl className="count-summary" aria-label="Count">
        <div>
          <dt>Counted cash</dt>
          <dd className="amount">{formatMoney(record.count.countedCash, currency)}</dd>
        </div>
        <div>
          <dt>Expected cash</dt>
          <dd className="amount">
            {record.figures.openingCash === null ? (
              <>
                at least {formatMoney(record.figures.expectedCash, currency)}
                <span className="muted incomplete"> incomplete: opening cash not known</span>
              </>
            ) : (
              formatMoney(record.figures.expectedCash, currency)
            )}
          </dd>
        </div>
        <div>
          <dt>Opening cash</dt>
          <dd>
            <OpeningCash
              amount={record.figures.openingCash}
              source={
                record.openingFloat !== null
                  ? 'entered'
                  : openingCashSource(record.figures.openingCash, null)
              }
              currency={currency}
            />
          </dd>
        </div>
        <div>
          <dt>Cash variance</dt>
          <dd className="amount" aria-label="Frozen cash variance">
            <Variance
              amount={determinedVariance(record.countedCash, record.figures, current.openingCash)}
              currency={currency}
            />
            {record.figures.openingCash === null && current.openingCash !== null && (
              <span className="muted opening-later">
                {' '}
                against the opening cash of {formatMoney(current.openingCash, currency)} known since
                the count
              </span>
            )}
          </dd>
        </div>
        {record.count.methods.map((m) => (
          <div key={m.method}>
            <dt>
              {methodLabel(m.method)}: counted {formatMoney(m.counted, currency)}, net{' '}
              {formatMoney(m.expected, currency)}
            </dt>
            <dd className="amount">
              <Variance amount={m.variance} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
      {record.varianceNote && (
        <p className="variance-note">
          <span className="muted">Variance note:</span> {record.varianceNote}
        </p>
      )}
      <ReplacedNotice record={record} currency={currency} timeZone={timeZone} />
      <ChangedAfter record={record} current={current} currency={currency} timeZone={timeZone} />
      <ReopenForm db={db} sessionId={record.sessionId} label={label} />
    </div>
  )
}
