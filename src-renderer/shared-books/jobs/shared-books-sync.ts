import type { TillDatabase } from '../../database/database'
import type { TillBridge } from '../../bridge/bridge-client'
import {
  admitWaitingRows,
  applyPulledRows,
  settleSent,
  type PullApplied,
} from '../tables/shared-apply'
import { onSessionWrites } from '../../database/table-writes'
import { lastAppliedChange, waitingChanges, waitingCount } from '../tables/shared-outbox'
import { MAX_SHARED_PUSH_CHANGES } from '../../../src-shared/bridge/schemas/shared-books'

/**
 * Keeps this PC's own records and the shared books in step (docs/shared-books.md): changes
 * waiting in the outbox are pushed, then rows above the last change applied are pulled and
 * applied. It runs at start, whenever main says the books changed (LISTEN/NOTIFY), and on a
 * timer in case a notification was missed; one run at a time.
 */

/** Where this PC's records are shared: the profile, the store in the database, this PC's name. */
export interface SharedPlace {
  profileId: string
  storeId: string
  pcName: string
}

const PULL_PAGE = 500
const PULL_EVERY_MS = 30_000
/** How often the outbox is looked at for changes made here. */
const OUTBOX_CHECK_MS = 2_000
/** After a failed run, the next is tried this long after, then twice as long each time, up to the pull's period. */
const FIRST_RETRY_MS = 2_000

export interface SyncOutcome {
  pushed: number
  conflicts: number
  pulled: PullApplied
}

export class SharedBooksSync {
  private running: Promise<SyncOutcome> | null = null
  private again: Promise<SyncOutcome> | null = null
  private stops: (() => void)[] = []
  /** Why the last run failed; null after a run that went through. */
  problem: string | null = null
  private retryMs = FIRST_RETRY_MS
  private retryAt = 0
  private admitting: Promise<unknown> = Promise.resolve()
  private admitQueued = false

  constructor(
    private readonly db: TillDatabase,
    private readonly bridge: TillBridge,
    private readonly place: SharedPlace,
    private readonly pullEveryMs = PULL_EVERY_MS,
  ) {}

  /** Sends the changes waiting, a page at a time, until none is left. */
  async push(): Promise<{ pushed: number; conflicts: number }> {
    let pushed = 0
    let conflicts = 0
    for (;;) {
      const sent = await waitingChanges(this.db, MAX_SHARED_PUSH_CHANGES)
      if (sent.length === 0) break
      const { results } = await this.bridge.call('sharedBooks.push', {
        profileId: this.place.profileId,
        storeId: this.place.storeId,
        by: this.place.pcName,
        changes: sent.map(({ kind, key, baseVersion, body, deleted }) => ({
          kind,
          key,
          baseVersion,
          body,
          deleted,
        })),
      })
      conflicts += (await settleSent(this.db, sent, results)).conflicts
      pushed += results.length
      if (results.length < sent.length) break
    }
    return { pushed, conflicts }
  }

  /** Pulls and applies rows above the last change applied, until the books have no more. */
  async pull(): Promise<PullApplied> {
    const total: PullApplied = { applied: 0, setAside: 0, held: 0 }
    for (;;) {
      const since = await lastAppliedChange(this.db)
      const page = await this.bridge.call('sharedBooks.pull', {
        profileId: this.place.profileId,
        storeId: this.place.storeId,
        since,
        limit: PULL_PAGE,
      })
      const done = await applyPulledRows(this.db, page.rows, page.head)
      total.applied += done.applied
      total.setAside += done.setAside
      total.held += done.held
      // A page of rows set aside for their change numbers moves nothing: asking again from the
      // same change would answer the same page.
      const moved = (await lastAppliedChange(this.db)) > since
      if (!page.more || done.held > 0 || !moved) return total
    }
  }

  /**
   * Pushes then pulls. A call while a run is under way is answered by one more run after it (one
   * for all such calls), since the run under way may have started before the caller's change.
   */
  syncNow(): Promise<SyncOutcome> {
    if (this.running) {
      this.again ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.again = null
          return this.syncNow()
        })
      return this.again
    }
    const run = async (): Promise<SyncOutcome> => {
      try {
        const outcome = { ...(await this.push()), pulled: await this.pull() }
        this.problem = null
        this.retryMs = FIRST_RETRY_MS
        return outcome
      } catch (error) {
        this.problem = error instanceof Error ? error.message : String(error)
        this.retryAt = Date.now() + this.retryMs
        this.retryMs = Math.min(this.retryMs * 2, this.pullEveryMs)
        throw error
      } finally {
        this.running = null
      }
    }
    this.running = run()
    return this.running
  }

  /**
   * Syncs at once, whenever a change is queued here, on each `sharedBooks.changed` of this store,
   * and on the timer; after a failed run, again 2 s later, then 4, 8… up to the timer's period,
   * so a PC catches up soon after the books answer again. Rows waiting for a session are tried
   * again as sessions are written.
   */
  start(): void {
    this.inBackground()
    const queued = setInterval(() => {
      if (this.running) return
      if (this.problem !== null) {
        if (Date.now() >= this.retryAt) this.inBackground()
        return
      }
      waitingCount(this.db).then(
        (waiting) => waiting > 0 && this.inBackground(),
        () => undefined,
      )
    }, OUTBOX_CHECK_MS)
    this.stops.push(() => clearInterval(queued))
    this.stops.push(
      this.bridge.on('sharedBooks.changed', (event) => {
        if (event.profileId === this.place.profileId && event.storeId === this.place.storeId)
          this.inBackground()
      }),
    )
    const timer = setInterval(() => this.inBackground(), this.pullEveryMs)
    this.stops.push(() => clearInterval(timer))
    this.stops.push(onSessionWrites(this.db, () => this.admitWaiting()))
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop()
  }

  /** Applies the rows set aside for a session once written; one pass queued at a time. */
  private admitWaiting(): void {
    if (this.admitQueued) return
    this.admitQueued = true
    this.admitting = this.admitting
      .then(() => {
        this.admitQueued = false
        return admitWaitingRows(this.db)
      })
      .catch(() => undefined)
  }

  /** A run nobody waits for: its failure is kept in `problem` (offline, changes wait). */
  private inBackground(): void {
    this.syncNow().catch(() => undefined)
  }
}
