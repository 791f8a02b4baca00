import { useEffect, useState, useSyncExternalStore } from 'react'
import type { SharedBooksStatus as Status } from '../../../src-shared/bridge/contract'
import type { ActiveConnection } from '../../settings'
import { waitingCount } from '../../shared-books'
import { sharedConflicts } from '../../shared-books'
import { useBridge } from '../hooks/bridge-context'
import { useActiveConnection } from '../hooks/use-active-connection'
import { useRecomputed } from '../hooks/use-recomputed'
import { useWriteCount } from '../hooks/use-write-count'
import { onConflictWrites, onOutboxWrites } from '../../database/table-writes'
import { minutesSince } from '../../format/time-since'

/** How often "last reached N minutes ago" is worked out again. */
const TICK_MS = 30_000

/**
 * The reach part of the line: connected, refusing changes and why, or when the books last
 * answered and why not now.
 */
function reachText(status: Status | null, now: number): string {
  if (status === null) return 'checking…'
  if (status.state === 'connected') return 'connected'
  if (status.state === 'off') return 'off'
  if (status.state === 'refusing') return `answering, but refusing changes (${status.message})`
  const since =
    status.lastReachedAt === null
      ? 'not reached yet'
      : `last reached ${minutesSince(status.lastReachedAt, now)} ago`
  return status.message ? `${since} (${status.message})` : since
}

/** The navigation's line on shared books; nothing while this connection has not joined them. */
export function SharedBooksStatus(): React.JSX.Element | null {
  const state = useActiveConnection()
  if (state.status !== 'ready') return null
  return <JoinedStatus connection={state.connection} />
}

function JoinedStatus({ connection }: { connection: ActiveConnection }): React.JSX.Element | null {
  const { sharedBooks, db, profile } = connection
  const joined = useSyncExternalStore(
    (listener) => sharedBooks.subscribe(listener),
    () => sharedBooks.joined,
  )
  const bridge = useBridge()
  const [status, setStatus] = useState<Status | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const outboxWrites = useWriteCount((heard) => onOutboxWrites(db, heard), [db])
  const conflictWrites = useWriteCount((heard) => onConflictWrites(db, heard), [db])
  const waiting = useRecomputed(() => waitingCount(db), [db, outboxWrites])
  const conflicts = useRecomputed(() => sharedConflicts(db), [db, conflictWrites])

  useEffect(() => {
    if (!joined) return
    const ask = (): void => {
      bridge
        .call('sharedBooks.status', { profileId: profile.id })
        .then(setStatus, (error: Error) =>
          setStatus({ state: 'unreachable', lastReachedAt: null, message: error.message }),
        )
    }
    ask()
    const stop = bridge.on('sharedBooks.status', (event) => {
      if (event.profileId === profile.id) setStatus(event)
    })
    const tick = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => {
      stop()
      clearInterval(tick)
    }
  }, [bridge, joined, profile.id])

  if (!joined) return null
  const parts = [`Shared books: ${reachText(status, now)}`]
  if (waiting) parts.push(`${waiting} change${waiting === 1 ? '' : 's'} waiting to be sent`)
  const counts = conflicts?.filter((c) => c.kind === 'reconciliation').length ?? 0
  const others = (conflicts?.length ?? 0) - counts
  if (counts) parts.push(`${counts} count${counts === 1 ? '' : 's'} to choose on Day close`)
  if (others)
    parts.push(`${others} change${others === 1 ? '' : 's'} to choose in Settings → Shared books`)
  return (
    <p
      className={`shared-books-status ${status?.state === 'unreachable' || status?.state === 'refusing' ? 'error' : 'muted'}`}
      role="status"
      aria-label="Shared books"
    >
      {parts.join(' · ')}
    </p>
  )
}
