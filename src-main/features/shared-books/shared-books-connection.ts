import pg from 'pg'
import type { SharedBooksStatus } from '../../../src-shared/bridge/contract'
import { SharedBooksRefusedError, SharedBooksUnreachableError } from '../../till-errors'
import type { Logger } from '../../logging/logger'
import type { Secret } from '../../logging/secret'
import { poolConfig, type DatabaseAddress } from './connection-options'
import { describeDatabaseError } from './database-errors'
import { migrate } from './schema-migrations'
import { CHANGES_CHANNEL } from './store-operations'

export interface ConnectionEvents {
  /** A PC committed up to `change` in `storeId` (also sent after a reconnect, to pull what passed). */
  changed(storeId: string, change: number): void
  status(status: SharedBooksStatus): void
  reached(at: number): void
}

const POOL_SIZE = 4
const FIRST_RETRY_MS = 1_000
const LONGEST_RETRY_MS = 30_000

/**
 * How often the listening connection is asked a trivial question, and how long its answer may
 * take. A connection can die without closing (a router restarted, a NAT entry dropped, garbled
 * bytes the driver swallowed): it would still look open while no notice ever came, and changes
 * would arrive only with the renderer's 30 s pull.
 */
export interface ListenerCheck {
  everyMs: number
  timeoutMs: number
}
const LISTENER_CHECK: ListenerCheck = { everyMs: 30_000, timeoutMs: 10_000 }

class ListenerSilentError extends Error {
  override name = 'ListenerSilentError'
}

/**
 * Main's connection to one profile's shared books: a `pg` pool for the store operations (the
 * schema migrated before the first), and one more connection that LISTENs for changes, opened
 * again after a drop, later each time, up to 30 s apart. Every operation goes through `run`,
 * which keeps the status and turns "not reachable" into SharedBooksUnreachableError.
 */
export class SharedBooksConnection {
  readonly pool: pg.Pool
  private migrated: Promise<unknown> | null = null
  private listener: pg.Client | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private retryMs = FIRST_RETRY_MS
  private closed = false
  private status: SharedBooksStatus
  /**
   * Why the database refused the last change (a full disk), until a change goes through: reads
   * still answer then, and must not make the status say all is well.
   */
  private refusal: string | null = null

  constructor(
    private readonly address: DatabaseAddress,
    private readonly password: Secret | null,
    lastReachedAt: number | null,
    private readonly events: ConnectionEvents,
    private readonly log: Logger,
    /** The stores whose head to announce after a reconnect. */
    private readonly watchedStores: () => Promise<string[]>,
    private readonly listenerCheck: ListenerCheck = LISTENER_CHECK,
  ) {
    this.status = { state: 'unreachable', lastReachedAt, message: 'Not connected yet.' }
    this.pool = new pg.Pool({ ...poolConfig(address, password), max: POOL_SIZE })
    // An idle connection that drops is only noted; the next operation opens another.
    this.pool.on('error', (error) => this.log.warn('idle connection lost', { error }))
  }

  currentStatus(): SharedBooksStatus {
    return this.status
  }

  /**
   * Runs a store operation; the schema is brought up to date first, once. A `writes` operation
   * that goes through ends a refusal.
   */
  async run<T>(operation: (pool: pg.Pool) => Promise<T>, writes = false): Promise<T> {
    if (this.closed) throw new SharedBooksUnreachableError('Shared books were switched off.', null)
    try {
      this.migrated ??= migrate(this.pool).catch((error: unknown) => {
        this.migrated = null
        throw error
      })
      await this.migrated
      const result = await operation(this.pool)
      if (writes) this.refusal = null
      this.markReached()
      return result
    } catch (error) {
      throw this.failed(error)
    }
  }

  /** Starts listening for changes (once); a failure is retried in the background. */
  listen(): void {
    if (this.listener || this.retryTimer || this.closed) return
    void this.openListener()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    const listener = this.listener
    this.listener = null
    await Promise.allSettled([listener?.end(), this.pool.end()])
  }

  private async openListener(): Promise<void> {
    const client = new pg.Client(poolConfig(this.address, this.password))
    let gone = false
    let check: NodeJS.Timeout | null = null
    const lost = (error?: Error) => {
      if (gone) return
      gone = true
      if (check) clearInterval(check)
      if (this.listener === client) this.listener = null
      void client.end().catch(() => undefined)
      if (this.closed) return
      // A silent listener says nothing of the books: the pool's operations keep their status.
      if (error instanceof ListenerSilentError) this.log.warn(error.message)
      else if (error) this.failed(error)
      this.scheduleRetry()
    }
    client.on('error', lost)
    client.on('end', () => lost(new Error('Connection terminated unexpectedly')))
    client.on('notification', (message) => this.onNotification(message.payload))
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGES_CHANNEL}`)
      if (this.closed) {
        await client.end()
        return
      }
      this.listener = client
      this.retryMs = FIRST_RETRY_MS
      check = setInterval(() => {
        this.answers(client).catch(lost)
      }, this.listenerCheck.everyMs)
      check.unref()
      this.markReached()
      // Whatever was committed while no one listened: the renderer pulls from its last change.
      for (const storeId of await this.watchedStores()) {
        const { rows } = await client.query<{ head: string }>(
          'SELECT head FROM till_stores WHERE store_id = $1',
          [storeId],
        )
        if (rows[0]) this.events.changed(storeId, Number(rows[0].head))
      }
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)))
    }
  }

  /** Settles once the listening connection answers; fails when it does not in time. */
  private async answers(client: pg.Client): Promise<void> {
    const { timeoutMs } = this.listenerCheck
    let timer: NodeJS.Timeout | undefined
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ListenerSilentError(
              `The connection listening for changes gave no answer in ${timeoutMs / 1000} s.`,
            ),
          ),
        timeoutMs,
      )
    })
    try {
      await Promise.race([client.query('SELECT 1'), silent])
    } finally {
      clearTimeout(timer)
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.openListener()
    }, this.retryMs)
    this.retryTimer.unref()
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS)
  }

  private onNotification(payload: string | undefined): void {
    try {
      const { storeId, change } = JSON.parse(payload ?? '') as { storeId: unknown; change: unknown }
      if (typeof storeId === 'string' && typeof change === 'number')
        this.events.changed(storeId, change)
    } catch {
      this.log.warn('a change notice that is not JSON was ignored')
    }
  }

  private markReached(): void {
    const at = Date.now()
    this.events.reached(at)
    this.setStatus(
      this.refusal === null
        ? { state: 'connected', lastReachedAt: at }
        : { state: 'refusing', lastReachedAt: at, message: this.refusal },
    )
  }

  /** Notes the failure in the status; what an operation throws for it. */
  private failed(error: unknown): Error {
    const { unreachable, refused, message } = describeDatabaseError(error, this.address)
    if (refused) {
      this.refusal = message
      this.markReached()
      return new SharedBooksRefusedError(message, undefined, { cause: error })
    }
    if (!unreachable) {
      this.log.error('shared books operation failed', { error })
      return error instanceof Error ? error : new Error(message)
    }
    const { lastReachedAt } = this.status
    this.setStatus({ state: 'unreachable', lastReachedAt, message })
    return new SharedBooksUnreachableError(message, lastReachedAt, { cause: error })
  }

  private setStatus(next: SharedBooksStatus): void {
    const before = this.status
    this.status = next
    if (before.state !== next.state || before.message !== next.message) this.events.status(next)
  }
}
