import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { ActiveConnection } from '../../app/active-connection'
import { effectiveTimeZone } from '../../sync/sync-controller'
import { formatMoney } from '../../format/money'
import { formatDateTime } from '../../format/time'
import { ConnectionGate } from '../ConnectionGate'

const RECENT_SESSIONS = 60

function SessionBills({
  connection,
  sessionId,
}: {
  connection: ActiveConnection
  sessionId: string
}): React.JSX.Element {
  const { db, profile } = connection
  const timeZone = effectiveTimeZone(profile)
  const bills = useLiveQuery(
    () =>
      db.bills
        .where('[registerSessionId+createdAt]')
        .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
        .reverse()
        .toArray(),
    [db, sessionId],
  )
  if (!bills) return <p role="status">Loading bills…</p>
  return (
    <table aria-label={`Bills of session ${sessionId}`}>
      <thead>
        <tr>
          <th scope="col">Bill</th>
          <th scope="col">Time ({timeZone})</th>
          <th scope="col">Type</th>
          <th scope="col" className="amount">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {bills.map((bill) => (
          <tr key={bill.id}>
            <td>{bill.number}</td>
            <td>{formatDateTime(bill.createdAt, timeZone)}</td>
            <td>{bill.type}</td>
            <td className="amount">{formatMoney(bill.total, bill.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SessionList({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db } = connection
  const [open, setOpen] = useState<string | null>(null)
  const sessions = useLiveQuery(
    () => db.sessions.orderBy('businessDate').reverse().limit(RECENT_SESSIONS).toArray(),
    [db],
  )
  if (!sessions) return <p role="status">Loading sessions…</p>
  if (sessions.length === 0)
    return (
      <p className="empty-state">
        Nothing synced yet. The first sync fetches today’s sessions first.
      </p>
    )
  return (
    <div className="sessions">
      <table aria-label="Register sessions">
        <thead>
          <tr>
            <th scope="col">Business date</th>
            <th scope="col">Location</th>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} aria-selected={s.id === open}>
              <td>{s.businessDate}</td>
              <td>{s.locationId}</td>
              <td>
                <button
                  type="button"
                  className="link"
                  onClick={() => setOpen(s.id === open ? null : s.id)}
                >
                  {s.id}
                </button>
              </td>
              <td>{s.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && <SessionBills connection={connection} sessionId={open} />}
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
