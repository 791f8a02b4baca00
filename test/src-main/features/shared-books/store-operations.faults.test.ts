import { describe, expect, it } from 'vitest'
import pg from 'pg'
import {
  appendExport,
  exportLog,
  pull,
  push,
} from '../../../../src-main/features/shared-books/store-operations'
import { describeDatabaseError } from '../../../../src-main/features/shared-books/database-errors'
import { waitForLockWait } from '../../../support/postgres'
import {
  migratedDatabase,
  onceReachable,
  usePostgresBehindProxy,
} from '../../../support/shared-books/store-database'

const books = usePostgresBehindProxy()

describe('a commit whose answer was lost', () => {
  it('is committed once; the retry with the same batch id answers already-committed', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    const pool = books.server.pool(database, { port: books.proxy.port, max: 2 })
    const lost = books.proxy.loseNextCommitAnswer()
    const append = {
      destinationId: 'xero',
      expectedSeq: 0,
      batchId: 'batch-lost',
      by: 'office',
      batch: { entries: 3 },
    }
    await expect(appendExport(pool, 's1', append)).rejects.toThrow()
    await lost

    expect(await appendExport(pool, 's1', append)).toEqual({
      status: 'already-committed',
      seq: 1,
    })
    expect((await exportLog(pool, 's1', 'xero', 0)).map((e) => e.batchId)).toEqual(['batch-lost'])
    // The PC that lost its answer, planning again from a head it never saw, is told it is behind.
    expect(
      await appendExport(pool, 's1', { ...append, batchId: 'batch-next', expectedSeq: 0 }),
    ).toEqual({ status: 'behind', headSeq: 1 })
    await pool.end()
  })

  it('a push whose answer was lost shows the row at its new version, made by this PC', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    const pool = books.server.pool(database, { port: books.proxy.port, max: 2 })
    const lost = books.proxy.loseNextCommitAnswer()
    await expect(
      push(pool, 's1', 'office', [{ kind: 'count', key: 'sess-1', baseVersion: 0, body: 42 }]),
    ).rejects.toThrow()
    await lost
    const [again] = await push(pool, 's1', 'office', [
      { kind: 'count', key: 'sess-1', baseVersion: 0, body: 42 },
    ])
    expect(again).toMatchObject({
      status: 'conflict',
      current: { version: 1, body: 42, by: 'office' },
    })
    await pool.end()
  })
  it('reaches the PC only as a cut after the commit is in, never while it is still going on', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    const direct = books.server.pool(database)
    await push(direct, 's1', 'office', [{ kind: 'name', key: 'b', baseVersion: 0, body: 'B' }])
    const held = await direct.connect()
    await held.query('BEGIN')
    await held.query(`SELECT 1 FROM till_rows WHERE key = 'b' FOR UPDATE`)
    const pool = books.server.pool(database, { port: books.proxy.port, max: 2 })
    const lost = books.proxy.loseNextCommitAnswer()
    const waiting = outcome(
      push(pool, 's1', 'laptop', [{ kind: 'name', key: 'b', baseVersion: 1, body: 'B2' }]),
    )
    await waitForLockWait(direct, database)
    const early = await Promise.race([
      waiting.then(() => 'heard'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ])
    expect(early).toBe('still waiting')
    await held.query('COMMIT')
    held.release()
    expect(await waiting).toBeInstanceOf(Error)
    await lost
    expect((await pull(direct, 's1', 0, 10)).rows.map((r) => [r.body, r.version])).toEqual([
      ['B2', 2],
    ])
    await pool.end()
    await direct.end()
  })
})

describe('the server restarted mid-commit', () => {
  for (const immediate of [false, true]) {
    const how = immediate ? 'crashed (immediate shutdown)' : 'restarted (fast shutdown)'

    it(`${how} while an export was half written: nothing of it stays, the retry commits`, async () => {
      const database = await migratedDatabase(books.server, 'faults')
      const pool = books.server.pool(database)
      // Another session holds the batch's row half inserted, so the export waits in the middle of
      // its transaction: its log entry is written, its batch row not yet.
      const blocker = new pg.Client({
        host: '127.0.0.1',
        port: books.server.port,
        user: 'postgres',
        password: books.server.password,
        database,
      })
      blocker.on('error', () => undefined)
      await blocker.connect()
      await blocker.query('BEGIN')
      await blocker.query(`INSERT INTO till_stores (store_id) VALUES ('s1')`)
      await blocker.query('COMMIT')
      await blocker.query('BEGIN')
      await blocker.query(
        `INSERT INTO till_rows (store_id, kind, key, version, change, by_pc)
         VALUES ('s1', 'exportBatch', 'batch-1', 1, 999, 'blocker')`,
      )
      const append = {
        destinationId: 'xero',
        expectedSeq: 0,
        batchId: 'batch-1',
        by: 'office',
        batch: { entries: 1 },
      }
      const waiting = outcome(appendExport(pool, 's1', append))
      await waitForLockWait(pool, database)
      await books.server.restart({ immediate })
      expect(await waiting).toBeInstanceOf(Error)
      await blocker.end().catch(() => undefined)

      await onceReachable(() => pool.query('SELECT 1'))
      expect(await exportLog(pool, 's1', 'xero', 0)).toEqual([])
      expect((await pull(pool, 's1', 0, 10)).rows).toEqual([])
      expect(await appendExport(pool, 's1', append)).toEqual({
        status: 'committed',
        seq: 1,
        change: 1,
      })
      await pool.end()
    })
  }

  it('while a push was half applied: none of its changes stay, the retry applies them all', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    const pool = books.server.pool(database)
    await push(pool, 's1', 'office', [{ kind: 'name', key: 'b', baseVersion: 0, body: 'B' }])
    const blocker = books.server.pool(database, { max: 1 })
    const held = await blocker.connect()
    held.on('error', () => undefined)
    await held.query('BEGIN')
    await held.query(`SELECT 1 FROM till_rows WHERE key = 'b' FOR UPDATE`)
    const changes = [
      { kind: 'name', key: 'a', baseVersion: 0, body: 'A' },
      { kind: 'name', key: 'b', baseVersion: 1, body: 'B2' },
    ]
    const waiting = outcome(push(pool, 's1', 'laptop', changes))
    await waitForLockWait(pool, database)
    await books.server.restart({ immediate: true })
    expect(await waiting).toBeInstanceOf(Error)
    held.release(new Error('server restarted'))

    await onceReachable(() => pool.query('SELECT 1'))
    expect((await pull(pool, 's1', 0, 10)).rows.map((r) => [r.key, r.body])).toEqual([['b', 'B']])
    const results = await push(pool, 's1', 'laptop', changes)
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied'])
    expect((await pull(pool, 's1', 1, 10)).head).toBe(3)
    await pool.end()
    await blocker.end()
  })
})

/** The answer or the error, caught at once: a failure while the test restarts the server is expected. */
function outcome<T>(work: Promise<T>): Promise<T | Error> {
  return work.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
}

describe('an answer slower than Till waits', () => {
  it('fails the call when the statement’s timeout runs out, in words; the next call, answered in time, goes through', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    const pool = books.server.pool(database, {
      port: books.proxy.port,
      max: 1,
      query_timeout: 1_000,
      connectionTimeoutMillis: 1_000,
    })
    const change = (key: string) => ({ kind: 'name', key, baseVersion: 0, body: key })
    expect(await push(pool, 's1', 'office', [change('a')])).toMatchObject([{ status: 'applied' }])
    books.proxy.delayAnswers(3_000)
    const where = { host: '127.0.0.1', port: books.proxy.port, database }
    try {
      const late = await outcome(pull(pool, 's1', 0, 10))
      expect(describeDatabaseError(late, where)).toEqual({
        unreachable: true,
        message: expect.stringMatching(/ did not answer within \d+ seconds/),
      })
    } finally {
      books.proxy.delayAnswers(0)
    }
    expect((await pull(pool, 's1', 0, 10)).rows.map((r) => r.key)).toEqual(['a'])
    await pool.end()
  })
})

describe('a garbled answer', () => {
  it('is refused, never read as rows; the next call goes over a new connection and is answered right', async () => {
    const database = await migratedDatabase(books.server, 'faults')
    // The timeout Till sets for a statement, shortened so the test waits seconds, not fifteen.
    const pool = books.server.pool(database, {
      port: books.proxy.port,
      max: 1,
      query_timeout: 2_000,
    })
    const change = (key: string) => ({ kind: 'name', key, baseVersion: 0, body: key })
    expect(await push(pool, 's1', 'office', [change('a')])).toEqual([
      { status: 'applied', version: 1, change: 1 },
    ])
    const before = books.proxy.accepted()
    books.proxy.garbleNextAnswer()
    const refused = await outcome(pull(pool, 's1', 0, 10))
    expect(refused).toBeInstanceOf(Error)
    expect(
      describeDatabaseError(refused, { host: '127.0.0.1', port: books.proxy.port, database }),
    ).toEqual({
      unreachable: true,
      message: expect.stringMatching(
        /: Till dropped that connection and asks again over a new one\.$/,
      ),
    })

    expect(await push(pool, 's1', 'office', [change('b')])).toEqual([
      { status: 'applied', version: 1, change: 2 },
    ])
    expect(books.proxy.accepted()).toBeGreaterThan(before)
    expect((await pull(pool, 's1', 0, 10)).rows.map((r) => r.key)).toEqual(['a', 'b'])
    await pool.end()
  })
})
