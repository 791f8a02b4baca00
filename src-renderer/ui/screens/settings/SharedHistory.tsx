import { useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { SharedHistoryItem } from '../../../../src-shared/bridge/contract'
import { listDestinations } from '../../../exports'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { historyLines } from '../../../shared-books'
import type { ActiveConnection } from '../../../settings'
import { useBridge } from '../../hooks/bridge-context'

/** How many of the latest changes are listed. */
const SHOWN = 50

/**
 * Settings → Shared books → Recent changes (docs/shared-books.md#history): what each PC did
 * lately, read from the books when the panel opens, so a manager sees what the other PC did
 * tonight.
 */
export function SharedHistory({
  connection,
  storeId,
}: {
  connection: ActiveConnection
  storeId: string
}): React.JSX.Element {
  const bridge = useBridge()
  const { db, profile } = connection
  const [items, setItems] = useState<SharedHistoryItem[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const destinations = useLiveQuery(() => listDestinations(db), [db])
  useEffect(() => {
    bridge.call('sharedBooks.history', { profileId: profile.id, storeId, limit: SHOWN }).then(
      (answer) => setItems(answer.items),
      (error: Error) => setProblem(error.message),
    )
  }, [bridge, profile.id, storeId])
  const names = new Map((destinations ?? []).map((d) => [d.id, d.name]))
  const lines = items ? historyLines(items, effectiveTimeZone(profile), names) : []
  return (
    <section aria-label="Recent changes">
      <h3>Recent changes</h3>
      {problem !== null && <p className="error">Till could not read them: {problem}</p>}
      {items?.length === 0 && <p className="muted">Nothing yet.</p>}
      {lines.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">PC</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td>{line.when}</td>
                <td>{line.who}</td>
                <td>{line.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
