import type { ProfileView, ScheduledExportState } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { effectiveTimeZone } from '../../format/effective-time-zone'
import { latestSessionClose } from '../../sessions/tables/load-session'
import { onSessionWrites } from '../../database/table-writes'
import { runScheduledExport } from './schedule-run'
import type { SharedExportCommit } from './export-options'
import { dueCheck } from './schedule-trigger'

const CHECK_EVERY_MS = 30_000

/**
 * Runs a connection's scheduled export when it is due: on every change to the cache's sessions
 * (a session closed) and every half minute (the nightly time). Owned by the active connection
 * like its sync, from its opening to its close; one run at a time.
 */
export class ScheduledExporter {
  private readonly listeners = new Set<(state: ScheduledExportState) => void>()
  /** The cache's latest session close; undefined until first read. */
  private latestClosedAt: number | null | undefined = undefined
  /** Reads of the latest close started; only the last one's answer is kept. */
  private closeReads = 0
  private running = false
  private stopped = false
  private timer: ReturnType<typeof setInterval> | null = null
  private unfollowSessions: (() => void) | null = null

  constructor(
    private readonly bridge: TillBridge,
    private readonly profile: ProfileView,
    private readonly db: TillDatabase,
    /** The commit to shared books while the connection has joined them. */
    private readonly sharedCommit: () => SharedExportCommit | undefined = () => undefined,
  ) {}

  start(): void {
    if (this.stopped || this.timer) return
    // Not a live query: one open between two closes would hold every bill key synced meanwhile.
    this.unfollowSessions = onSessionWrites(this.db, () => this.readLatestClose())
    this.readLatestClose()
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS)
  }

  /** No check starts after this; a run under way ends on its own and is recorded. */
  stop(): void {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.unfollowSessions?.()
  }

  /** Tells the Settings panel about each run as it is recorded. */
  onRun(listener: (state: ScheduledExportState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private readLatestClose(): void {
    const read = ++this.closeReads
    latestSessionClose(this.db).then(
      (closedAt) => {
        if (read !== this.closeReads) return
        this.latestClosedAt = closedAt
        this.check()
      },
      // The cache closed or failed a read: the half-minute check keeps the last value it had.
      () => undefined,
    )
  }

  private check(): void {
    const latestClosedAt = this.latestClosedAt
    if (this.stopped || latestClosedAt === undefined || this.running) return
    this.running = true
    const { bridge, db, profile } = this
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
        sharedCommit: this.sharedCommit(),
      })
      for (const listener of this.listeners) listener(recorded)
    })()
      // Main did not answer: the next check asks again. A failed run itself is recorded.
      .catch(() => undefined)
      .finally(() => (this.running = false))
  }
}
