import { afterAll, beforeAll } from 'vitest'
import { migrate } from '../../../src-main/features/shared-books/schema-migrations'
import { startTestPostgres, type TestPostgres } from '../postgres'
import { startTcpProxy, type TcpProxy } from '../tcp-proxy'

/** One PostgreSQL for a test file, and a loopback proxy in front of it to make faults with. */
export interface PostgresBehindProxy {
  server: TestPostgres
  proxy: TcpProxy
}

/** Registers the hooks that start both before a file's tests and stop them after. */
export function usePostgresBehindProxy(): PostgresBehindProxy {
  const running = {} as PostgresBehindProxy
  beforeAll(async () => {
    running.server = await startTestPostgres()
    running.proxy = await startTcpProxy(running.server.port)
  }, 60_000)
  afterAll(async () => {
    await running.proxy?.close()
    await running.server?.stop()
  })
  return running
}

let made = 0

/** A new database with Till's schema, `<prefix>_<n>`: tests do not share rows. */
export async function migratedDatabase(server: TestPostgres, prefix: string): Promise<string> {
  const name = `${prefix}_${++made}`
  await server.createDatabase(name)
  const pool = server.pool(name, { max: 1 })
  try {
    await migrate(pool)
  } finally {
    await pool.end()
  }
  return name
}

/** Runs `work` again until the server (maybe restarting) answers, 10 seconds at most. */
export async function onceReachable<T>(work: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await work()
    } catch (error) {
      if (tries > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
