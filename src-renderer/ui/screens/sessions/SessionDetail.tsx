import { billsOfSession } from '../../../sessions'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState } from 'react'
import type { ActiveConnection } from '../../../settings'
import type { RegisterSession } from '../../../database/cached-records'
import { sessionFigures } from '../../../sessions'
import { formatMoney } from '../../../format/format-money'
import { loadRecordsSynced, stillSyncing } from '../../../sync'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { BillDetail } from '../bills/BillDetail'
import { billStateLabel, signedAmount, TYPE_LABELS } from '../bills/bill-labels'
import { ExpensesTable, FiguresTables } from '../day-close/FiguresTables'
import { StillSyncingNotice } from '../day-close/StillSyncing'
import { usePageTitle } from '../../hooks/page-title'
import { sessionLabel } from '../../../format/session-label'
import { loadShownStatus } from '../../../sessions'
import { expensesOfSession } from '../../../sessions'
import { TableHead } from '../../components/money-table/TableHead'

const BILLS_PAGE = 200

interface Props {
  connection: ActiveConnection
  session: RegisterSession
  /** The session's location as people read it (see location-names.ts). */
  locationName: string
  onClose(): void
  formatTime(ms: number): string
}

/** One session: its day-close figures, payments by method, expenses and bills. */
export function SessionDetail({
  connection,
  session,
  locationName,
  onClose,
  formatTime,
}: Props): React.JSX.Element {
  const { db, profile } = connection
  const heading = useRef<HTMLHeadingElement>(null)
  const [openBill, setOpenBill] = useState<string | null>(null)
  const [shown, setShown] = useState(BILLS_PAGE)
  useEffect(() => heading.current?.focus(), [session.id])
  const { id, openingCash, openedAt, firstActivityAt } = session
  const timeZone = effectiveTimeZone(profile)
  const shownStatus = useLiveQuery(() => loadShownStatus(db, session, Date.now()), [db, session])
  const name = sessionLabel(
    { ...session, status: shownStatus ?? session.status },
    timeZone,
    locationName,
  )
  usePageTitle(`Session ${name}`, 1)
  // A page at a time, newest first, from the index.
  const bills = useLiveQuery(
    () => billsOfSession(db, id).reverse().limit(shown).toArray(),
    [db, id, shown],
  )
  // The figures come from the session's tally; asked for once the first rows are in, so the rows
  // never wait for them (a session not tallied yet reads every bill for them).
  const rowsIn = bills !== undefined
  const summary = useLiveQuery(async () => {
    if (!rowsIn) return undefined
    const [figures, expenses, synced] = await Promise.all([
      sessionFigures(db, { id, openingCash }),
      expensesOfSession(db, id),
      loadRecordsSynced(db),
    ])
    return {
      figures,
      incomplete: stillSyncing(figures.billsAwaitingDetail, synced, { openedAt, firstActivityAt }),
      expenses,
      billCount: figures.saleCount + figures.refundCount + figures.voidCount,
    }
  }, [db, id, openingCash, openedAt, firstActivityAt, rowsIn])
  const currency = profile.currency ?? bills?.[0]?.currency ?? null
  const money = (minor: number): string => (currency ? formatMoney(minor, currency) : String(minor))

  return (
    <section
      className="panel session-detail"
      aria-labelledby="session-detail-title"
      onKeyDown={(e) => e.key === 'Escape' && !openBill && onClose()}
    >
      <h2 id="session-detail-title" tabIndex={-1} ref={heading}>
        Session {name}
      </h2>
      <p className="muted">
        {session.openedAt
          ? `Opened ${formatTime(session.openedAt)}`
          : 'Opening time not known (it comes with the close event)'}
        {session.closedAt ? ` · closed ${formatTime(session.closedAt)}` : ''}
        {session.openingCash !== null ? ` · opening cash ${money(session.openingCash)}` : ''}
      </p>
      <button type="button" onClick={onClose}>
        Close
      </button>
      {!summary && <p role="status">Loading the session…</p>}
      {summary?.incomplete && (
        <StillSyncingNotice billsAwaitingDetail={summary.figures.billsAwaitingDetail} />
      )}
      {summary && currency && (
        <>
          {!summary.incomplete && (
            <FiguresTables
              subject={`session ${name}`}
              figures={summary.figures}
              currency={currency}
            />
          )}
          <ExpensesTable
            subject={`session ${name}`}
            expenses={summary.expenses}
            currency={currency}
          />
        </>
      )}
      {bills && (
        <>
          <table aria-label={`Bills of session ${name}`}>
            <TableHead columns={['Bill', 'Time', 'Type', 'State', { amount: 'Total' }]} />
            <tbody>
              {bills.map((bill) => (
                <tr key={bill.id}>
                  <td>
                    <button type="button" className="link" onClick={() => setOpenBill(bill.id)}>
                      {bill.number}
                    </button>
                  </td>
                  <td className="moment">{formatTime(bill.createdAt)}</td>
                  <td>{TYPE_LABELS[bill.type]}</td>
                  <td>{billStateLabel(bill)}</td>
                  <td className="amount">
                    {formatMoney(signedAmount(bill, bill.total), bill.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {bills.length} of {summary?.billCount ?? '…'} bills shown
          </p>
          {bills.length === shown &&
            (summary === undefined || bills.length < summary.billCount) && (
              <button type="button" onClick={() => setShown((n) => n + BILLS_PAGE)}>
                Show more bills
              </button>
            )}
          {openBill && (
            <BillDetail
              db={db}
              billId={openBill}
              timeZone={timeZone}
              onOpenBill={setOpenBill}
              onClose={() => setOpenBill(null)}
            />
          )}
        </>
      )}
    </section>
  )
}
