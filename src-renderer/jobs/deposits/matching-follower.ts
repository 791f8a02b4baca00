import type { TillDatabase } from '../../cache/database'
import { onMatchingInputWrites } from '../../cache/table-writes'
import type { SyncState } from '../sync/sync-controller'
import { runDepositMatching } from './deposit-matching'

/** What the follower needs of the sync: its state, and word of each change to it. */
type FollowedState = Pick<SyncState, 'lastSuccessAt' | 'savedBillsAddedUp'>
interface SyncRounds {
  getState(): FollowedState
  subscribe(listener: (state: FollowedState) => void): () => void
}

/**
 * Keeps the deposit matches current with the takings (docs/deposits.md#matching-follows-the-takings):
 * matching runs again after each sync round that succeeded and after a count, a cash movement or
 * the settings are saved, whether the Deposits screen is open or not. Runs never overlap: changes
 * during a run make one more run after it, however many there were. In a cache from before
 * tallies, matching waits until its bills are added up: it reads every session's tally, and
 * adding each up from its records beside the fill doing so cost more than the fill.
 */
export class DepositMatchingFollower {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private waitingForTallies = false
  private unfollow: (() => void) | null = null

  constructor(
    private readonly db: TillDatabase,
    private readonly currency: string | null,
    private readonly sync: SyncRounds,
    private readonly onProblem: (error: Error) => void = () => undefined,
    private readonly match: typeof runDepositMatching = runDepositMatching,
  ) {}

  start(): void {
    // A shop whose currency is not known yet has no expected deposits to match.
    if (this.currency === null || this.stopped || this.unfollow) return
    let syncedAt = this.sync.getState().lastSuccessAt
    const unfollowSync = this.sync.subscribe((state) => {
      const addedUp = this.waitingForTallies && state.savedBillsAddedUp
      if (!addedUp && state.lastSuccessAt === syncedAt) return
      syncedAt = state.lastSuccessAt
      this.takingsChanged()
    })
    // Not a live query: one open for hours would hold every bill key synced meanwhile.
    const unfollowWrites = onMatchingInputWrites(this.db, () => this.takingsChanged())
    this.unfollow = () => {
      unfollowSync()
      unfollowWrites()
    }
    this.takingsChanged()
  }

  /** No run starts after this; one under way ends on its own. Resolves when it has. */
  async stop(): Promise<void> {
    this.stopped = true
    this.unfollow?.()
    await this.running
  }

  /** Matches again now, or once more after the run under way. */
  takingsChanged(): void {
    if (this.stopped || this.currency === null) return
    this.waitingForTallies = !this.sync.getState().savedBillsAddedUp
    if (this.waitingForTallies) return
    if (this.running) {
      this.again = true
      return
    }
    const currency = this.currency
    this.running = (async () => {
      do {
        this.again = false
        try {
          await this.match(this.db, currency, Date.now())
        } catch (error) {
          this.onProblem(error instanceof Error ? error : new Error(String(error)))
        }
      } while (this.again && !this.stopped)
      this.running = null
    })()
  }

  /** Resolves when no run is under way or queued (for tests and for closing the cache). */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }
}
