import { afterAll, beforeAll } from 'vitest'
import type { TillBridge } from '../../../src-renderer/bridge/bridge-client'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { SharedBooksLink } from '../../../src-renderer/shared-books/jobs/shared-books-link'
import { closePcs } from '../backup/pcs'
import { startTestPostgres, type TestPostgres } from '../postgres'
import { startTcpProxy, type TcpProxy } from '../tcp-proxy'
import { linkedPc, PROFILE } from './linked-pc'

/**
 * The setup of the renderer-level property tests on a real PostgreSQL: one server for the file,
 * a database per run, and PCs joined to it (main's real services in this process, each cache on
 * fake-indexeddb, the link the app uses), each behind its own loopback proxy, so one PC can go
 * offline or lose an answer while the others carry on.
 */
export interface PcOnBooks {
  db: TillDatabase
  bridge: TillBridge
  link: SharedBooksLink
  /** Between this PC's main and the database. */
  proxy: TcpProxy
}

export interface PcsOnPostgres {
  readonly server: TestPostgres
  /** A new empty database for one run, dropped by `stopAll`. */
  newBooks(prefix: string): Promise<string>
  /** A PC joined to `database`'s books through a proxy of its own, syncing in the background. */
  joinPc(database: string): Promise<PcOnBooks>
  /** The PC's link stopped and made again on the same cache, as when its window reopens. */
  restartLink(pc: PcOnBooks): Promise<void>
  /**
   * Stops every PC's link, main and proxy, closes the caches and drops the run's databases: a run
   * leaves nothing behind.
   */
  stopAll(): Promise<void>
}

/** Registers the hooks that start the server before a file's tests and stop everything after. */
export function usePcsOnPostgres(): PcsOnPostgres {
  let server: TestPostgres | undefined
  let made = 0
  const databases: string[] = []
  const stops: Array<() => Promise<void> | void> = []
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
    closePcs()
    // A run's database goes with it: many left behind made stopping the server take tens of
    // seconds (its last checkpoint and removing its folder).
    const names = databases.splice(0)
    if (names.length === 0 || !server) return
    const pool = server.pool('postgres', { max: 1 })
    try {
      for (const name of names) await pool.query(`DROP DATABASE "${name}" WITH (FORCE)`)
    } finally {
      await pool.end()
    }
  }
  beforeAll(async () => {
    server = await startTestPostgres()
  }, 60_000)
  // Stopping several PCs' mains and the server takes tens of seconds on a loaded machine.
  afterAll(async () => {
    await stopAll()
    await server?.stop()
  }, 120_000)
  const running = (): TestPostgres => {
    if (!server) throw new Error('PostgreSQL has not started')
    return server
  }
  return {
    get server() {
      return running()
    },
    async newBooks(prefix) {
      const name = `${prefix}_${++made}`
      await running().createDatabase(name)
      databases.push(name)
      return name
    },
    async joinPc(database) {
      const proxy = await startTcpProxy(running().port)
      stops.push(() => proxy.close())
      const url = `postgres://postgres@127.0.0.1:${proxy.port}/${database}`
      return { ...(await linkedPc(url, running().password, stops)), proxy }
    },
    async restartLink(pc) {
      pc.link.stop()
      pc.link = new SharedBooksLink(pc.bridge, PROFILE, pc.db)
      const link = pc.link
      stops.push(() => link.stop())
      await link.start()
    },
    stopAll,
  }
}
