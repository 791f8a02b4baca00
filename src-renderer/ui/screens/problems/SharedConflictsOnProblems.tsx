import { useLiveQuery } from 'dexie-react-hooks'
import type { ActiveConnection } from '../../../settings'
import { sharedConflicts } from '../../../shared-books'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { CountConflict } from '../day-close/CountConflict'
import { SharedConflictItem } from '../settings/SharedConflictsList'

/**
 * Records changed here and on another PC before either heard of the other
 * (docs/shared-books.md#conflicts), all in one place: two counts of a session or a count and its
 * reopen, two names of a location, an edit and a deletion. Each shows both versions in words and
 * the choice, as Day close and Settings do. Shown only while there are some.
 */
export function SharedConflictsOnProblems({
  connection,
}: {
  connection: ActiveConnection
}): React.JSX.Element | null {
  const { db, profile } = connection
  const conflicts = useLiveQuery(() => sharedConflicts(db), [db])
  if (!conflicts || conflicts.length === 0) return null
  const timeZone = effectiveTimeZone(profile)
  const currencyOf = (body: unknown): string =>
    (body as { currency?: string | null } | null)?.currency ?? profile.currency ?? 'XXX'
  return (
    <section aria-labelledby="shared-conflicts-title" className="panel">
      <h2 id="shared-conflicts-title">Changed on two PCs ({conflicts.length})</h2>
      <p className="muted">
        Until you choose, the version the shared books took first stands on every PC; this PC’s is
        kept beside it, nothing is dropped.
      </p>
      <ul className="problem-list shared-conflicts">
        {conflicts.map((conflict) =>
          conflict.kind === 'reconciliation' ? (
            <li key={conflict.ref}>
              <strong>Count of session {conflict.key}</strong>
              <CountConflict
                db={db}
                sessionId={conflict.key}
                currency={currencyOf(conflict.theirs.body ?? conflict.mine)}
                timeZone={timeZone}
              />
            </li>
          ) : (
            <SharedConflictItem key={conflict.ref} db={db} conflict={conflict} />
          ),
        )}
      </ul>
    </section>
  )
}
