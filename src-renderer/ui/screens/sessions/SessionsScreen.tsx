import { useLiveQuery } from 'dexie-react-hooks'
import {
  Fragment,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type RefCallback,
} from 'react'
import type { ActiveConnection } from '../../../settings'
import type { SyncController } from '../../../sync'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import type { RegisterSession } from '../../../database/cached-records'
import { sessionFigures } from '../../../sessions'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime } from '../../../format/time'
import { STATUS_LABEL, type ShownStatus } from '../../../sessions'
import { loadRecordsSynced, stillSyncing, type RecordsSynced } from '../../../sync'
import { STILL_SYNCING } from '../day-close/StillSyncing'
import { VARIANCE_UNDETERMINED } from '../day-close/variance-text'
import { determinedVariance, type DayCloseFigures } from '../../../day-close'
import type { SessionReconciliation } from '../../../day-close'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { useOpenItem } from '../../hooks/use-hash-route'
import { sessionLabel } from '../../../format/session-label'
import { SessionDetail } from './SessionDetail'
import { PaperClosed } from './PaperClosed'
import { knownLocations } from '../../../database/locations'
import { readSession } from '../../../sessions'
import { listSessionRows, type SessionRowData } from '../../../sessions'
import { ALL_DATES, sessionDatesRange, type SessionDates } from './session-dates'
import { SessionDatesFilter } from './SessionDatesFilter'
import { TableHead } from '../../components/money-table/TableHead'

const PAGE = 60

/**
 * Whether an element has been on screen (or within `margin` of it) since it mounted: lets a row
 * fetch what it shows once someone can see it first, and keep it when scrolled away. Rows off
 * screen follow when the page is idle, so a printed page has every row's figures.
 */
function useSeen<T extends Element>(margin = '200px'): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (seen) return
    const idle = requestIdleCallback(() => setSeen(true), { timeout: 5_000 })
    const print = (): void => setSeen(true)
    window.addEventListener('beforeprint', print)
    return () => {
      cancelIdleCallback(idle)
      window.removeEventListener('beforeprint', print)
    }
  }, [seen])
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || seen) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          observer.disconnect()
          setSeen(true)
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [seen, margin],
  )
  return [ref, seen]
}

/**
 * A session's figures from its records, for a row whose session has no tally (a cache from before
 * tallies, once its saved bills are added up): read once its row has been on screen, since that
 * reads every bill of the session, so rows below the fold wait. Keyed on what the figures depend
 * on, not on the row's object, which every change to the sessions table replaces. While those
 * bills are being added up, such a row waits for its tally ('…') instead: every row reading its
 * records beside the fill read more than the whole fill and held it up.
 */
function useFiguresFromRecords(
  connection: ActiveConnection,
  session: RegisterSession,
  wanted: boolean,
) {
  const { db } = connection
  const { id, openingCash } = session
  return useLiveQuery(
    async () => (wanted ? sessionFigures(db, { id, openingCash }) : undefined),
    [db, id, openingCash, wanted],
  )
}

/** Whether the bills of a cache from before tallies have been added up (see the sync controller). */
function useSavedBillsAddedUp(sync: SyncController): boolean {
  return useSyncExternalStore(
    (listener) => sync.subscribe(listener),
    () => sync.getState().savedBillsAddedUp,
  )
}

function statusLabel(shown: ShownStatus, changedAfter: boolean): string {
  const base = STATUS_LABEL[shown]
  return changedAfter ? `${base} — changed since` : base
}

function SessionRow({
  connection,
  row,
  name,
  currency,
  synced,
  savedBillsAddedUp,
  selected,
  onOpen,
}: {
  connection: ActiveConnection
  row: SessionRowData
  /** Its label, with the status it is shown with. */
  name: (shown: ShownStatus) => string
  currency: string | null
  synced: RecordsSynced | undefined
  savedBillsAddedUp: boolean
  selected: boolean
  onOpen(): void
}): React.JSX.Element {
  const { session, status: shown } = row
  const [rowRef, seen] = useSeen<HTMLTableRowElement>()
  const fromRecords = useFiguresFromRecords(
    connection,
    session,
    seen && savedBillsAddedUp && !row.figures,
  )
  const money = (minor: number | undefined): string =>
    minor === undefined ? '…' : currency ? formatMoney(minor, currency) : String(minor)
  const reconciled = session.status === 'reconciled' ? row.reconciliation : null
  const figures = row.figures ?? fromRecords
  // Against the opening cash known now: a float recorded after the count determines it.
  const variance = (count: SessionReconciliation, now: DayCloseFigures | undefined) => {
    if (now === undefined) return '…'
    const amount = determinedVariance(count.countedCash, count.figures, now.openingCash)
    if (amount !== null) return money(amount)
    return <span className="undetermined muted">{VARIANCE_UNDETERMINED}</span>
  }
  const incomplete =
    figures !== undefined &&
    synced !== undefined &&
    stillSyncing(figures.billsAwaitingDetail, synced, session)
  return (
    <tr ref={rowRef} aria-selected={selected}>
      <td className="moment">
        <button type="button" className="link" onClick={onOpen} aria-expanded={selected}>
          {/* Wraps between day, location and hours, and inside a long location: a time reads whole. */}
          {name(shown)
            .split(' · ')
            .map((part, i, parts) => (
              <Fragment key={i}>
                {i > 0 && ' · '}
                <span className={i === 0 || i === parts.length - 1 ? 'label-part' : undefined}>
                  {part}
                </span>
              </Fragment>
            ))}
        </button>
      </td>
      <td>{statusLabel(shown, Boolean(reconciled?.changedAfterAt))}</td>
      {incomplete ? (
        <td colSpan={4} className="muted still-syncing">
          {STILL_SYNCING}
        </td>
      ) : (
        <>
          <td className="amount">{figures ? figures.saleCount : '…'}</td>
          <td className="amount">{figures ? figures.refundCount + figures.voidCount : '…'}</td>
          <td className="amount">{money(figures?.netSales)}</td>
          <td className="amount">{money(figures?.totalCollected)}</td>
        </>
      )}
      <td className="amount">{reconciled ? money(reconciled.count.countedCash) : '—'}</td>
      <td className="amount">{reconciled ? variance(reconciled, figures) : '—'}</td>
    </tr>
  )
}

function SessionList({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const id = useId()
  // The open session lives in the address (#/sessions/<id>): a reload reopens it.
  const [openId, setOpenId] = useOpenItem()
  const open = useLiveQuery(
    async () => (openId === null ? null : ((await readSession(db, openId)) ?? null)),
    [db, openId],
  )
  const [location, setLocation] = useState('')
  const [dates, setDates] = useState<SessionDates>(ALL_DATES)
  const [needsCounting, setNeedsCounting] = useState(false)
  const [limit, setLimit] = useState(PAGE)
  const names = useLocationNames(db)
  // Read once for the list, not per row: the first sync's progress changes with every page.
  const synced = useLiveQuery(() => loadRecordsSynced(db), [db])
  const savedBillsAddedUp = useSavedBillsAddedUp(connection.sync)
  const locations = useLiveQuery(() => knownLocations(db, ['sessions']), [db])
  const currency = profile.currency
  const timeZone = effectiveTimeZone(profile)
  const range = sessionDatesRange(dates, timeZone)
  const sessions = useLiveQuery(
    () => listSessionRows(db, { location, range, needsCounting }, limit, Date.now()),
    [db, location, range?.from, range?.to, needsCounting, limit],
  )
  if (!sessions) return <p role="status">Loading sessions…</p>
  const filtered = location !== '' || range !== null || needsCounting
  if (sessions.length === 0 && !filtered)
    return (
      <p className="empty-state">
        Nothing synced yet. The first sync fetches today’s sessions first.
      </p>
    )
  return (
    <div className="sessions">
      <div className="filters" role="group" aria-label="Session filters">
        <span className="filter">
          <label htmlFor={`${id}-location`}>Location</label>
          <select
            id={`${id}-location`}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
          >
            <option value="">All</option>
            {locations?.map((l) => (
              <option key={l} value={l}>
                {locationLabel(l, names)}
              </option>
            ))}
          </select>
        </span>
        <SessionDatesFilter dates={dates} onChange={setDates} />
        <span className="filter">
          <input
            id={`${id}-needs-counting`}
            type="checkbox"
            checked={needsCounting}
            onChange={(e) => setNeedsCounting(e.target.checked)}
          />
          <label htmlFor={`${id}-needs-counting`}>Needs counting (closed, not reconciled)</label>
        </span>
        <span className="muted">Business dates in {timeZone}</span>
      </div>
      {needsCounting && <PaperClosed db={db} />}
      {sessions.length === 0 && <p className="empty-state">No sessions match these filters.</p>}
      <table aria-label="Register sessions">
        <TableHead
          columns={[
            'Session',
            'Status',
            { amount: 'Sales' },
            { amount: 'Refunds and voids' },
            { amount: 'Net sales' },
            { amount: 'Collected' },
            { amount: 'Counted' },
            { amount: 'Cash variance' },
          ]}
        />
        <tbody>
          {sessions.map((row) => {
            const s = row.session
            return (
              <SessionRow
                key={s.id}
                connection={connection}
                row={row}
                name={(status) =>
                  sessionLabel({ ...s, status }, timeZone, locationLabel(s.locationId, names))
                }
                currency={currency}
                synced={synced}
                savedBillsAddedUp={savedBillsAddedUp}
                selected={s.id === openId}
                onOpen={() => setOpenId(s.id === openId ? null : s.id)}
              />
            )
          })}
        </tbody>
      </table>
      {sessions.length === limit && (
        <button type="button" onClick={() => setLimit((l) => l + PAGE)}>
          Show older sessions
        </button>
      )}
      {openId !== null && open === null && (
        <p className="notice">This session is not in Till’s saved data (yet).</p>
      )}
      {open && (
        <SessionDetail
          key={open.id}
          connection={connection}
          session={open}
          locationName={locationLabel(open.locationId, names)}
          onClose={() => setOpenId(null)}
          formatTime={(ms) => formatDateTime(ms, timeZone)}
        />
      )}
    </div>
  )
}

export function SessionsScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Sessions">
      {(connection) => <SessionList connection={connection} />}
    </ConnectionGate>
  )
}
