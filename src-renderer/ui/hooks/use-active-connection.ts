import { createContext, useContext, useEffect, useState } from 'react'
import type { TillBridge } from '../../bridge/bridge-client'
import { activeConnection, openDatabase, type ActiveConnection } from '../../settings'
import { closeConnection } from '../../settings'
import { effectiveTimeZone } from '../../format/effective-time-zone'
import { formatDateTime } from '../../format/time'
import type { UpgradeStep } from '../../database/migrations/migration'

export type ConnectionState =
  /** `upgrade`: how far the upgrade of a cache from an earlier Till has come, while it runs. */
  | { status: 'loading'; upgrade?: { done: number; total: number; step: UpgradeStep } }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'ready'; connection: ActiveConnection }

export const ActiveConnectionContext = createContext<ConnectionState>({ status: 'loading' })

export function useActiveConnection(): ConnectionState {
  return useContext(ActiveConnectionContext)
}

/**
 * Writes a moment as every screen does: in the active shop's zone (this PC's while there is no
 * connection or the shop's zone is not known yet).
 */
export function useFormatMoment(): (moment: number | string) => string {
  const state = useActiveConnection()
  const timeZone =
    state.status === 'ready'
      ? effectiveTimeZone(state.connection.profile)
      : Intl.DateTimeFormat().resolvedOptions().timeZone
  return (moment) =>
    formatDateTime(typeof moment === 'string' ? Date.parse(moment) : moment, timeZone)
}

/** Opens the active connection's cache and runs its sync; follows changes of connection. */
export function useConnectionLifecycle(bridge: TillBridge): ConnectionState {
  const [state, setState] = useState<ConnectionState>({ status: 'loading' })
  const [revision, setRevision] = useState(0)

  useEffect(() => bridge.on('profiles.changed', () => setRevision((r) => r + 1)), [bridge])

  useEffect(() => {
    let cancelled = false
    let opened: ActiveConnection | null = null
    void (async () => {
      try {
        const [{ profiles }, info] = await Promise.all([
          bridge.call('profiles.list'),
          bridge.call('app.info'),
        ])
        const profile = profiles.find((p) => p.active)
        if (!profile) {
          if (!cancelled) setState({ status: 'none' })
          return
        }
        const db = await openDatabase(profile, info.demo, (done, total, step) => {
          if (!cancelled) setState({ status: 'loading', upgrade: { done, total, step } })
        })
        if (cancelled) return db.close()
        opened = activeConnection(bridge, profile, db)
        setState({ status: 'ready', connection: opened })
        opened.scheduledExports.start()
        void opened.sharedBooks.start()
        opened.depositMatching.start()
        await opened.sync.start()
      } catch (error) {
        if (!cancelled)
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
          })
      }
    })()
    return () => {
      cancelled = true
      if (opened) void closeConnection(opened)
    }
  }, [bridge, revision])

  return state
}
