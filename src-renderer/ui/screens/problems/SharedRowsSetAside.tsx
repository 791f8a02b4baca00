import { useLiveQuery } from 'dexie-react-hooks'
import type { ActiveConnection } from '../../../settings'
import { setAsideRows } from '../../../shared-books'
import { formatDateTime } from '../../../format/time'
import { effectiveTimeZone } from '../../../format/effective-time-zone'

/**
 * Rows pulled from shared books that did not validate (docs/shared-books.md#pulling): kept aside
 * with the reason and what the books held; the other rows applied. Shown only while there are some.
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
  return (
    <section aria-labelledby="shared-set-aside-title" className="panel">
      <h2 id="shared-set-aside-title">Shared records Till could not read ({rows.length})</h2>
      <p className="muted">
        The shared books held these in a form Till cannot trust, so they were not applied here; the
        other shared records were. A later, readable version from the PC that wrote one takes its
        place.
      </p>
      <ul className="problem-list">
        {rows.map((row) => (
          <li key={row.ref}>
            <strong>
              {row.kind} {row.key}
            </strong>{' '}
            <span className="muted">
              from {row.by}, change {row.change}, seen {formatDateTime(row.seenAt, timeZone)}
            </span>
            <p>{row.reason}</p>
            <details>
              <summary>What the shared books held</summary>
              <pre>{JSON.stringify(row.raw, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}
