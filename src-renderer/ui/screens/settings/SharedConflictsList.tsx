import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import { sharedConflicts } from '../../../shared-books'
import type { SharedConflict } from '../../../shared-books'
import { conflictRecordLabel, versionDifferences } from '../../../shared-books'
import { BothVersions } from '../../components/two-pcs/BothVersions'
import { pcLabel } from '../../../shared-books'

/** One record changed here and on another PC: both versions in words, and the choice. */
export function SharedConflictItem({
  db,
  conflict,
}: {
  db: TillDatabase
  conflict: SharedConflict
}): React.JSX.Element {
  const other = pcLabel(conflict.theirs.by, [])
  const theirs = conflict.theirs.deleted ? null : conflict.theirs.body
  const label = conflictRecordLabel(conflict.kind, conflict.key, conflict.mine, theirs)
  return (
    <li aria-label={label}>
      <strong>{label}</strong> was changed here and on {other}.
      <BothVersions
        db={db}
        conflictRef={conflict.ref}
        other={other}
        label={`${label}: this PC and ${other}`}
        rowHeading="What"
        choices={[
          { choice: 'theirs', words: `Keep ${other}’s` },
          { choice: 'mine', words: 'Use this PC’s' },
        ]}
      >
        {versionDifferences(conflict.mine, theirs).map((d) => (
          <tr key={d.field}>
            <th scope="row">{d.field}</th>
            <td>{d.mine}</td>
            <td>{d.theirs}</td>
          </tr>
        ))}
      </BothVersions>
    </li>
  )
}

/**
 * Records another PC changed first while this PC changed them too (docs/shared-books.md#conflicts),
 * counts aside (Day close shows those side by side): each with both versions in words, until a
 * person keeps theirs or sends this PC's over it.
 */
export function SharedConflictsList({ db }: { db: TillDatabase }): React.JSX.Element | null {
  const conflicts = useLiveQuery(() => sharedConflicts(db), [db])
  const shown = conflicts?.filter((c) => c.kind !== 'reconciliation') ?? []
  if (shown.length === 0) return null
  return (
    <section aria-label="Changed on two PCs">
      <h3>Changed on two PCs</h3>
      <p>
        Until you choose, the other PC’s version stands on every PC, as the shared books took it
        first; this PC’s is kept beside it, nothing is dropped. “Use this PC’s” sends this PC’s
        version over the other.
      </p>
      <ul className="shared-conflicts">
        {shown.map((conflict) => (
          <SharedConflictItem key={conflict.ref} db={db} conflict={conflict} />
        ))}
      </ul>
    </section>
  )
}
