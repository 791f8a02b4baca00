import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parseDatabaseAddress } from '../../../src-main/features/shared-books/connection-options'
import { SharedBooksConnection } from '../../../src-main/features/shared-books/shared-books-connection'
import { appendExport, push } from '../../../src-main/features/shared-books/store-operations'
import { createLogger } from '../../../src-main/logging/logger'
import { Secret } from '../../../src-main/logging/secret'
import { startTestPostgres } from '../../support/postgres'
import type { Figure } from '../results'
import { percentile } from '../stats'

/**
 * Ten PCs on one shop's shared books at once (issue 24): each is main's connection (a pool and a
 * LISTEN connection) in this process, exporting to one shared destination and confirming counts
 * as fast as it can against one embedded PostgreSQL. Counted: commits a second, the exports that
 * lost the race (and planned again), the p99 of a commit, how long a change made on one PC takes
 * to be heard on another (NOTIFY), and this process's heap before and after.
 */

const PCS = 10
const STORE = 'bench-store'
const DESTINATION = 'xero'

function heapMb(): number {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  return process.memoryUsage().heapUsed / 1_048_576
}

export async function measureSharedBooks(options: { seconds: number }): Promise<Figure[]> {
  const server = await startTestPostgres()
  const connections: SharedBooksConnection[] = []
  try {
    await server.createDatabase('bench')
    const address = parseDatabaseAddress(server.url('bench'))
    const password = new Secret(server.password)
    /** When each change number was heard, per PC. */
    const heard = Array.from({ length: PCS }, () => new Map<number, number>())
    const log = createLogger('bench-shared-books')
    for (let pc = 0; pc < PCS; pc++) {
      const connection = new SharedBooksConnection(
        address,
        password,
        null,
        {
          changed: (_storeId, change) => heard[pc]!.set(change, performance.now()),
          status: () => undefined,
          reached: () => undefined,
        },
        log,
        async () => [],
      )
      connections.push(connection)
      connection.listen()
      await connection.run((pool) => pool.query('SELECT 1'))
    }
    const heapStart = heapMb()

    const commitMs: number[] = []
    /** change number → [who made it, when its commit began]. */
    const made = new Map<number, [number, number]>()
    let conflicts = 0
    let commits = 0
    const endAt = performance.now() + options.seconds * 1000
    await Promise.all(
      connections.map(async (connection, pc) => {
        let headSeq = 0
        let counts = 0
        for (let round = 0; performance.now() < endAt; round++) {
          const started = performance.now()
          if (round % 2 === 0) {
            const answer = await connection.run((pool) =>
              appendExport(pool, STORE, {
                destinationId: DESTINATION,
                expectedSeq: headSeq,
                batchId: `pc${pc}-${round}`,
                by: `pc-${pc}`,
                batch: { pages: [{ lines: round }] },
              }),
            )
            commitMs.push(performance.now() - started)
            if (answer.status === 'behind') {
              conflicts += 1
              headSeq = answer.headSeq
            } else if (answer.status === 'committed') {
              commits += 1
              headSeq = answer.seq
              made.set(answer.change, [pc, started])
            }
          } else {
            counts += 1
            const [result] = await connection.run((pool) =>
              push(pool, STORE, `pc-${pc}`, [
                {
                  kind: 'reconciliation',
                  key: `pc${pc}-session-${counts}`,
                  baseVersion: 0,
                  body: { countedCash: 1000 + counts },
                },
              ]),
            )
            commitMs.push(performance.now() - started)
            if (result?.status === 'applied') {
              commits += 1
              made.set(result.change, [pc, started])
            } else conflicts += 1
          }
        }
      }),
    )
    // Let the last notifications arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const propagation: number[] = []
    for (const [change, [maker, started]] of made) {
      const times = heard.flatMap((seen, pc) => {
        const at = pc === maker ? undefined : seen.get(change)
        return at === undefined ? [] : [at - started]
      })
      if (times.length > 0) propagation.push(Math.min(...times))
    }
    commitMs.sort((a, b) => a - b)
    propagation.sort((a, b) => a - b)
    const attempts = commitMs.length
    const commitP99 = percentile(commitMs, 99)
    const commitMedian = percentile(commitMs, 50)
    const heardP99 = propagation.length > 0 ? percentile(propagation, 99) : null
    const heardNote = `${propagation.length} of ${made.size} changes heard; median ${
      propagation.length > 0 ? percentile(propagation, 50).toFixed(1) : '—'
    } ms`
    // The bench's own records of every commit and hearing go before the heap is read again, so
    // what is left is what main's connections hold.
    commitMs.length = 0
    propagation.length = 0
    made.clear()
    for (const seen of heard) seen.clear()
    const heapEnd = heapMb()
    const id = 'shared-books'
    return [
      {
        id,
        key: 'shared-books.commits-per-second',
        label: `shared books, ${PCS} PCs exporting and counting for ${options.seconds} s: commits a second`,
        value: commits / options.seconds,
        unit: '/s',
      },
      {
        id,
        key: 'shared-books.conflicts',
        label: '  exports that lost the race to another PC (planned again)',
        value: conflicts,
        unit: '',
        note: `of ${attempts} attempts`,
      },
      {
        id,
        key: 'shared-books.commit-p99-ms',
        label: '  p99 commit time',
        value: commitP99,
        unit: 'ms',
        target: { at: 'most', value: 50 },
        note: `median ${commitMedian.toFixed(1)} ms`,
      },
      {
        id,
        key: 'shared-books.propagation-ms',
        label: '  a change on one PC heard on another (NOTIFY), p99',
        value: heardP99,
        unit: 'ms',
        target: { at: 'most', value: 2000 },
        note: heardNote,
      },
      {
        id,
        key: 'shared-books.heap-start-mb',
        label: "  main's heap at the start",
        value: heapStart,
        unit: 'MB',
      },
      {
        id,
        key: 'shared-books.heap-end-mb',
        label: "  main's heap at the end (the bench's own records let go)",
        value: heapEnd,
        unit: 'MB',
      },
    ]
  } finally {
    await Promise.allSettled(connections.map((c) => c.close()))
    await server.stop()
  }
}
