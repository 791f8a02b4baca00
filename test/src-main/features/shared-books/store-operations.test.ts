import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type pg from 'pg'
import {
  appendExport,
  appendStaged,
  exportLog,
  history,
  pull,
  push,
  stagePart,
  storeInfo,
} from '../../../../src-main/features/shared-books/store-operations'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { migratedDatabase } from '../../../support/shared-books/store-database'

let server: TestPostgres

/** A pool on a fresh, migrated database: tests do not share rows. */
async function freshPool(options?: pg.PoolConfig): Promise<pg.Pool> {
  return server.pool(await migratedDatabase(server, 'store_ops'), options)
}

beforeAll(async () => {
  server = await startTestPostgres()
}, 60_000)
afterAll(() => server?.stop())

describe('push: compare-and-set on versions', () => {
  it('creates a row at version 1, updates it from its version, and refuses a stale base with the row as it is', async () => {
    const pool = await freshPool()
    const [created] = await push(pool, 's1', 'office', [
      { kind: 'mapping', key: 'cash', baseVersion: 0, body: { account: '1000 Cash' } },
    ])
    expect(created).toEqual({ status: 'applied', version: 1, change: 1 })

    const [updated] = await push(pool, 's1', 'laptop', [
      { kind: 'mapping', key: 'cash', baseVersion: 1, body: { account: '1010 Till' } },
    ])
    expect(updated).toEqual({ status: 'applied', version: 2, change: 2 })

    const [stale] = await push(pool, 's1', 'office', [
      { kind: 'mapping', key: 'cash', baseVersion: 1, body: { account: '1020 Float' } },
    ])
    expect(stale).toMatchObject({
      status: 'conflict',
      current: { version: 2, change: 2, body: { account: '1010 Till' }, by: 'laptop' },
    })
    const { rows } = await pull(pool, 's1', 0, 10)
    expect(rows.map((r) => r.body)).toEqual([{ account: '1010 Till' }])
  })

  it('answers each change of a push on its own, in order, and numbers the applied ones one by one', async () => {
    const pool = await freshPool()
    await push(pool, 's1', 'office', [{ kind: 'name', key: 'a', baseVersion: 0, body: 'A' }])
    const results = await push(pool, 's1', 'laptop', [
      { kind: 'name', key: 'b', baseVersion: 0, body: 'B' },
      { kind: 'name', key: 'a', baseVersion: 0, body: 'A again' },
      { kind: 'name', key: 'c', baseVersion: 0, body: 'C' },
    ])
    expect(results.map((r) => r.status)).toEqual(['applied', 'conflict', 'applied'])
    expect(results.flatMap((r) => (r.status === 'applied' ? [r.change] : []))).toEqual([2, 3])
  })

  it('a two-PC race on one row: exactly one wins, the other sees the winner', async () => {
    const pool = await freshPool({ max: 4 })
    await push(pool, 's1', 'office', [{ kind: 'count', key: 'sess-1', baseVersion: 0, body: 1 }])
    const answers = await Promise.all(
      ['office', 'laptop', 'till-3', 'till-4'].map((by) =>
        push(pool, 's1', by, [{ kind: 'count', key: 'sess-1', baseVersion: 1, body: by }]),
      ),
    )
    const statuses = answers.map(([a]) => a!.status)
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1)
    const winner = answers.findIndex(([a]) => a!.status === 'applied')
    for (const [answer] of answers)
      if (answer!.status === 'conflict')
        expect(answer!.current.by).toBe(['office', 'laptop', 'till-3', 'till-4'][winner])
  })

  it('deletes as a versioned tombstone, and a row that never existed conflicts at version 0', async () => {
    const pool = await freshPool()
    await push(pool, 's1', 'office', [{ kind: 'name', key: 'a', baseVersion: 0, body: 'A' }])
    const [deleted] = await push(pool, 's1', 'office', [
      { kind: 'name', key: 'a', baseVersion: 1, body: null, deleted: true },
    ])
    expect(deleted).toMatchObject({ status: 'applied', version: 2 })
    const [ghost] = await push(pool, 's1', 'office', [
      { kind: 'name', key: 'never', baseVersion: 3, body: 'x' },
    ])
    expect(ghost).toMatchObject({ status: 'conflict', current: { version: 0, deleted: true } })
    const { rows } = await pull(pool, 's1', 0, 10)
    expect(rows).toMatchObject([{ key: 'a', version: 2, deleted: true }])
  })

  it('keeps stores apart in one database', async () => {
    const pool = await freshPool()
    await push(pool, 'north', 'office', [{ kind: 'name', key: 'a', baseVersion: 0, body: 'N' }])
    const [south] = await push(pool, 'south', 'office', [
      { kind: 'name', key: 'a', baseVersion: 0, body: 'S' },
    ])
    expect(south).toMatchObject({ status: 'applied', version: 1, change: 1 })
    expect((await pull(pool, 'north', 0, 10)).rows.map((r) => r.body)).toEqual(['N'])
    expect((await pull(pool, 'south', 0, 10)).rows.map((r) => r.body)).toEqual(['S'])
  })

  it('keeps a body as it was sent, key order included', async () => {
    const pool = await freshPool()
    const body = { zeta: 1, alpha: { b: 2, a: [3, 'x'] }, mid: null }
    await push(pool, 's1', 'office', [{ kind: 'exportPage', key: 'p', baseVersion: 0, body }])
    const { rows } = await pull(pool, 's1', 0, 1)
    expect(JSON.stringify(rows[0]!.body)).toBe(JSON.stringify(body))
  })
})

describe('pull by change number', () => {
  it('pages in change order and says when there is more', async () => {
    const pool = await freshPool()
    for (const key of ['a', 'b', 'c', 'd', 'e'])
      await push(pool, 's1', 'office', [{ kind: 'name', key, baseVersion: 0, body: key }])
    const first = await pull(pool, 's1', 0, 2)
    expect(first).toMatchObject({ head: 5, more: true })
    expect(first.rows.map((r) => [r.key, r.change])).toEqual([
      ['a', 1],
      ['b', 2],
    ])
    const rest = await pull(pool, 's1', 2, 10)
    expect(rest.rows.map((r) => r.key)).toEqual(['c', 'd', 'e'])
    expect(rest.more).toBe(false)
    expect(await pull(pool, 'nobody', 0, 10)).toEqual({ rows: [], head: 0, more: false })
  })

  it('hands out no row numbered past the store’s counter, and the database takes no number past exact integers', async () => {
    const pool = await freshPool()
    for (const key of ['a', 'b'])
      await push(pool, 's1', 'office', [{ kind: 'name', key, baseVersion: 0, body: key }])
    const forge = (key: string, change: bigint) =>
      pool.query(
        `INSERT INTO till_rows (store_id, kind, key, version, change, body, by_pc)
         VALUES ('s1', 'name', $1, 1, $2, '"forged"', 'hostile')`,
        [key, change.toString()],
      )
    // Written around Till: past exact integers the database refuses it, short of them it is kept.
    await expect(forge('far', 2n ** 53n + 10n)).rejects.toMatchObject({ code: '23514' })
    await expect(
      pool.query(`UPDATE till_stores SET head = $1 WHERE store_id = 's1'`, [
        (2n ** 53n + 10n).toString(),
      ]),
    ).rejects.toMatchObject({ code: '23514' })
    await forge('ahead', 50n)

    expect(await pull(pool, 's1', 0, 10)).toMatchObject({ head: 2, more: false })
    expect((await pull(pool, 's1', 0, 10)).rows.map((r) => r.key)).toEqual(['a', 'b'])
    await push(pool, 's1', 'office', [{ kind: 'name', key: 'c', baseVersion: 0, body: 'c' }])
    const next = await pull(pool, 's1', 2, 10)
    expect(next.rows.map((r) => [r.key, r.change])).toEqual([['c', 3]])
    expect(next.head).toBe(3)
  })

  it('a PC pulling while many others commit never skips a row (docs/shared-books.md#change-numbers: numbers visible in commit order)', async () => {
    const pool = await freshPool({ max: 12 })
    const writers = 8
    const perWriter = 25
    let done = false
    const seen = new Map<string, number>()
    let since = 0
    const puller = (async () => {
      for (;;) {
        const finished = done
        const answer = await pull(pool, 's1', since, 7)
        for (const row of answer.rows) {
          expect(row.change).toBeGreaterThan(since)
          seen.set(row.key, row.change)
          since = row.change
        }
        if (finished && !answer.more) return
      }
    })()
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++)
          await push(pool, 's1', `pc-${w}`, [
            { kind: 'count', key: `${w}-${i}`, baseVersion: 0, body: i },
          ])
      }),
    )
    done = true
    await puller
    expect(seen.size).toBe(writers * perWriter)
    expect([...seen.values()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: writers * perWriter }, (_, i) => i + 1),
    )
  })
})

describe('appendExport: compare-and-append per destination', () => {
  const batch = (n: number) => ({ entries: n, pages: [{ lines: [`line ${n}`] }] })
  /** `by` appends batch `n` to store s1's destination (Xero), having seen its head at `expectedSeq`. */
  const append = (
    pool: pg.Pool,
    a: { batchId: string; by: string; n: number; expectedSeq?: number; destinationId?: string },
  ) =>
    appendExport(pool, 's1', {
      destinationId: a.destinationId ?? 'xero',
      expectedSeq: a.expectedSeq ?? 0,
      batchId: a.batchId,
      by: a.by,
      batch: batch(a.n),
    })

  it('appends at the head, refuses a stale head, and answers a known batch id with its seq', async () => {
    const pool = await freshPool()
    const first = await append(pool, { batchId: 'b-1', by: 'office', n: 1 })
    expect(first).toEqual({ status: 'committed', seq: 1, change: 1 })
    const stale = await append(pool, { batchId: 'b-2', by: 'laptop', n: 2 })
    expect(stale).toEqual({ status: 'behind', headSeq: 1 })
    const retried = await append(pool, { batchId: 'b-1', by: 'office', n: 1 })
    expect(retried).toEqual({ status: 'already-committed', seq: 1 })
    const other = await append(pool, {
      batchId: 'b-3',
      by: 'laptop',
      n: 3,
      destinationId: 'hledger',
    })
    expect(other).toMatchObject({ status: 'committed', seq: 1 })

    const log = await exportLog(pool, 's1', 'xero', 0)
    expect(log).toMatchObject([{ seq: 1, batchId: 'b-1', batch: batch(1), by: 'office' }])
    expect(log[0]!.at).toBeGreaterThan(Date.now() - 60_000)
    expect(await exportLog(pool, 's1', 'xero', 1)).toEqual([])
    const { rows } = await pull(pool, 's1', 0, 10)
    expect(rows.map((r) => [r.kind, r.key])).toEqual([
      ['exportBatch', 'b-1'],
      ['exportBatch', 'b-3'],
    ])
    expect(rows[0]!.body).toEqual({
      destinationId: 'xero',
      seq: 1,
      batchId: 'b-1',
      batch: batch(1),
    })
  })

  it('two PCs appending to the same destination at the same moment: one committed, the other behind', async () => {
    const pool = await freshPool({ max: 10 })
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        ['office', 'laptop'].map((by) =>
          append(pool, { batchId: `${by}-${round}`, by, n: round, expectedSeq: round }),
        ),
      )
      expect(answers.map((a) => a.status).sort()).toEqual(['behind', 'committed'])
      expect(answers.find((a) => a.status === 'behind')).toEqual({
        status: 'behind',
        headSeq: round + 1,
      })
    }
    const log = await exportLog(pool, 's1', 'xero', 0)
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5])
  })

  it('info: empty for a new store; each destination’s head with its batch ids in order', async () => {
    const pool = await freshPool()
    expect(await storeInfo(pool, 's1')).toEqual({ empty: true, heads: [] })
    for (const [seq, id] of ['b-1', 'b-2'].entries())
      await append(pool, { batchId: id, by: 'office', n: seq, expectedSeq: seq })
    expect(await storeInfo(pool, 's1')).toEqual({
      empty: false,
      heads: [{ destinationId: 'xero', seq: 2, batchIds: ['b-1', 'b-2'] }],
    })
  })
})

describe('stagePart and appendStaged: an upload in parts appended as one', () => {
  const append = (batchId: string, expectedSeq: number, destinationId = 'xero') => ({
    destinationId,
    expectedSeq,
    batchId,
    batch: { entries: [`${batchId} “entry”`] },
  })
  /** Stages the JSON of `appends` cut in `parts` pieces; the number of pieces staged. */
  async function stage(pool: pg.Pool, uploadId: string, appends: unknown[], parts: number) {
    const text = JSON.stringify(appends)
    const size = Math.ceil(text.length / parts)
    for (let part = 0; part * size < text.length; part++)
      await stagePart(pool, 's1', uploadId, part, text.slice(part * size, (part + 1) * size))
    return Math.ceil(text.length / size)
  }
  const staged = async (pool: pg.Pool) =>
    Number((await pool.query('SELECT count(*) AS n FROM till_staged_parts')).rows[0].n)

  it('appends every batch of the parts joined, in order, answered one by one, and clears the parts', async () => {
    const pool = await freshPool()
    const appends = [append('b-1', 0), append('b-2', 1), append('h-1', 0, 'hledger')]
    const parts = await stage(pool, 'u-1', appends, 5)
    expect(await pull(pool, 's1', 0, 10)).toMatchObject({ rows: [], head: 0 })

    const answers = await appendStaged(pool, 's1', 'u-1', parts, 'office')
    expect(answers).toEqual([
      { status: 'committed', seq: 1, change: 1 },
      { status: 'committed', seq: 2, change: 2 },
      { status: 'committed', seq: 1, change: 3 },
    ])
    const log = await exportLog(pool, 's1', 'xero', 0)
    expect(log.map((e) => [e.batchId, e.batch, e.by])).toEqual([
      ['b-1', appends[0]!.batch, 'office'],
      ['b-2', appends[1]!.batch, 'office'],
    ])
    expect(await staged(pool)).toBe(0)
  })

  it('one batch behind appends none of the upload and answers that one’s head', async () => {
    const pool = await freshPool()
    await appendExport(pool, 's1', { ...append('other', 0, 'hledger'), by: 'laptop' })
    const parts = await stage(pool, 'u-1', [append('b-1', 0), append('h-1', 0, 'hledger')], 3)
    expect(await appendStaged(pool, 's1', 'u-1', parts, 'office')).toEqual([
      { status: 'behind', headSeq: 1 },
    ])
    expect(await exportLog(pool, 's1', 'xero', 0)).toEqual([])
    expect((await pull(pool, 's1', 0, 10)).rows.map((r) => r.key)).toEqual(['other'])
  })

  it('an upload missing a part is refused, appends nothing, and can be completed and appended', async () => {
    const pool = await freshPool()
    const appends = [append('b-1', 0), append('b-2', 1)]
    const text = JSON.stringify(appends)
    await stagePart(pool, 's1', 'u-1', 0, text.slice(0, 10))
    await stagePart(pool, 's1', 'u-1', 2, text.slice(20))
    await expect(appendStaged(pool, 's1', 'u-1', 3, 'office')).rejects.toThrow(
      'upload u-1 holds 2 of its 3 parts',
    )
    expect(await exportLog(pool, 's1', 'xero', 0)).toEqual([])
    // A part sent again replaces the one staged.
    await stagePart(pool, 's1', 'u-1', 1, 'garbled')
    await expect(appendStaged(pool, 's1', 'u-1', 3, 'office')).rejects.toThrow(/json/i)
    await stagePart(pool, 's1', 'u-1', 1, text.slice(10, 20))
    expect(await appendStaged(pool, 's1', 'u-1', 3, 'office')).toHaveLength(2)
    expect((await exportLog(pool, 's1', 'xero', 0)).map((e) => e.batchId)).toEqual(['b-1', 'b-2'])
  })

  it('clears the parts of an upload given up on a day ago when the next part is staged', async () => {
    const pool = await freshPool()
    await stagePart(pool, 's1', 'given-up', 0, '[')
    await pool.query("UPDATE till_staged_parts SET at = now() - interval '25 hours'")
    await stagePart(pool, 's1', 'u-2', 0, '[]')
    const { rows } = await pool.query('SELECT upload_id FROM till_staged_parts')
    expect(rows).toEqual([{ upload_id: 'u-2' }])
  })
})

describe('history: the latest changes, newest first', () => {
  it('gives each record as it last changed, by whom and when, and an export batch’s summary without its pages', async () => {
    const pool = await freshPool()
    await push(pool, 's1', 'office', [
      { kind: 'reconciliation', key: 'S-1', baseVersion: 0, body: { counted: 1 } },
    ])
    await appendExport(pool, 's1', {
      destinationId: 'xero',
      expectedSeq: 0,
      batchId: 'b-1',
      by: 'laptop',
      batch: { batch: { id: 'b-1', entryCount: 42 }, pages: [{ entries: ['x'] }] },
    })
    await push(pool, 's1', 'laptop', [
      {
        kind: 'reconciliation',
        key: 'S-1',
        baseVersion: 1,
        body: { counted: 2, log: [{ action: 'reconciled' }, { action: 'reopened' }] },
      },
    ])
    await push(pool, 's1', 'office', [
      { kind: 'cashMovement', key: 'M1', baseVersion: 0, body: { kind: 'pay-in', replaces: null } },
      { kind: 'cashMovement', key: 'M2', baseVersion: 0, body: { kind: 'pay-in', replaces: 'M1' } },
      { kind: 'cashMovement', key: 'M3', baseVersion: 0, body: { kind: 'cancel', replaces: 'M2' } },
    ])
    const items = await history(pool, 's1', 10)
    const common = { version: 1, deleted: false, by: 'office', batch: null }
    expect(items.map(({ at: _at, ...rest }) => rest)).toEqual([
      { ...common, kind: 'cashMovement', key: 'M3', action: 'cancelled' },
      { ...common, kind: 'cashMovement', key: 'M2', action: 'corrected' },
      { ...common, kind: 'cashMovement', key: 'M1', action: null },
      {
        kind: 'reconciliation',
        key: 'S-1',
        version: 2,
        deleted: false,
        by: 'laptop',
        batch: null,
        action: 'reopened',
      },
      {
        kind: 'exportBatch',
        key: 'b-1',
        version: 1,
        deleted: false,
        by: 'laptop',
        batch: { destinationId: 'xero', seq: 1, entries: 42 },
        action: null,
      },
    ])
    expect(items[0]!.at).toBeGreaterThan(Date.now() - 60_000)
    expect(await history(pool, 's1', 1)).toHaveLength(1)
  })
})
