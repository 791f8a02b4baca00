import type { TillDatabase } from '../../database/database'
import { onMatchingInputWrites } from '../../database/table-writes'
import type { MatchRun } from '../rules/matching-regions'
import type { SyncState } from '../../sync/jobs/sync-controller'
import { runDepositMatching } from './deposit-matching'

/** What the follower needs of the sync: its state, and word of each change to it. */
type FollowedState = Pick<SyncState, 'lastSuccessAt' | 'savedBillsAddedUp'>
interface SyncRounds {
  getState(): FollowedState
  subscribe(listener: (state: FollowedState) => void): () => void
}

/** One matching, given the run before it: what it ran is the next one's run before. */
type Matching = (
  db: TillDatabase,
  currency: string,
  now: number,
  previous: MatchRun | null,
) => Promise<{ run: MatchRun }>

/**
 * Keeps the deposit matches current with the takings (docs/deposits.md#matching-follows-the-takings):
 * matching runs again after each sync round that succeeded and after a count, a cash movement,
 * the settings, bank lines or a match are saved, whether the Deposits screen is open or not; each
 * run redoes only what changed since the one before (docs/ledger.md#matching-again). Runs never
 * overlap: changes during a run make one more run after it, however many there were. Nothing is
 * matched before a first sync has ended: matches Till makes stand, and made over the part of the
 * takings a first sync has written so far they could be wrong. Nor, in a cache from before
 * tallies, before its bills are added up: a run reads every session's tally, and adding each up
 * from its records beside the fill doing so cost more than the fill. Either way the changes meanwhile
 * make one run once it may.
 */
export class DepositMatchingFollower {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  /** A change came while matching could not run yet. */
  private held = false
  private last: MatchRun | null = null
  private unfollow: (() => void) | null = null

  constructor(
    private readonly db: TillDatabase,
    private readonly currency: string | null,
    private readonly sync: SyncRounds,
    private readonly onProblem: (error: Error) => void = () => undefined,
    private readonly match: Matching = runDepositMatching,
  ) {}

  start(): void {
    // A shop whose currency is not known yet has no expected deposits to match.
    if (this.currency === null || this.stopped || this.unfollow) return
    let syncedAt = this.sync.getState().lastSuccessAt
    const unfollowSync = this.sync.subscribe((state) => {
      const free = this.held && mayMatch(state)
      if (!free && state.lastSuccessAt === syncedAt) return
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

  /** Matches again now, or once more after the run under way, or once matching may run. */
  takingsChanged(): void {
    if (this.stopped || this.currency === null) return
    this.held = !mayMatch(this.sync.getState())
    if (this.held) return
    if (this.running) {
      this.again = true
      return
    }
    const currency = this.currency
    this.running = (async () => {
      do {
        this.again = false
        try {
          this.last = (await this.match(this.db, currency, Date.now(), this.last)).run
        } catch (error) {
          // What the failed run kept is not known: the next one matches everything.
          this.last = null
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

/** A first sync has ended, and the bills of a cache from before tallies are added up. */
function mayMatch(state: FollowedState): boolean {
  return state.lastSuccessAt !== null && state.savedBillsAddedUp
}
