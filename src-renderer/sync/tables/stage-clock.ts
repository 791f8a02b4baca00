/** The stages of a sync, each busy while at least one piece of its work is under way. */
const SYNC_STAGES = ['listing', 'details', 'commit'] as const
export type SyncStage = (typeof SYNC_STAGES)[number]

export type StageTimes = Record<SyncStage, number>

/**
 * Busy milliseconds of each stage of one sync: the wall time during which the stage had work under
 * way, however much of it at once (two detail calls in flight for the same second count one
 * second). The stages overlap one another, so their times add up to more than the sync's when the
 * pipeline works; the largest one is what bounds the sync.
 */
export class StageClock {
  private readonly busy: StageTimes = { listing: 0, details: 0, commit: 0 }
  private readonly open: Record<SyncStage, { count: number; since: number }> = {
    listing: { count: 0, since: 0 },
    details: { count: 0, since: 0 },
    commit: { count: 0, since: 0 },
  }

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Marks one piece of the stage's work under way; the function returned ends it (once). */
  begin(stage: SyncStage): () => void {
    const open = this.open[stage]
    if (open.count++ === 0) open.since = this.now()
    let ended = false
    return () => {
      if (ended) return
      ended = true
      if (--open.count === 0) this.busy[stage] += this.now() - open.since
    }
  }

  /** Runs `work` as one piece of the stage's work. */
  async time<T>(stage: SyncStage, work: () => Promise<T>): Promise<T> {
    const end = this.begin(stage)
    try {
      return await work()
    } finally {
      end()
    }
  }

  /** Busy milliseconds so far, counting work still under way up to now. */
  times(): StageTimes {
    const at = this.now()
    const times = { ...this.busy }
    for (const stage of SYNC_STAGES) {
      const open = this.open[stage]
      if (open.count > 0) times[stage] += at - open.since
    }
    return times
  }
}

/** The User Timing entry of the last finished sync: its `detail` holds the stage times. */
const SYNC_MEASURE = 'till-sync'

/**
 * Leaves a finished sync's stage times where DevTools' Performance panel (and the bench) finds
 * them, as one measure from `startedAt` (a `performance.now()` time) to now, replacing the last.
 */
export function publishStageTimes(startedAt: number, stages: StageClock): void {
  performance.clearMeasures(SYNC_MEASURE)
  performance.measure(SYNC_MEASURE, { start: startedAt, detail: stages.times() })
}
