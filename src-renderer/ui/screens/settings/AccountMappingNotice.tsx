import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { defaultedInRange, readDestinationMapping } from '../../../exports'
import { roleLabel, type DefaultedAccount } from '../../../exports'
import type { Destination } from '../../../exports'
import type { ExportRange } from '../../../exports'

/**
 * On the Exports screen, before exporting: the methods, taxes and expense categories of the
 * range that the destination's mapping does not cover, which the export would post to a default
 * account.
 */
export function UnmappedRolesNotice({
  db,
  destination,
  range,
}: {
  db: TillDatabase
  destination: Destination
  range: ExportRange
}): React.JSX.Element | null {
  const mapping = useLiveQuery(
    () => readDestinationMapping(db, destination.id),
    [db, destination.id],
  )
  const [defaulted, setDefaulted] = useState<DefaultedAccount[]>([])
  const { from, to, locationId } = range

  useEffect(() => {
    if (!mapping || from === '' || to === '' || from > to) return
    const abort = new AbortController()
    defaultedInRange(db, mapping, { from, to, locationId }, abort.signal).then(
      (found) => {
        if (!abort.signal.aborted) setDefaulted(found)
      },
      () => setDefaulted([]),
    )
    return () => abort.abort()
  }, [db, mapping, from, to, locationId])

  if (defaulted.length === 0) return null
  return (
    <div className="notice" role="note" aria-label="Unmapped accounts">
      <p>
        Not mapped yet: this range would post these to a default account.{' '}
        <a href="#/settings/account-mapping">Map them in Settings</a> before exporting; a mapping
        saved later applies only to later exports.
      </p>
      <ul>
        {defaulted.map((d) => (
          <li key={d.roleKey}>
            {roleLabel(d.role)} → {d.account.code} {d.account.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
