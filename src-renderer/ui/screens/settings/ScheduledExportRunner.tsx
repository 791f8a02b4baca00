import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState } from 'react'
import type { ScheduledExportState } from '../../../../src-shared/bridge/contract'
import { useActiveConnection } from '../../app/active-connection'
import { useBridge } from '../../../bridge/context'
import { latestSessionClose, runScheduledExport } from '../../../work/exports/schedule-run'
import { dueCheck } from '../../../work/exports/schedule-trigger'
import { effectiveTimeZone } from '../../../work/sync/sync-controller'

const listeners = new Set<(state: ScheduledExportState) => void>()

/** Tells the Settings panel about each run as it is recorded. */
export function onScheduledRun(listener: (state: ScheduledExportState) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const CHECK_EVERY_MS = 30_000

/**
 * Runs the active connection's scheduled export when it is due: on every change to the cache's
 * sessions (a session closed) and every half minute (the nightly time). Mounted once, for as
 * long as the app is open; one run at a time.
 */
export function ScheduledExportRunner(): null {
  const bridge = useBridge()
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const latestClosedAt = useLiveQuery(
    () => (connection ? latestSessionClose(connection.db) : undefined),
    [connection],
  )
  const [tick, setTick] = useState(0)
  const running = useRef(false)

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), CHECK_EVERY_MS)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (!connection || latestClosedAt === undefined || running.current) return
    running.current = true
    const { db, profile } = connection
    void (async () => {
      const schedule = await bridge.call('exports.schedule.get', { profileId: profile.id })
      const now = new Date()
      const due = dueCheck(schedule.settings, schedule.watermark, now, latestClosedAt)
      if (!due.due) return
      const recorded = await runScheduledExport({
        bridge,
        db,
        profile,
        timeZone: effectiveTimeZone(profile),
        state: schedule,
        watermark: due.watermark,
        now,
      })
      for (const listener of listeners) listener(recorded)
    })()
      // Main did not answer: the next check asks again. A failed run itself is recorded.
      .catch(() => undefined)
      .finally(() => (running.current = false))
  }, [bridge, connection, latestClosedAt, tick])

  return null
}
