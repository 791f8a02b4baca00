import type { ReactNode } from 'react'
import { useActiveConnection } from '../hooks/use-active-connection'
import type { ActiveConnection } from '../../settings'
import { effectiveTimeZone } from '../../format/effective-time-zone'
import type { UpgradeStep } from '../../database/migrations/migration'

const counted = new Intl.NumberFormat()

/** What each long upgrade of the cache is doing, and what it counts, in words. */
const UPGRADE_WORDS: Record<UpgradeStep, { doing: string; units: string }> = {
  'export-log': {
    doing: 'Bringing the export log up to this version of Till',
    units: 'records',
  },
  payments: {
    doing: 'Moving the payments onto their bills for this version of Till',
    units: 'register sessions',
  },
}

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
          {UPGRADE_WORDS[state.upgrade.step].doing}: {counted.format(state.upgrade.done)} of{' '}
          {counted.format(state.upgrade.total)} {UPGRADE_WORDS[state.upgrade.step].units}
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
