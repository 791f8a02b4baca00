import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import { countConflict } from '../../../shared-books'
import { countVersionLines } from './count-version-words'
import { BothVersions } from '../../components/two-pcs/BothVersions'
import { pcLabel } from '../../../shared-books'

function CountColumn({
  body,
  currency,
  timeZone,
}: {
  body: unknown
  currency: string
  timeZone: string
}): React.JSX.Element {
  const [first, ...more] = countVersionLines(body, currency, timeZone)
  return (
    <td>
      <strong>{first}</strong>
      {more.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
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
          <CountColumn body={conflict.mine} currency={currency} timeZone={timeZone} />
          <CountColumn
            body={conflict.theirs.deleted ? null : conflict.theirs.body}
            currency={currency}
            timeZone={timeZone}
          />
        </tr>
      </BothVersions>
    </div>
  )
}
