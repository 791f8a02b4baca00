import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../cache/database'
import { chooseVersion, countConflict } from '../../../cache/shared-apply'
import {
  readReconciliation,
  type SessionReconciliation,
} from '../../../cache/reconciliation-schema'
import type { Reconciliation } from '../../../cache/cached-records'
import { formatMoney } from '../../../domain/format/format-money'
import { formatDateTime } from '../../../domain/format/time'

/** One count as the comparison shows it; null for one Till cannot read. */
function readable(body: unknown): SessionReconciliation | null {
  const read = readReconciliation(body as Reconciliation)
  return read.state === 'ok' ? read.record : null
}

function CountColumn({
  record,
  currency,
  timeZone,
}: {
  record: SessionReconciliation | null
  currency: string
  timeZone: string
}): React.JSX.Element {
  if (!record) return <td>Unreadable</td>
  return (
    <td>
      <strong>{formatMoney(record.countedCash, currency)}</strong> counted
      <br />
      variance {formatMoney(record.count.cashVariance, currency)}
      <br />
      by {record.reconciledBy}, {formatDateTime(record.reconciledAt, timeZone)}
      {record.varianceNote && (
        <>
          <br />“{record.varianceNote}”
        </>
      )}
    </td>
  )
}

/**
 * Two PCs counted this session (docs/shared-books.md#reconciliations): both counts side by side,
 * and a person chooses the one that stands; neither is dropped silently.
 */
export function CountConflict({
  db,
  sessionId,
  currency,
  timeZone,
}: {
  db: TillDatabase
  sessionId: string
  currency: string
  timeZone: string
}): React.JSX.Element | null {
  const conflict = useLiveQuery(() => countConflict(db, sessionId), [db, sessionId])
  const [error, setError] = useState<string | null>(null)
  if (!conflict) return null
  const choose = (choice: 'mine' | 'theirs'): void => {
    setError(null)
    chooseVersion(db, conflict.ref, choice).catch((e: Error) => setError(e.message))
  }
  const other = conflict.theirs.by
  return (
    <div className="count-conflict" role="group" aria-label="Two counts of this session">
      <h3>Counted on two PCs</h3>
      <p>
        This session was counted here and on {other}. Till keeps both until you choose the one that
        stands; the other is set aside.
      </p>
      <table aria-label="Both counts">
        <thead>
          <tr>
            <th scope="col">This PC</th>
            <th scope="col">{other}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <CountColumn record={readable(conflict.mine)} currency={currency} timeZone={timeZone} />
            <CountColumn
              record={readable(conflict.theirs.body)}
              currency={currency}
              timeZone={timeZone}
            />
          </tr>
        </tbody>
      </table>
      <div className="actions">
        <button type="button" onClick={() => choose('mine')}>
          Keep this PC’s count
        </button>
        <button type="button" onClick={() => choose('theirs')}>
          Keep {other}’s count
        </button>
      </div>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
