import type { ReactNode } from 'react'
import { useActiveConnection } from '../hooks/use-active-connection'
import type { ActiveConnection } from '../../jobs/connection/active-connection'
import { effectiveTimeZone } from '../../domain/format/effective-time-zone'

const counted = new Intl.NumberFormat()

/** The designed states before a screen has a connection to read from. */
export function ConnectionGate({
  title,
  children,
}: {
  title: string
  children: (connection: ActiveConnection) => ReactNode
}): React.JSX.Element {
  const state = useActiveConnection()
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {state.status === 'loading' && !state.upgrade && (
        <p role="status">Opening your shop’s data…</p>
      )}
      {state.status === 'loading' && state.upgrade && (
        <p role="status">
          Bringing the export log up to this version of Till: {counted.format(state.upgrade.done)}{' '}
          of {counted.format(state.upgrade.total)} records
          <progress value={state.upgrade.done} max={Math.max(1, state.upgrade.total)} />
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="error">
          Till could not open its saved data: {state.message}
        </p>
      )}
      {state.status === 'none' && (
        <p className="empty-state">
          No connection yet. <a href="#/settings">Set one up in Settings</a>, or use the demo shop.
        </p>
      )}
      {state.status === 'ready' && !state.connection.profile.timezone && (
        <p className="notice">
          Times and business dates use this PC’s time zone (
          {effectiveTimeZone(state.connection.profile)}) until Till learns your shop’s.{' '}
          <a href="#/settings">Set it in Settings</a>.
        </p>
      )}
      {state.status === 'ready' && children(state.connection)}
    </section>
  )
}
