import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SchemaTooNewError,
  migrate,
} from '../../../../src-main/features/shared-books/schema-migrations'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'

let server: TestPostgres

beforeAll(async () => {
  server = await startTestPostgres()
}, 60_000)
afterAll(() => server?.stop())

describe('schema migrations', () => {
  it('creates the schema on an empty database, and a second run changes nothing', async () => {
    await server.createDatabase('empty')
    const pool = server.pool('empty')
    const first = await migrate(pool)
    expect(first.from).toBe(0)
    expect(first.to).toBeGreaterThanOrEqual(1)
    const SCHEMA_VERSION = first.to
    const tables = await pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    )
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'till_export_log',
      'till_rows',
      'till_schema_version',
      'till_staged_parts',
      'till_stores',
    ])
    expect(await migrate(pool)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION })
    const versions = await pool.query('SELECT version FROM till_schema_version ORDER BY version')
    expect(versions.rows.map((r: { version: number }) => r.version)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
    )
  })

  it('several PCs migrating the same empty database at once: one applies, none fails', async () => {
    await server.createDatabase('race')
    const pools = Array.from({ length: 5 }, () => server.pool('race'))
    const runs = await Promise.all(pools.map((pool) => migrate(pool)))
    expect(runs.filter((r) => r.from === 0)).toHaveLength(1)
    const versions = await pools[0]!.query('SELECT count(*)::int AS n FROM till_schema_version')
    expect(versions.rows[0]).toEqual({ n: runs[0]!.to })
  })

  it('refuses a database a newer Till migrated, touching nothing', async () => {
    await server.createDatabase('newer')
    const pool = server.pool('newer')
    const { to } = await migrate(pool)
    await pool.query('INSERT INTO till_schema_version (version) VALUES ($1)', [to + 1])
    await expect(migrate(pool)).rejects.toBeInstanceOf(SchemaTooNewError)
    await expect(migrate(pool)).rejects.toThrow(/newer Till/)
  })
})
