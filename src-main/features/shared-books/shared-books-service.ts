import { hostname } from 'node:os'
import pg from 'pg'
import type {
  SharedBooksSettingsView,
  SharedBooksStatus,
} from '../../../src-shared/bridge/contract'
import { SharedBooksUnreachableError } from '../../till-errors'
import type { EventBus } from '../../bridge/event-bus'
import type { Logger } from '../../logging/logger'
import { Secret } from '../../logging/secret'
import { parseDatabaseAddress, poolConfig } from './connection-options'
import { describeDatabaseError } from './database-errors'
import { SharedBooksConnection } from './shared-books-connection'
import { ensureStore } from './store-operations'
import type { SharedBooksProfileSettings, SharedBooksSettings } from './shared-books-settings'

/** PostgreSQL 13 is the oldest Till supports (docs/shared-books.md). */
const OLDEST_SERVER = 130000

/**
 * The shared books of every profile: its settings, and main's one connection to its database,
 * opened on first use and closed when the settings change or Till quits.
 */
export class SharedBooks {
  private readonly connections = new Map<string, SharedBooksConnection>()

  constructor(
    private readonly settings: SharedBooksSettings,
    private readonly events: EventBus,
    private readonly log: Logger,
  ) {}

  async view(profileId: string): Promise<SharedBooksSettingsView> {
    const settings = await this.settings.get(profileId)
    return viewOf(settings, settings ? await this.hasPassword(profileId, settings) : false)
  }

  async save(
    profileId: string,
    url: string,
    password: string | undefined,
  ): Promise<SharedBooksSettingsView> {
    parseDatabaseAddress(url)
    await this.disconnect(profileId)
    await this.settings.save(profileId, url, password)
    this.emitStatus(profileId, await this.status(profileId))
    return this.view(profileId)
  }

  /** Gives this PC the name other PCs see its changes under. */
  async rename(profileId: string, pcName: string): Promise<SharedBooksSettingsView> {
    await this.settings.rename(profileId, pcName)
    return this.view(profileId)
  }

  async leave(profileId: string): Promise<SharedBooksSettingsView> {
    await this.disconnect(profileId)
    await this.settings.forget(profileId)
    this.emitStatus(profileId, { state: 'off', lastReachedAt: null })
    return this.view(profileId)
  }

  /** Creates the store in the database if it is new and records that this profile shares it. */
  async join(profileId: string, storeId: string): Promise<SharedBooksSettingsView> {
    await this.run(profileId, (pool) => ensureStore(pool, storeId), true)
    await this.settings.setJoined(profileId, storeId)
    return this.view(profileId)
  }

  /**
   * Off, connected, unreachable, or refusing changes; asks the database when the last answer was
   * not a good one (a read answering does not end a refusal: only a change going through does).
   */
  async status(profileId: string): Promise<SharedBooksStatus> {
    const settings = await this.settings.get(profileId)
    if (!settings) return { state: 'off', lastReachedAt: null }
    try {
      const connection = await this.connection(profileId, settings)
      if (connection.currentStatus().state !== 'connected')
        await connection.run((pool) => pool.query('SELECT 1'))
      return connection.currentStatus()
    } catch (error) {
      if (error instanceof SharedBooksUnreachableError)
        return { state: 'unreachable', lastReachedAt: error.lastReachedAt, message: error.message }
      throw error
    }
  }

  /**
   * Runs a store operation on the profile's database, connecting (and listening) first; `writes`
   * for one that commits changes.
   */
  async run<T>(
    profileId: string,
    operation: (pool: pg.Pool) => Promise<T>,
    writes = false,
  ): Promise<T> {
    const settings = await this.settings.get(profileId)
    if (!settings)
      throw new SharedBooksUnreachableError(
        'Shared books are not set up for this connection.',
        null,
      )
    return (await this.connection(profileId, settings)).run(operation, writes)
  }

  /**
   * Connects once with the address and password given (or the kept one, for its own server)
   * and says what happened in words: refused password, no such host, TLS refused, too old.
   */
  async test(
    profileId: string,
    url: string,
    password: string | undefined,
  ): Promise<{ ok: boolean; message: string; serverVersion?: string }> {
    const address = parseDatabaseAddress(url)
    const secret = password !== undefined ? null : await this.settings.passwordFor(profileId, url)
    const client = new pg.Client(poolConfig(address, secretOrTyped(secret, password)))
    client.on('error', () => undefined)
    try {
      await client.connect()
      const { rows } = await client.query<{ server_version_num: string; version: string }>(
        `SELECT current_setting('server_version_num') AS server_version_num,
                current_setting('server_version') AS version`,
      )
      const serverVersion = rows[0]?.version ?? 'unknown'
      if (Number(rows[0]?.server_version_num) < OLDEST_SERVER)
        return {
          ok: false,
          message: `The server runs PostgreSQL ${serverVersion}; Till needs 13 or later.`,
          serverVersion,
        }
      return {
        ok: true,
        message: `Connected to PostgreSQL ${serverVersion} at ${address.host}:${address.port}, database “${address.database}”${address.tls ? ' over TLS' : ''}.`,
        serverVersion,
      }
    } catch (error) {
      return { ok: false, message: describeDatabaseError(error, address).message }
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.connections.keys()].map((id) => this.disconnect(id)))
  }

  private async connection(
    profileId: string,
    settings: SharedBooksProfileSettings,
  ): Promise<SharedBooksConnection> {
    let connection = this.connections.get(profileId)
    if (!connection) {
      const address = parseDatabaseAddress(settings.url)
      const password = await this.settings.passwordFor(profileId, settings.url)
      connection = new SharedBooksConnection(
        address,
        password,
        settings.lastReachedAt,
        {
          changed: (storeId, change) =>
            this.events.emit('sharedBooks.changed', { profileId, storeId, change }),
          status: (status) => this.emitStatus(profileId, status),
          reached: (at) => this.noteReached(profileId, at),
        },
        this.log.child(profileId),
        async () => {
          const now = await this.settings.get(profileId)
          return now?.joined && now.storeId ? [now.storeId] : []
        },
      )
      this.connections.set(profileId, connection)
    }
    connection.listen()
    return connection
  }

  private readonly lastSaved = new Map<string, number>()

  /** Keeps when the database last answered, on disk at most once a minute. */
  private noteReached(profileId: string, at: number): void {
    if (at - (this.lastSaved.get(profileId) ?? 0) < 60_000) return
    this.lastSaved.set(profileId, at)
    this.settings
      .setLastReachedAt(profileId, at)
      .catch((error: unknown) => this.log.warn('could not keep lastReachedAt', { error }))
  }

  private async disconnect(profileId: string): Promise<void> {
    const connection = this.connections.get(profileId)
    this.connections.delete(profileId)
    this.lastSaved.delete(profileId)
    await connection?.close()
  }

  private emitStatus(profileId: string, status: SharedBooksStatus): void {
    this.events.emit('sharedBooks.status', { ...status, profileId })
  }

  private async hasPassword(
    profileId: string,
    settings: SharedBooksProfileSettings,
  ): Promise<boolean> {
    return (await this.settings.passwordFor(profileId, settings.url).catch(() => null)) !== null
  }
}

function secretOrTyped(secret: Secret | null, typed: string | undefined): Secret | null {
  return secret ?? (typed === undefined ? null : new Secret(typed))
}

function viewOf(
  settings: SharedBooksProfileSettings | null,
  hasPassword: boolean,
): SharedBooksSettingsView {
  return {
    url: settings?.url ?? null,
    hasPassword,
    storeId: settings?.storeId ?? null,
    joined: settings?.joined ?? false,
    pcName: settings?.pcName ?? hostname(),
    pcId: settings?.pcId ?? null,
  }
}
