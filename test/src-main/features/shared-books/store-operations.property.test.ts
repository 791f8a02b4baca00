import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type pg from 'pg'
import {
  appendExport,
  exportLog,
  pull,
  push,
  type ExportAppend,
} from '../../../../src-main/features/shared-books/store-operations'
import {
  migratedDatabase,
  onceReachable,
  usePostgresBehindProxy,
} from '../../../support/shared-books/store-database'

const books = usePostgresBehindProxy()

const DESTINATIONS = ['xero', 'hledger']
const KEYS = ['cash', 'card', 'loc-1']

type Step =
  | { kind: 'append'; pc: number; destination: number; loseAnswer: boolean }
  | { kind: 'race'; pcs: [number, number]; destination: number }
  | { kind: 'push'; pc: number; key: number; loseAnswer: boolean }
  | { kind: 'pull'; pc: number }
  | { kind: 'retry'; pc: number }
  | { kind: 'restart'; immediate: boolean }

/** What one simulated PC knows: the rows it pulled, the heads it saw, a commit it never heard of. */
interface Pc {
  name: string
  pool: pg.Pool
  since: number
  rows: Map<string, { version: number; body: unknown }>
  heads: Map<string, number>
  /** An export sent whose answer never came: retried with the same batch id. */
  pending: ExportAppend | null
  planned: number
}

function step(pcs: number): fc.Arbitrary<Step> {
  const pc = fc.integer({ min: 0, max: pcs - 1 })
  const destination = fc.integer({ min: 0, max: DESTINATIONS.length - 1 })
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('append' as const),
        pc,
        destination,
        loseAnswer: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(pc, pc, destination)
        .filter(([a, b]) => a !== b)
        .map(([a, b, d]) => ({
          kind: 'race' as const,
          pcs: [a, b] as [number, number],
          destination: d,
        })),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('push' as const),
        pc,
        key: fc.integer({ min: 0, max: KEYS.length - 1 }),
        loseAnswer: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('pull' as const), pc }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pc }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('restart' as const), immediate: fc.boolean() }),
    },
  )
}

const scenario = fc
  .integer({ min: 2, max: 5 })
  .chain((pcs) =>
    fc.record({
      pcs: fc.constant(pcs),
      steps: fc.array(step(pcs), { minLength: 5, maxLength: 25 }),
    }),
  )
  .filter(({ steps }) => steps.filter((s) => s.kind === 'restart').length <= 1)

async function pullToHead(pc: Pc, storeId: string): Promise<void> {
  for (;;) {
    const answer = await pull(pc.pool, storeId, pc.since, 7)
    for (const row of answer.rows) {
      expect(row.change).toBeGreaterThan(pc.since)
      pc.since = row.change
      pc.rows.set(`${row.kind}/${row.key}`, { version: row.version, body: row.body })
      if (row.kind === 'exportBatch') {
        const { destinationId, seq } = row.body as { destinationId: string; seq: number }
        pc.heads.set(destinationId, Math.max(pc.heads.get(destinationId) ?? 0, seq))
      }
    }
    if (!answer.more) return
  }
}

/** Runs an operation as a PC would: a failure (lost answer, server gone) is only noted. */
async function attempt<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work
  } catch {
    return null
  }
}

async function runScenario({ pcs: count, steps }: { pcs: number; steps: Step[] }): Promise<void> {
  const database = await migratedDatabase(books.server, 'property')
  const admin = books.server.pool(database)
  const storeId = 'store'
  const pcs: Pc[] = Array.from({ length: count }, (_, i) => {
    const pool = books.server.pool(database, { port: books.proxy.port, max: 2 })
    return {
      name: `pc-${i}`,
      pool,
      since: 0,
      rows: new Map(),
      heads: new Map(),
      pending: null,
      planned: 0,
    }
  })
  const plan = (pc: Pc, destination: number): ExportAppend => {
    const destinationId = DESTINATIONS[destination]!
    pc.planned += 1
    const batchId = `${pc.name}-${pc.planned}`
    return {
      destinationId,
      expectedSeq: pc.heads.get(destinationId) ?? 0,
      batchId,
      by: pc.name,
      batch: { intent: batchId },
    }
  }
  const send = async (pc: Pc, append: ExportAppend, loseAnswer: boolean) => {
    pc.pending = append
    if (loseAnswer) void books.proxy.loseNextCommitAnswer()
    const answer = await attempt(appendExport(pc.pool, storeId, append))
    if (!answer) return
    pc.pending = null
    if (answer.status === 'behind') await attempt(pullToHead(pc, storeId))
    else pc.heads.set(append.destinationId, answer.seq)
  }
  try {
    for (const s of steps) {
      if (s.kind === 'append') {
        const pc = pcs[s.pc]!
        await send(pc, pc.pending ?? plan(pc, s.destination), s.loseAnswer)
      } else if (s.kind === 'race') {
        const [a, b] = s.pcs.map((i) => pcs[i]!) as [Pc, Pc]
        await Promise.all([
          send(a, a.pending ?? plan(a, s.destination), false),
          send(b, b.pending ?? plan(b, s.destination), false),
        ])
      } else if (s.kind === 'push') {
        const pc = pcs[s.pc]!
        const key = KEYS[s.key]!
        const base = pc.rows.get(`mapping/${key}`)?.version ?? 0
        if (s.loseAnswer) void books.proxy.loseNextCommitAnswer()
        const answer = await attempt(
          push(pc.pool, storeId, pc.name, [
            { kind: 'mapping', key, baseVersion: base, body: `${pc.name}@${base}` },
          ]),
        )
        if (answer?.[0]?.status === 'conflict') await attempt(pullToHead(pc, storeId))
      } else if (s.kind === 'pull') {
        await attempt(pullToHead(pcs[s.pc]!, storeId))
      } else if (s.kind === 'retry') {
        const pc = pcs[s.pc]!
        if (pc.pending) await send(pc, pc.pending, false)
      } else {
        await books.server.restart({ immediate: s.immediate })
      }
      books.proxy.cutAll()
    }
    // Every PC settles what it sent without an answer, then pulls to the head.
    for (const pc of pcs) {
      for (let tries = 0; pc.pending; tries++) {
        if (tries > 50) throw new Error(`${pc.name} could not settle ${pc.pending.batchId}`)
        await onceReachable(() => send(pc, pc.pending!, false))
        if (pc.pending) await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    for (const pc of pcs) await onceReachable(() => pullToHead(pc, storeId))

    for (const destinationId of DESTINATIONS) {
      const log = await exportLog(admin, storeId, destinationId, 0)
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1))
      const intents = log.map((e) => (e.batch as { intent: string }).intent)
      expect(new Set(intents).size).toBe(intents.length)
      for (const entry of log)
        expect((entry.batch as { intent: string }).intent).toBe(entry.batchId)
    }
    const truth = (await pull(admin, storeId, 0, 1000)).rows
    const expected = new Map(
      truth.map((r) => [`${r.kind}/${r.key}`, { version: r.version, body: r.body }]),
    )
    for (const pc of pcs) expect(pc.rows).toEqual(expected)
  } finally {
    await Promise.allSettled(pcs.map((pc) => pc.pool.end()))
    await admin.end()
  }
}

/**
 * Runs that once failed, replayed first. A push whose answer was lost was the last write, and the
 * PCs pulled for the last time while the server was still committing it.
 */
const FOUND: Array<[{ pcs: number; steps: Step[] }]> = [
  [
    {
      pcs: 2,
      steps: [
        { kind: 'append', pc: 0, destination: 1, loseAnswer: false },
        { kind: 'pull', pc: 0 },
        { kind: 'race', pcs: [1, 0], destination: 0 },
        { kind: 'retry', pc: 0 },
        { kind: 'retry', pc: 1 },
        { kind: 'pull', pc: 1 },
        { kind: 'push', pc: 0, key: 0, loseAnswer: true },
        { kind: 'retry', pc: 0 },
      ],
    },
  ],
]

describe('shared books under random interleavings of 2–5 PCs', () => {
  it('never applies a batch twice, keeps each destination gapless, and every PC converges', async () => {
    await fc.assert(fc.asyncProperty(scenario, runScenario), {
      numRuns: 12,
      endOnFailure: true,
      examples: FOUND,
    })
  }, 600_000)
})
