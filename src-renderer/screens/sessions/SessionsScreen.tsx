import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useId, useState, type RefCallback } from 'react'
import type { ActiveConnection } from '../../app/active-connection'
import { locationLabel, useLocationNames, type LocationNames } from '../../cache/location-names'
import type { RegisterSession } from '../../cache/records'
import { formatMoney } from '../../format/money'
import { formatDateTime } from '../../format/time'
import { currentFigures } from '../../ledger/load-session'
import { readReconciliation } from '../../ledger/reconciliation-record'
import { effectiveTimeZone } from '../../sync/sync-controller'
import { ConnectionGate } from '../ConnectionGate'
import { SessionDetail } from './SessionDetail'

const PAGE = 60

/**
 * Whether an element has been on screen (or within `margin` of it) since it mounted: lets a row
 * fetch what it shows only once someone can see it, and keep it when scrolled away.
 */
function useSeen<T extends Element>(margin = '200px'): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(false)
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
 * A session's headline figures, read once its row has been on screen: each reads every bill of
 * its session, so rows below the fold wait. Keyed on what the figures depend on, not on the row's
 * object, which every change to the sessions table replaces.
 */
function useSessionSummary(
  connection: ActiveConnection,
  { id, openingCash }: RegisterSession,
  seen: boolean,
) {
  const { db } = connection
  return useLiveQuery(async () => {
    if (!seen) return undefined
    const [figures, stored] = await Promise.all([
      currentFigures(db, { id, openingCash }),
      db.reconciliations.get(id),
    ])
    const reconciliation = readReconciliation(stored)
    return { figures, reconciliation: reconciliation.state === 'ok' ? reconciliation.record : null }
  }, [db, id, openingCash, seen])
}

function statusLabel(session: RegisterSession, changedAfter: boolean): string {
  const base =
    session.status === 'reconciled' ? 'Reconciled' : session.status === 'closed' ? 'Closed' : 'Open'
  return changedAfter ? `${base} — changed since` : base
}

function SessionRow({
  connection,
  session,
  currency,
  names,
  selected,
  onOpen,
}: {
  connection: ActiveConnection
  session: RegisterSession
  currency: string | null
  names: LocationNames
  selected: boolean
  onOpen(): void
}): React.JSX.Element {
  const [rowRef, seen] = useSeen<HTMLTableRowElement>()
  const summary = useSessionSummary(connection, session, seen)
  const money = (minor: number | undefined): string =>
    minor === undefined ? '…' : currency ? formatMoney(minor, currency) : String(minor)
  const reconciled = session.status === 'reconciled' ? summary?.reconciliation : null
  const figures = summary?.figures
  return (
    <tr ref={rowRef} aria-selected={selected}>
      <td>{session.businessDate}</td>
      <td>{locationLabel(session.locationId, names)}</td>
      <td>
        <button type="button" className="link" onClick={onOpen} aria-expanded={selected}>
          {session.id}
        </button>
      </td>
      <td>{statusLabel(session, Boolean(reconciled?.changedAfterAt))}</td>
      <td className="amount">{figures ? figures.saleCount : '…'}</td>
      <td className="amount">{figures ? figures.refundCount + figures.voidCount : '…'}</td>
      <td className="amount">{money(figures?.netSales)}</td>
      <td className="amount">{money(figures?.totalCollected)}</td>
      <td className="amount">{reconciled ? money(reconciled.count.cashVariance) : '—'}</td>
    </tr>
  )
}

function SessionList({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const id = useId()
  const [open, setOpen] = useState<RegisterSession | null>(null)
  const [location, setLocation] = useState('')
  const [limit, setLimit] = useState(PAGE)
  const names = useLocationNames(db)
  const locations = useLiveQuery(
    async () => [
      ...new Set(
        (await db.sessions.orderBy('[locationId+businessDate]').uniqueKeys()).map(
          (k) => (k as unknown as [string])[0],
        ),
      ),
    ],
    [db],
  )
  const sessions = useLiveQuery(
    () =>
      location
        ? db.sessions
            .where('[locationId+businessDate]')
            .between([location, Dexie.minKey], [location, Dexie.maxKey])
            .reverse()
            .limit(limit)
            .toArray()
        : db.sessions.orderBy('businessDate').reverse().limit(limit).toArray(),
    [db, location, limit],
  )
  const currency = profile.currency
  const timeZone = effectiveTimeZone(profile)
  if (!sessions) return <p role="status">Loading sessions…</p>
  if (sessions.length === 0 && !location)
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
        <span className="muted">Business dates in {timeZone}</span>
      </div>
      <table aria-label="Register sessions">
        <thead>
          <tr>
            <th scope="col">Business date</th>
            <th scope="col">Location</th>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col" className="amount">
              Sales
            </th>
            <th scope="col" className="amount">
              Refunds and voids
            </th>
            <th scope="col" className="amount">
              Net sales
            </th>
            <th scope="col" className="amount">
              Collected
            </th>
            <th scope="col" className="amount">
              Cash variance
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <SessionRow
              key={s.id}
              connection={connection}
              session={s}
              currency={currency}
              names={names}
              selected={s.id === open?.id}
              onOpen={() => setOpen(s.id === open?.id ? null : s)}
            />
          ))}
        </tbody>
      </table>
      {sessions.length === limit && (
        <button type="button" onClick={() => setLimit((l) => l + PAGE)}>
          Show older sessions
        </button>
      )}
      {open && (
        <SessionDetail
          key={open.id}
          connection={connection}
          session={open}
          locationName={locationLabel(open.locationId, names)}
          onClose={() => setOpen(null)}
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
