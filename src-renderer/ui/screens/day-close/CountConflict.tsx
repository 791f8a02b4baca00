import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import { countConflict } from '../../../shared-books'
import { readReconciliation, type SessionReconciliation } from '../../../day-close'
import type { Reconciliation } from '../../../database/cached-records'
import { formatMoney } from '../../../format/format-money'
import { varianceText } from './Variance'
import { formatDateTime } from '../../../format/time'
import { BothVersions } from '../../components/two-pcs/BothVersions'
import { pcLabel } from '../../../shared-books'

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
      variance {varianceText(record.count.cashVariance, currency)}
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
  if (!conflict) return null
  const other = pcLabel(conflict.theirs.by, [])
  return (
    <div className="count-conflict" role="group" aria-label="Two counts of this session">
      <h3>Counted on two PCs</h3>
      <p>
        This session was counted here and on {other}. Until you choose, {other}’s count stands on
        every PC, as the shared books took it first; this PC’s is kept beside it, not dropped.
      </p>
      <BothVersions
        db={db}
        conflictRef={conflict.ref}
        other={other}
        label="Both counts"
        choices={[
          { choice: 'mine', words: 'Keep this PC’s count' },
          { choice: 'theirs', words: `Keep ${other}’s count` },
        ]}
      >
        <tr>
          <CountColumn record={readable(conflict.mine)} currency={currency} timeZone={timeZone} />
          <CountColumn
            record={readable(conflict.theirs.body)}
            currency={currency}
            timeZone={timeZone}
          />
        </tr>
      </BothVersions>
    </div>
  )
}
