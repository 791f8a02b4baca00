import type { ProfileView } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'
import type { TillDatabase } from '../../database/database'
import { fillSavedBills } from '../../sessions/tables/saved-bills-fill'
import { announceHeldNow } from '../../database/mutation-announcements'
import type { CollectionContext } from './collections'
import type { SyncProgress } from './progress'
import { serviceReaderFromBridge } from './service-reader'
import { effectiveTimeZone } from '../../format/effective-time-zone'
import { SyncEngine, type AreaState, type SyncOutcome } from './sync-engine'
import { publishStageTimes } from '../tables/stage-clock'
import { drainWebhooks } from '../../webhooks/jobs/webhook-drain'
import {
  DEFAULT_SCHEDULE,
  lastDeepSweepAt,
  noteDeepSweep,
  readSchedule,
  type SyncSchedule,
} from '../tables/sync-schedule'
import { readCheckpoint } from '../tables/checkpoints'
import { newestBill } from '../../sessions/tables/bill-reads'

const DEEP_SWEEP_EVERY_MS = 24 * 60 * 60_000

export interface SyncState {
  running: boolean
  /** The person started this run (or took over a background one) with "Sync now". */
  manual: boolean
  progress: SyncProgress | null
  lastSuccessAt: number | null
  /** Why the last run stopped, when it did not finish. */
  problem: { kind: string; message: string } | null
  offline: boolean
  areas: { bills: AreaState; expenses: AreaState }
  /** The install was uninstalled (or the key revoked): syncing has stopped for this connection. */
  stopped: string | null
  /**
   * The bills of a cache from before tallies and bill counts were kept, being added up once
   * (sessions/tables/saved-bills-fill.ts): those read of those left when it started.
   */
  addingUp: { done: number; total: number } | null
  /**
   * That fill has ended, or found nothing to do: until then a session without a tally waits for
   * it rather than being added up from its records beside it.
   */
  savedBillsAddedUp: boolean
}

/**
 * Runs the sync for the active connection: at once, every few minutes (15 by default), a deep sweep
 * of the last days (7 by default) once a day, and whenever webhooks arrive. One run at a time; "Sync now" and cancel.
 */
export class SyncController {
  private state: SyncState
  private readonly listeners = new Set<(state: SyncState) => void>()
  private abort: AbortController | null = null
  private timers: ReturnType<typeof setInterval>[] = []
  private unsubscribe: (() => void) | null = null
  private draining: Promise<void> | null = null
  /**
   * Run once more when this run ends: events arrived while it was going, or the person asked to
   * retry an area this run skips.
   */
  private rerun: { manual: boolean } | null = null
  /** The run going on, if any, settled into a value: what `stop` waits for. */
  private running: Promise<unknown> | null = null
  private fill: Promise<void> | null = null
  /** Aborted by `stop`: nothing starts after it, and what is going ends at its next step. */
  private readonly lifetime = new AbortController()
  private readonly ctx: CollectionContext
  private schedule: SyncSchedule = DEFAULT_SCHEDULE

  constructor(
    private readonly bridge: TillBridge,
    private readonly profile: ProfileView,
    readonly db: TillDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.ctx = {
      db,
      reader: serviceReaderFromBridge(bridge),
      profileId: profile.id,
      currency: profile.currency,
      timeZone: effectiveTimeZone(profile),
      now,
    }
    this.state = {
      running: false,
      manual: false,
      progress: null,
      lastSuccessAt: null,
      problem: null,
      offline: false,
      areas: { bills: { enabled: true }, expenses: { enabled: true } },
      stopped: profile.deactivatedAt
        ? 'The app was uninstalled for this store. Install it again in the POS back office, then sync.'
        : null,
      addingUp: null,
      savedBillsAddedUp: false,
    }
  }

  getState(): SyncState {
    return this.state
  }

  subscribe(listener: (state: SyncState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async start(): Promise<void> {
    const checkpoint = await this.whileLive(() => readCheckpoint(this.db, 'bills'))
    if (this.stopped) return
    this.update({ lastSuccessAt: checkpoint?.lastSuccessAt ?? null })
    this.unsubscribe = this.bridge.on('webhooks.queued', () => void this.drain())
    await this.reschedule()
    this.fill = this.addUpSavedBills()
    this.inBackground(this.fill)
    this.inBackground(this.syncNow().then(() => this.drain()))
  }

  /** Adds up what a cache from before tallies and bill counts has, once, beside the sync. */
  private async addUpSavedBills(): Promise<void> {
    try {
      await this.whileLive(() =>
        fillSavedBills(
          this.db,
          this.ctx.timeZone,
          (done, total) => this.update({ addingUp: { done, total } }),
          { signal: this.lifetime.signal },
        ),
      )
    } finally {
      if (!this.stopped) this.update({ addingUp: null, savedBillsAddedUp: true })
    }
  }

  /** Reads the sweep schedule again (after Settings changed it) and restarts the sweep timer. */
  async reschedule(): Promise<SyncSchedule> {
    const schedule = await this.whileLive(() => readSchedule(this.db))
    if (this.stopped || !schedule) return this.schedule
    this.schedule = schedule
    this.timers.forEach(clearInterval)
    this.timers = [
      setInterval(() => this.inBackground(this.syncNow()), this.schedule.sweepMinutes * 60_000),
    ]
    return this.schedule
  }

  /**
   * Stops for good (the connection is being closed): the timers and live updates stop at once,
   * a run or drain going on ends at its next step, and this resolves once neither touches the
   * cache any more, so the cache can be closed under nothing.
   */
  async stop(): Promise<void> {
    this.lifetime.abort()
    this.cancel()
    this.timers.forEach(clearInterval)
    this.timers = []
    this.unsubscribe?.()
    this.unsubscribe = null
    await Promise.all([this.running, this.draining, this.fill?.catch(() => undefined)])
  }

  private get stopped(): boolean {
    return this.lifetime.signal.aborted
  }

  /** Cache work that may meet a cache being closed: after `stop` its failure is expected. */
  private async whileLive<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work()
    } catch (error) {
      if (this.stopped) return undefined
      throw error
    }
  }

  /** Work nobody awaits: a failure becomes the sync's problem, never an unhandled rejection. */
  private inBackground(work: Promise<unknown>): void {
    work.catch((error: unknown) => {
      if (this.stopped) return
      this.update({
        problem: {
          kind: 'internal',
          message: error instanceof Error ? error.message : String(error),
        },
      })
    })
  }

  cancel(): void {
    this.abort?.abort()
  }

  /**
   * One run. A manual one (the "Sync now" button) also retries areas found without their scope;
   * periodic runs leave those alone until the install is reauthorized. "Sync now" during a
   * background run makes that run the person's (theirs to watch and cancel).
   */
  async syncNow({ manual = false }: { manual?: boolean } = {}): Promise<SyncOutcome | null> {
    if (this.state.stopped || this.stopped) return null
    if (this.state.running) {
      if (!manual) return null
      this.update({ manual: true })
      const skipsAnArea = !this.state.areas.bills.enabled || !this.state.areas.expenses.enabled
      if (skipsAnArea) this.rerun = { manual: true }
      return null
    }
    const run = this.run({ manual })
    this.running = run.catch(() => undefined)
    try {
      return await this.whileLive(() => run).then((outcome) => outcome ?? null)
    } finally {
      this.running = null
    }
  }

  private async run({ manual }: { manual: boolean }): Promise<SyncOutcome | null> {
    if (manual) this.update({ areas: { bills: { enabled: true }, expenses: { enabled: true } } })
    const skip = Object.fromEntries(
      (['bills', 'expenses'] as const).flatMap((area) => {
        const state = this.state.areas[area]
        return state.enabled ? [] : [[area, state.reason]]
      }),
    )
    const deepAt = await lastDeepSweepAt(this.db)
    const deep = this.now() - deepAt > DEEP_SWEEP_EVERY_MS && this.state.lastSuccessAt !== null
    if (this.stopped) return null
    this.abort = new AbortController()
    this.update({ running: true, manual, problem: null })
    try {
      const engine = new SyncEngine(this.ctx)
      const startedAt = performance.now()
      const outcome = await engine.run({
        signal: this.abort.signal,
        mode: deep ? 'deep' : 'normal',
        deepDays: this.schedule.deepSweepDays,
        skip,
        onProgress: (progress) => this.update({ progress }),
      })
      announceHeldNow()
      if (outcome.ok) {
        publishStageTimes(startedAt, engine.stages)
        await this.noteDetectedCurrency()
        if (deep) await noteDeepSweep(this.db, outcome.finishedAt)
        this.update({
          lastSuccessAt: outcome.finishedAt,
          offline: false,
          areas: { bills: outcome.bills, expenses: outcome.expenses },
        })
      } else {
        this.update({
          problem:
            outcome.kind === 'cancelled' ? null : { kind: outcome.kind, message: outcome.message },
          offline: outcome.kind === 'network',
          stopped:
            outcome.kind === 'install_inactive' || outcome.kind === 'auth' ? outcome.message : null,
        })
      }
      return outcome
    } finally {
      this.abort = null
      this.update({ running: false, manual: false, progress: null })
      const rerun = this.rerun
      this.rerun = null
      if (rerun && !this.stopped) this.inBackground(this.syncNow(rerun))
    }
  }

  /** The merchant's currency, once bills show it, so expenses (which rarely name one) read right. */
  private async noteDetectedCurrency(): Promise<void> {
    if (this.profile.currency) return
    const bill = await newestBill(this.db)
    if (bill)
      await this.bridge.call('profiles.setMerchant', {
        id: this.profile.id,
        currency: bill.currency,
        onlyIfUnset: true,
      })
  }

  /**
   * Turns queued webhooks into cache work at once, even while a run is going (its detail worker
   * takes live bills first), then syncs what they pointed at.
   */
  private drain(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    this.draining ??= (async () => {
      try {
        const { handled, reauthorized } = await drainWebhooks(
          this.bridge,
          this.db,
          this.ctx,
          this.lifetime.signal,
        )
        if (handled === 0 || this.stopped) return
        if (reauthorized)
          this.update({ areas: { bills: { enabled: true }, expenses: { enabled: true } } })
        if (this.state.running) this.rerun ??= { manual: false }
        else this.inBackground(this.syncNow())
      } catch (error) {
        if (this.stopped) return
        this.update({
          problem: {
            kind: 'webhooks',
            message: error instanceof Error ? error.message : String(error),
          },
        })
      } finally {
        this.draining = null
      }
    })()
    return this.draining
  }

  private update(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener(this.state)
  }
}
