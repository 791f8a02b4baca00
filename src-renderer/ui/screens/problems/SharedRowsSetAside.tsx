import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ActiveConnection } from '../../../settings'
import { chooseMovement, pcLabel, setAsideRows, type SetAsideRow } from '../../../shared-books'
import { formatDateTime } from '../../../format/time'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { formatMoney } from '../../../format/format-money'
import { MOVEMENT_LABEL, type CashMovement } from '../../../day-close'

/** A movement kept aside for a rival: the reason in words (both versions), and the choice. */
function HeldMovement({
  connection,
  row,
  timeZone,
}: {
  connection: ActiveConnection
  row: SetAsideRow
  timeZone: string
}): React.JSX.Element {
  const movement = row.raw as CashMovement
  const [error, setError] = useState<string | null>(null)
  const choose = (choice: 'kept' | 'standing'): void => {
    setError(null)
    chooseMovement(connection.db, row.ref, choice).catch((e: Error) => setError(e.message))
  }
  return (
    <li>
      <strong>
        {MOVEMENT_LABEL[movement.kind]}
        {movement.kind !== 'cancel' &&
          ` ${formatMoney(movement.amount, movement.currency)}`} by {movement.by},{' '}
        {formatDateTime(movement.at, timeZone)}
      </strong>
      <p>{row.reason}</p>
      {Boolean(row.held?.rival) && (
        <div className="actions">
          <button type="button" onClick={() => choose('kept')}>
            Use this one instead
          </button>
          <button type="button" onClick={() => choose('standing')}>
            Keep the standing one
          </button>
        </div>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

/**
 * Rows from shared books or a backup that did not validate, in form or in meaning
 * (docs/shared-books.md#pulling): kept aside with the reason and what they held; the other rows
 * applied. Cash movements another PC's
 * rival stands in place of are listed apart, with the choice. Shown only while there are some.
 */
export function SharedRowsSetAside({
  connection,
}: {
  connection: ActiveConnection
}): React.JSX.Element | null {
  const { db, profile } = connection
  const rows = useLiveQuery(() => setAsideRows(db), [db])
  if (!rows || rows.length === 0) return null
  const timeZone = effectiveTimeZone(profile)
  // Movements a rival stands in place of (or that stand with one kept aside); the rest, including
  // rows that wait for their session, are listed with their reasons.
  const isMovementAside = (row: SetAsideRow) =>
    row.held !== undefined && row.held.waits === undefined
  const held = rows.filter(isMovementAside)
  const unread = rows.filter((row) => !isMovementAside(row))
  const pcs = rows.map((row) => row.by)
  return (
    <>
      {held.length > 0 && (
        <section aria-labelledby="shared-held-title" className="panel">
          <h2 id="shared-held-title">Cash movements made on two PCs ({held.length})</h2>
          <ul className="problem-list">
            {held.map((row) => (
              <HeldMovement key={row.ref} connection={connection} row={row} timeZone={timeZone} />
            ))}
          </ul>
        </section>
      )}
      {unread.length > 0 && (
        <section aria-labelledby="shared-set-aside-title" className="panel">
          <h2 id="shared-set-aside-title">Records set aside from outside ({unread.length})</h2>
          <p className="muted">
            The shared books or a backup held these in a form, or with a meaning, Till cannot trust
            here, so they were not applied; the other records were. A later, readable version from
            the PC that wrote one takes its place; one that waits for its session is applied once
            the session syncs.
          </p>
          <ul className="problem-list">
            {unread.map((row) => (
              <li key={row.ref}>
                <strong>
                  {row.kind} {row.key}
                </strong>{' '}
                <span className="muted">
                  from {pcLabel(row.by, pcs)}
                  {row.change > 0 && `, change ${row.change}`}, seen{' '}
                  {formatDateTime(row.seenAt, timeZone)}
                </span>
                <p>{row.reason}</p>
                <details>
                  <summary>What it held</summary>
                  <pre>{JSON.stringify(row.raw, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
