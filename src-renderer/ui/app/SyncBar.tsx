import { useSyncExternalStore } from 'react'
import type { SyncController, SyncState } from '../../sync'
import { effectiveTimeZone } from '../../format/effective-time-zone'
import { timeLeftText, type SyncPhase } from '../../sync'
import { formatDateTime } from '../../format/time'
import { useActiveConnection } from '../hooks/use-active-connection'

const PHASES: Record<SyncPhase, string> = {
  idle: 'Starting',
  recent: 'Fetching recent bills',
  history: 'Fetching older bills',
  updates: 'Fetching changes',
  details: 'Fetching bill details',
  expenses: 'Fetching expenses',
  live: 'Live update',
}

const count = new Intl.NumberFormat()

function useSyncState(sync: SyncController): SyncState {
  return useSyncExternalStore(
    (listener) => sync.subscribe(listener),
    () => sync.getState(),
  )
}

function lastSynced(at: number | null, timeZone: string): string {
  if (at === null) return 'Not synced yet'
  return `Last synced ${formatDateTime(at, timeZone)}`
}

/** Sync now, cancel, progress with a visible count, last success, offline and problem states. */
export function SyncBar(): React.JSX.Element | null {
  const connection = useActiveConnection()
  if (connection.status !== 'ready') return null
  return (
    <SyncControls
      sync={connection.connection.sync}
      timeZone={effectiveTimeZone(connection.connection.profile)}
    />
  )
}

/**
 * A run the person started shows its progress and turns the button into "Cancel sync"; sweeps and
 * webhook-driven fetches show as a quiet line and leave "Sync now" as it is (pressing it makes the
 * run theirs). The first sync shows its progress whoever started it.
 */
function SyncControls({
  sync,
  timeZone,
}: {
  sync: SyncController
  timeZone: string
}): React.JSX.Element {
  const state = useSyncState(sync)
  const { progress } = state
  const watched = state.running && (state.manual || state.lastSuccessAt === null)
  const label = progress
    ? `${PHASES[progress.phase]}: ${count.format(progress.done)}${progress.total !== null ? ` of ${count.format(progress.total)}` : ''}`
    : ''
  return (
    <div className="sync-bar">
      {state.running && state.manual ? (
        <button type="button" onClick={() => sync.cancel()}>
          Cancel sync
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void sync.syncNow({ manual: true })}
          disabled={state.stopped !== null}
        >
          Sync now
        </button>
      )}
      {watched && (
        <div className="sync-progress">
          <progress
            aria-label="Sync progress"
            max={progress?.total ?? undefined}
            value={progress?.total ? progress.done : undefined}
            aria-valuetext={label}
          />
          <span className="sync-count">
            {label}
            {progress && progress.rate > 0 && ` · ${count.format(Math.round(progress.rate))}/s`}
            {progress?.etaSeconds != null && ` · ${timeLeftText(progress.etaSeconds)}`}
          </span>
        </div>
      )}
      {state.running && !watched && (
        <span role="status" className="muted sync-background">
          Checking for changes…
        </span>
      )}
      {state.addingUp && (
        <span role="status" className="muted sync-background">
          Adding up saved bills: {count.format(state.addingUp.done)} of{' '}
          {count.format(state.addingUp.total)}
        </span>
      )}
      {!watched && <span className="muted">{lastSynced(state.lastSuccessAt, timeZone)}</span>}
      {state.offline && (
        <span role="status" className="badge warning">
          Offline — showing what Till has saved
        </span>
      )}
      {state.stopped && (
        <span role="alert" className="error">
          {state.stopped}
        </span>
      )}
      {state.problem && !state.offline && !state.stopped && (
        <span role="alert" className="error">
          {state.problem.message}
        </span>
      )}
      {(['bills', 'expenses'] as const).map((area) => {
        const access = state.areas[area]
        return access.enabled ? null : (
          <span key={area} role="status" className="badge warning" title={access.reason}>
            {area === 'bills' ? 'Bills' : 'Expenses'} not allowed: {access.reason}
          </span>
        )
      })}
    </div>
  )
}
