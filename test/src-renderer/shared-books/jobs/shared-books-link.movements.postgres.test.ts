import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { SharedBooksSync } from '../../../../src-renderer/shared-books/jobs/shared-books-sync'
import {
  chooseVersion,
  setAsideRows,
  sharedConflicts,
} from '../../../../src-renderer/shared-books/tables/shared-apply'
import {
  movementsOfSession,
  recordMovement,
} from '../../../../src-renderer/day-close/tables/cash-movement-store'
import {
  movementSums,
  standingMovements,
  type CashMovement,
} from '../../../../src-renderer/day-close/rules/cash-movements'
import { reopenSession } from '../../../../src-renderer/day-close/jobs/reconcile'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { backupOf, bills, closePcs, pc } from '../../../support/backup/pcs'
import { countSession, SALE_AT } from '../../../support/exports/counted-session'
import { startTestPostgres, type TestPostgres } from '../../../support/postgres'
import { linkedPc, PROFILE } from '../../../support/shared-books/linked-pc'

/**
 * Three PCs on one real PostgreSQL recording the drawer of one session in random interleavings:
 * pay-ins and pay-outs, floats, corrections and cancels of whatever stands (corrections of
 * corrections), counts and reopens, location names set and deleted, each PC syncing only when the
 * run says (between, it works alone, as if offline). Once all sync,
 * every PC holds the same standing state, with each rival kept aside on every PC, and a backup of
 * each restores on a fresh PC to the same drawer.
 */

let server: TestPostgres
let runs = 0
const stops: Array<() => Promise<void> | void> = []
const PCS = 3
const LATER = SALE_AT + 13 * 3600_000

beforeAll(async () => {
  server = await startTestPostgres()
}, 60_000)
async function stopAll(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) await stop()
  closePcs()
}
afterAll(async () => {
  await stopAll()
  await server?.stop()
}, 120_000)

interface Pc {
  db: TillDatabase
  /** Syncs only when the run says: no timer, no notification. */
  sync: SharedBooksSync
}

/** PC `i`, joined, its link's background sync stopped: apart from the others until it syncs. */
async function apartPc(url: string, i: number): Promise<Pc> {
  const { db, bridge, link } = await linkedPc(url, server.password, stops)
  link.stop()
  const place = { profileId: PROFILE.id, storeId: PROFILE.storeId, pcName: `PC ${i + 1}` }
  return { db, sync: new SharedBooksSync(db, bridge, place) }
}

type Command =
  | { kind: 'pay'; pc: number; amount: number; out: boolean }
  | { kind: 'float'; pc: number; amount: number }
  | { kind: 'correct'; pc: number; pick: number; amount: number; cancel: boolean }
  | { kind: 'count'; pc: number; cash: number }
  | { kind: 'reopen'; pc: number }
  | { kind: 'name'; pc: number; name: string }
  | { kind: 'sync'; pc: number }
  | { kind: 'race'; pcs: [number, number]; pick: number; amount: number; cancel: boolean }

const pcIndex = fc.integer({ min: 0, max: PCS - 1 })
const amount = fc.integer({ min: 1, max: 9_000 })
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pc: pcIndex,
      amount,
      out: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('float' as const), pc: pcIndex, amount }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      pc: pcIndex,
      pick: fc.nat({ max: 2 }),
      amount,
      cancel: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('count' as const),
    pc: pcIndex,
    cash: fc.integer({ min: 4_000, max: 6_000 }),
  }),
  fc.record({ kind: fc.constant('reopen' as const), pc: pcIndex }),
  fc.record({
    kind: fc.constant('name' as const),
    pc: pcIndex,
    name: fc.constantFrom('', 'Kemang', 'Kemang Raya'),
  }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), pc: pcIndex }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('race' as const),
      pcs: fc.tuple(pcIndex, pcIndex).filter(([a, b]) => a !== b),
      pick: fc.nat({ max: 2 }),
      amount,
      cancel: fc.boolean(),
    }),
  },
)

/** A refusal on the way (a float given already, a count made already) is part of the run. */
async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch {
    // What a person would be told; the run goes on.
  }
}

function newMovement(id: string, over: Partial<CashMovement>): CashMovement {
  return {
    id,
    sessionId: 'S',
    kind: 'pay-in',
    amount: 1,
    currency: 'USD',
    category: null,
    at: SALE_AT,
    by: 'Ana',
    note: 'drawer',
    replaces: null,
    ...over,
  }
}

async function run(pcs: Pc[], c: Command, id: string): Promise<void> {
  if (c.kind === 'race') {
    // Two PCs in step correct what each holds at the same place, neither seeing the other's.
    for (const one of c.pcs) await attempt(() => pcs[one]!.sync.syncNow())
    for (const [n, one] of c.pcs.entries())
      await run(pcs, { ...c, kind: 'correct', pc: one, amount: c.amount + n }, `${id}-${n}`)
    return
  }
  const { db, sync } = pcs[c.pc]!
  if (c.kind === 'pay')
    await attempt(() =>
      recordMovement(db, newMovement(id, { kind: c.out ? 'pay-out' : 'pay-in', amount: c.amount })),
    )
  else if (c.kind === 'float')
    await attempt(() => recordMovement(db, newMovement(id, { kind: 'float', amount: c.amount })))
  else if (c.kind === 'correct') {
    const standing = standingMovements(await movementsOfSession(db, 'S'))
    const target = standing[c.pick % Math.max(1, standing.length)]
    if (!target) return
    const kind = c.cancel ? 'cancel' : target.kind
    const correction = { kind, amount: c.cancel ? 0 : c.amount, replaces: target.id }
    await attempt(() => recordMovement(db, newMovement(id, correction)))
  } else if (c.kind === 'count')
    await attempt(() =>
      countSession(db, { countedCash: c.cash, countedBy: 'Ana', note: 'Counted', now: LATER }),
    )
  else if (c.kind === 'reopen')
    await attempt(() =>
      reopenSession(db, { sessionId: 'S', by: 'Budi', reason: 'Recount', now: LATER + 1 }),
    )
  else if (c.kind === 'name') await saveLocationName(db, 'loc1', c.name)
  else await attempt(() => sync.syncNow())
}

async function syncAll(pcs: Pc[]): Promise<void> {
  for (let round = 0; round < 3; round++) for (const { sync } of pcs) await sync.syncNow()
}

/** What a PC shows: its standing records, and the movements kept aside for a rival. */
async function standingState(db: TillDatabase): Promise<unknown> {
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
  return {
    movements: (await db.cashMovements.toArray()).sort(byId),
    aside: (await setAsideRows(db)).map((r) => [r.key, r.held !== undefined]),
    count: await db.reconciliations.get('S'),
    status: (await db.sessions.get('S'))?.status,
    names: await db.locationNames.toArray(),
  }
}

async function checkScenario(commands: Command[]): Promise<void> {
  const database = `movements_${++runs}`
  await server.createDatabase(database)
  try {
    const url = server.url(database)
    const pcs: Pc[] = []
    for (let i = 0; i < PCS; i++) pcs.push(await apartPc(url, i))
    for (const [index, c] of commands.entries()) await run(pcs, c, `r${runs}-m${index}`)

    await syncAll(pcs)
    // Two PCs that changed one record (a count, a name) keep both until a person chooses: here
    // the books' version, as the other PCs already show.
    for (const { db } of pcs)
      for (const conflict of await sharedConflicts(db))
        await chooseVersion(db, conflict.ref, 'theirs')
    await syncAll(pcs)

    const first = await standingState(pcs[0]!.db)
    for (const one of pcs.slice(1)) expect(await standingState(one.db)).toEqual(first)
    const drawer = movementSums(await movementsOfSession(pcs[0]!.db, 'S'))
    for (const { db } of pcs) {
      const fresh = await pc(bills())
      await restoreRecords(fresh, await backupOf(db), 'store-1')
      expect(movementSums(await movementsOfSession(fresh, 'S'))).toEqual(drawer)
    }
  } finally {
    await stopAll()
  }
}

describe('three PCs recording one drawer on one PostgreSQL', () => {
  it('hold the same standing state once all sync, whatever they did apart, and each backup restores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 6, maxLength: 16 }), checkScenario),
      { numRuns: 10 },
    )
  }, 120_000)
})
