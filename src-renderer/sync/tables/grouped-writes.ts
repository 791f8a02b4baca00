import Dexie from 'dexie'
import type { TillDatabase } from '../../database/database'
import { announceInBatches } from '../../database/mutation-announcements'
import { writeTogether } from './writes'
import { StageClock } from './stage-clock'

/** Writes one group may hold: a transaction stays a few thousand records at most. */
const MAX_GROUP = 8

interface QueuedWrite {
  write: () => Promise<void>
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * A sync's cache writes, committed in groups: whatever was queued while one transaction was being
 * written goes into the next one together, in the order queued. Each write still commits whole or
 * not at all, and in order; there are simply fewer transactions when writing is the slow part, so
 * a screen's live queries re-run once a group rather than once a page, and at most about once a
 * second (see announceInBatches).
 *
 * After a failed group every later write is refused with the same error: a later page must never
 * commit its checkpoint past an earlier page that did not.
 */
export class GroupedWrites {
  private readonly queue: QueuedWrite[] = []
  private draining = false
  private failure: { error: unknown } | null = null
  /** Waiting for the next group to end (see `nextGroupEnded`). */
  private waiting: (() => void)[] = []

  /** `stages`: each group's transaction is timed as the commit stage. */
  constructor(
    private readonly db: TillDatabase,
    private readonly stages: StageClock = new StageClock(),
  ) {}

  /** Resolves once the write is committed; rejects if its group failed (or an earlier one did). */
  add(write: () => Promise<void>): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error)
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject })
      if (!this.draining) void this.drain()
    })
  }

  /** Resolves once the next group has committed or failed: something may have been queued. */
  nextGroupEnded(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  private async drain(): Promise<void> {
    this.draining = true
    const db = this.db
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, MAX_GROUP)
      if (this.failure) {
        const { error } = this.failure
        group.forEach((queued) => queued.reject(error))
        continue
      }
      try {
        await this.stages.time('commit', () =>
          writeTogether(db, async () => {
            announceInBatches(Dexie.currentTransaction)
            for (const queued of group) await queued.write()
          }),
        )
        group.forEach((queued) => queued.resolve())
      } catch (error) {
        this.failure = { error }
        group.forEach((queued) => queued.reject(error))
      }
      this.waiting.splice(0).forEach((wake) => wake())
    }
    this.draining = false
  }
}
