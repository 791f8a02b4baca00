import type { TillDatabase } from '../../../database/database'
import type { RegisterSession } from '../../../database/cached-records'
import { STATUS_LABEL } from '../../../sessions'
import { formatDateTime } from '../../../format/time'
import { CountForm } from './CountForm'
import { CashMovements } from './CashMovements'
import { openingCashSource } from '../../../day-close'
import { movementSums } from '../../../day-close'
import { ExpensesTable, FiguresTables } from './FiguresTables'
import type { SessionAtClose } from '../../../day-close'
import { ReconciledPanel, ReconciliationLog } from './ReconciledPanel'
import { CountConflict } from './CountConflict'
import { SignatureLines } from './SignatureLines'
import { StillSyncingNotice } from './StillSyncing'
import { CountedNotesAndCoins } from './CountedNotesAndCoins'
import { useConfirmationFocus } from './focus-after-count'
import { useLiveQuery } from 'dexie-react-hooks'
import { useNow } from '../../hooks/use-now'
import { categoriesUsed } from '../../../day-close'
import { sessionSpan } from '../../../day-close'
import { startOfMerchantDay } from '../../../../src-shared/domain/business-date'

function SessionTimes({
  session,
  over,
  timeZone,
}: {
  session: RegisterSession
  /** No close event came, but the session is over (the status rule of session-status). */
  over: boolean
  timeZone: string
}): React.JSX.Element {
  const at = (t: number): string => formatDateTime(t, timeZone)
  // The register's opening time comes only with its close event; a float recorded never sets it.
  const opened =
    session.openedAt !== null
      ? `Opened ${at(session.openedAt)}`
      : session.firstActivityAt !== null
        ? `First bill ${at(session.firstActivityAt)} (the register's opening time comes with its close event)`
        : 'Opening time not known (it comes with the close event)'
  const closed =
    session.closedAt !== null
      ? `closed ${at(session.closedAt)}`
      : over
        ? 'no close event came, but a later session has started or no bill came for 12 hours'
        : 'no close seen yet'
  return (
    <p className="muted session-times">
      {opened} · {closed} ({timeZone})
    </p>
  )
}

/** One register session's close: figures, the count or its frozen result, expenses. */
export function SessionClose({
  db,
  close,
  label,
  currency,
  timeZone,
}: {
  db: TillDatabase
  close: SessionAtClose
  /** The session's name (`sessionLabel`). */
  label: string
  currency: string
  timeZone: string
}): React.JSX.Element {
  const { session, figures, expenses, movements, record, shown, incomplete } = close
  const reconciled = session.status === 'reconciled'
  const titleId = `session-${session.id}-title`
  useConfirmationFocus(session.id, reconciled && record.state === 'ok')
  const categories = useLiveQuery(() => categoriesUsed(db), [db])
  const now = useNow()
  return (
    <section className="session-close panel" aria-labelledby={titleId} data-session-id={session.id}>
      <header className="session-head">
        <h2 id={titleId}>Session {label}</h2>
        <span className={`badge status-${shown}`}>
          <span className="visually-hidden">Status: </span>
          {STATUS_LABEL[shown]}
        </span>
      </header>
      <SessionTimes session={session} over={shown === 'closed-no-event'} timeZone={timeZone} />
      <CountConflict db={db} sessionId={session.id} currency={currency} timeZone={timeZone} />
      {reconciled && record.state === 'ok' && (
        <>
          <ReconciledPanel
            db={db}
            label={label}
            record={record.record}
            current={figures}
            closedAt={session.closedAt}
            currency={currency}
            timeZone={timeZone}
          />
          {record.record.breakdown && (
            <CountedNotesAndCoins breakdown={record.record.breakdown} currency={currency} />
          )}
          <h3>Figures frozen at reconciliation</h3>
          <FiguresTables
            subject={`session ${label}`}
            figures={record.record.figures}
            currency={currency}
          />
        </>
      )}
      {reconciled && record.state !== 'ok' && (
        <p role="alert" className="error">
          This session is marked reconciled, but Till cannot read its saved count
          {record.state === 'unreadable' ? ` (${record.reason})` : ''}. The figures below are as the
          cache holds them now.
        </p>
      )}
      {!(reconciled && record.state === 'ok') &&
        (incomplete ? (
          <StillSyncingNotice billsAwaitingDetail={figures.billsAwaitingDetail} />
        ) : (
          <FiguresTables subject={`session ${label}`} figures={figures} currency={currency} />
        ))}
      <CashMovements
        db={db}
        sessionId={session.id}
        label={label}
        movements={movements}
        categories={categories ?? []}
        currency={currency}
        timeZone={timeZone}
        span={sessionSpan(session, startOfMerchantDay(session.businessDate, timeZone), now)}
        recording={!reconciled ? 'any' : figures.openingCash === null ? 'opening float' : 'none'}
      />
      {!reconciled && !incomplete && (
        <CountForm
          db={db}
          sessionId={session.id}
          label={label}
          figures={figures}
          currency={currency}
          timeZone={timeZone}
          openingSource={openingCashSource(
            session.openingCash,
            movementSums(movements).openingFloat,
          )}
          stillTrading={shown === 'open'}
          replacing={
            record.state === 'ok' && record.record.reopenedAt !== null ? record.record : null
          }
        />
      )}
      <ExpensesTable subject={`session ${label}`} expenses={expenses} currency={currency} />
      {record.state === 'ok' && (
        <ReconciliationLog record={record.record} currency={currency} timeZone={timeZone} />
      )}
      <SignatureLines withCount={!reconciled} />
    </section>
  )
}
