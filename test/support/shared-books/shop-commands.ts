import fc from 'fast-check'
import type { TillDatabase } from '../../../src-renderer/database/database'
import {
  movementsOfSession,
  recordMovement,
} from '../../../src-renderer/day-close/tables/cash-movement-store'
import {
  standingMovements,
  type CashMovement,
} from '../../../src-renderer/day-close/rules/cash-movements'
import { reopenSession } from '../../../src-renderer/day-close/jobs/reconcile'
import { saveLocationName } from '../../../src-renderer/settings/tables/location-names'
import { chooseMovement } from '../../../src-renderer/shared-books/tables/movement-standing'
import { setAsideRows } from '../../../src-renderer/shared-books/tables/shared-apply'
import { importStatement } from '../../../src-renderer/deposits/jobs/import-statement'
import { matchByHand, unmatchDeposit } from '../../../src-renderer/deposits/jobs/hand-match'
import { storedMatches } from '../../../src-renderer/deposits/tables/deposit-matches'
import { statementLines } from '../../../src-renderer/deposits/tables/statement-lines'
import { countSession, SALE_AT } from '../exports/counted-session'
import { PLAIN_CSV, plainCsv } from '../deposits/shop'
import { attempt } from './converging'
import type { PcOnBooks, PcsOnPostgres } from './pcs-on-postgres'
import { exportShared } from './posted-once'

/**
 * What three PCs of one shop do to shared books, in any order: the drawers' cash movements
 * (floats, pay-ins and pay-outs, corrections and cancels of whatever stands, so corrections of
 * corrections, two PCs correcting the same one, a person's choice between rivals, which deletes
 * one on the books), counts and reopens, location names, a bank statement's deposits matched and
 * unmatched, and exports to two destinations; meanwhile a PC goes offline (its proxy refusing
 * the database, or its link stopped) and comes back, and answers to its commits get lost.
 */

export const PCS = 3
/** Session S (location 101, 50.00 cash) and s1 (loc1, 21.85 cash, 10.00 card). */
export const SESSIONS = ['S', 's1'] as const
export const DESTINATIONS = ['xero', 'second-organisation'] as const
const LOCATIONS = ['101', 'loc1'] as const
/** The day after the sales, when the manager works on them. */
const LATER = SALE_AT + 13 * 3600_000

/** The bank's statement: each session's cash banked, and the card money less its fee. */
const STATEMENT = {
  bankAccountId: 'main',
  csv: PLAIN_CSV,
  text: plainCsv([
    '2026-11-23,CASH DEPOSIT,50.00,50.00',
    '2026-11-23,CASH DEPOSIT,21.85,71.85',
    '2026-11-24,CARD SETTLEMENT,9.80,81.65',
  ]),
}
/** Which expected deposit a bank line of the statement is, by its amount. */
const DEPOSIT_OF_AMOUNT = new Map([
  [5000, 'cash|101|2026-11-20'],
  [2185, 'cash|loc1|2026-11-20'],
  [980, 'card|loc1|2026-11-20'],
])

type Session = (typeof SESSIONS)[number]
interface Correction {
  session: Session
  pick: number
  amount: number
  cancel: boolean
}

export type ShopCommand =
  | { kind: 'pay'; pc: number; session: Session; amount: number; out: boolean }
  | { kind: 'float'; pc: number; session: Session; amount: number }
  | ({ kind: 'correct'; pc: number } & Correction)
  | ({ kind: 'race'; pcs: [number, number] } & Correction)
  | { kind: 'choose'; pc: number; pick: number; kept: boolean }
  | { kind: 'count'; pc: number; cash: number }
  | { kind: 'reopen'; pc: number }
  | { kind: 'rename'; pc: number; location: string; name: string }
  | { kind: 'import'; pc: number }
  | { kind: 'match'; pc: number; pick: number; undo: boolean }
  | { kind: 'export'; pc: number; destination: string; loseAnswer: boolean }
  | { kind: 'apart'; pc: number; how: 'proxy' | 'link' }
  | { kind: 'back'; pc: number }
  | { kind: 'lose'; pc: number }
  | { kind: 'sync'; pc: number }

const pc = fc.nat({ max: PCS - 1 })
const session = fc.constantFrom(...SESSIONS)
const amount = fc.integer({ min: 1, max: 9_000 })
const correction = { session, pick: fc.nat({ max: 3 }), amount, cancel: fc.boolean() }
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
const kind = <K extends ShopCommand['kind']>(name: K) => fc.constant(name)

export const shopCommand: fc.Arbitrary<ShopCommand> = fc.oneof(
  weighted(3, fc.record({ kind: kind('pay'), pc, session, amount, out: fc.boolean() })),
  weighted(2, fc.record({ kind: kind('float'), pc, session, amount })),
  weighted(4, fc.record({ kind: kind('correct'), pc, ...correction })),
  weighted(
    3,
    fc.record({
      kind: kind('race'),
      pcs: fc.tuple(pc, pc).filter(([a, b]) => a !== b),
      ...correction,
    }),
  ),
  weighted(
    2,
    fc.record({ kind: kind('choose'), pc, pick: fc.nat({ max: 3 }), kept: fc.boolean() }),
  ),
  weighted(2, fc.record({ kind: kind('count'), pc, cash: fc.integer({ min: 4_000, max: 6_000 }) })),
  weighted(1, fc.record({ kind: kind('reopen'), pc })),
  weighted(
    1,
    fc.record({
      kind: kind('rename'),
      pc,
      location: fc.constantFrom(...LOCATIONS),
      name: fc.constantFrom('', 'Kemang', 'Kemang Raya'),
    }),
  ),
  weighted(1, fc.record({ kind: kind('import'), pc })),
  weighted(2, fc.record({ kind: kind('match'), pc, pick: fc.nat({ max: 2 }), undo: fc.boolean() })),
  weighted(
    3,
    fc.record({
      kind: kind('export'),
      pc,
      destination: fc.constantFrom(...DESTINATIONS),
      loseAnswer: fc.boolean(),
    }),
  ),
  weighted(
    3,
    fc.record({ kind: kind('apart'), pc, how: fc.constantFrom('proxy' as const, 'link' as const) }),
  ),
  weighted(3, fc.record({ kind: kind('back'), pc })),
  weighted(1, fc.record({ kind: kind('lose'), pc })),
  weighted(3, fc.record({ kind: kind('sync'), pc })),
)

/** A PC of the run, and how it is cut off from the books, if it is. */
export interface ShopPc extends PcOnBooks {
  apart: 'proxy' | 'link' | null
}

/** One run: its PCs, what was refused on the way, what went through (by kind, over all runs). */
export interface ShopRun {
  books: PcsOnPostgres
  pcs: ShopPc[]
  failures: string[]
  done: Map<string, number>
}

function newMovement(id: string, at: number, over: Partial<CashMovement>): CashMovement {
  const base = { id, sessionId: 'S', kind: 'pay-in', amount: 1, currency: 'USD' } as const
  return { ...base, category: null, at, by: 'Ana', note: 'drawer', replaces: null, ...over }
}

async function correct(db: TillDatabase, c: Correction, id: string, at: number): Promise<void> {
  const standing = standingMovements(await movementsOfSession(db, c.session))
  const target = standing[c.pick % Math.max(1, standing.length)]
  if (!target) throw new Error('nothing stands to correct')
  const changed = { kind: c.cancel ? 'cancel' : target.kind, amount: c.cancel ? 0 : c.amount }
  await recordMovement(
    db,
    newMovement(id, at, { ...changed, sessionId: c.session, replaces: target.id }),
  )
}

/** A person's choice over a movement kept aside beside its rival: either way one is deleted. */
async function choose(db: TillDatabase, pick: number, kept: boolean): Promise<void> {
  const rivals = (await setAsideRows(db)).filter((row) => row.held?.rival)
  const row = rivals[pick % Math.max(1, rivals.length)]
  if (!row) throw new Error('no movement kept aside')
  await chooseMovement(db, row.ref, kept ? 'kept' : 'standing')
}

/** A person matches a bank line to its deposit by hand, or undoes the match that stands. */
async function match(db: TillDatabase, pick: number, undo: boolean, at: number): Promise<void> {
  if (undo) {
    const confirmed = (await storedMatches(db)).filter((m) => m.state === 'confirmed')
    const one = confirmed[pick % Math.max(1, confirmed.length)]
    if (!one) throw new Error('no match to undo')
    return unmatchDeposit(db, one.id, 'Budi', at)
  }
  const matched = new Set(
    (await storedMatches(db)).filter((m) => m.state === 'confirmed').flatMap((m) => m.bankLineIds),
  )
  const free = (await statementLines(db)).filter((l) => !matched.has(l.id))
  const line = free[pick % Math.max(1, free.length)]
  if (!line) throw new Error('no bank line left to match')
  const expectedIds = [DEPOSIT_OF_AMOUNT.get(line.amount)!]
  const chosen = { bankAccountId: 'main', bankLineIds: [line.id], expectedIds }
  await matchByHand(db, chosen, 'Ana', 'USD', at)
}

/** Runs what the shop does: `id` names what it records, `at` is when. */
function work(run: ShopRun, c: ShopCommand, id: string, at: number): () => Promise<unknown> {
  if (c.kind === 'race')
    // Two PCs in step correct what each holds at the same place, neither seeing the other's.
    return async () => {
      for (const one of c.pcs) if (!run.pcs[one]!.apart) await run.pcs[one]!.link.syncNow()
      for (const [n, one] of c.pcs.entries())
        await correct(run.pcs[one]!.db, { ...c, amount: c.amount + n }, `${id}-${n}`, at)
    }
  const one = run.pcs[c.pc]!
  const { db, link, proxy } = one
  switch (c.kind) {
    case 'pay': {
      const kind = c.out ? 'pay-out' : 'pay-in'
      return () =>
        recordMovement(db, newMovement(id, at, { kind, sessionId: c.session, amount: c.amount }))
    }
    case 'float':
      return () =>
        recordMovement(
          db,
          newMovement(id, at, { kind: 'float', sessionId: c.session, amount: c.amount }),
        )
    case 'correct':
      return () => correct(db, c, id, at)
    case 'choose':
      return () => choose(db, c.pick, c.kept)
    case 'count':
      return () =>
        countSession(db, { countedCash: c.cash, countedBy: 'Ana', note: 'Counted', now: at })
    case 'reopen':
      return () => reopenSession(db, { sessionId: 'S', by: 'Budi', reason: 'Recount', now: at })
    case 'rename':
      return () => saveLocationName(db, c.location, c.name)
    case 'import':
      return () => importStatement(db, STATEMENT, 'USD', at)
    case 'match':
      return () => match(db, c.pick, c.undo, at)
    case 'export':
      return async () => {
        // A PC whose link is stopped is one whose window is closed: it exports nothing.
        if (one.apart === 'link') throw new Error('the link is stopped')
        if (c.loseAnswer) void proxy.loseNextCommitAnswer(/\btill_append_export\s*\(/)
        await exportShared(one, c.destination)
      }
    case 'apart':
      return async () => {
        if (one.apart) return
        one.apart = c.how
        if (c.how === 'proxy') proxy.setOffline(true)
        else link.stop()
      }
    case 'back':
      return () => comeBack(run, one)
    case 'lose':
      return async () => void proxy.loseNextCommitAnswer(/\btill_push\s*\(/)
    case 'sync':
      return () => link.syncNow()
  }
}

/** The PC reaches the books again: its proxy passes again, or its link starts again. */
export async function comeBack(run: ShopRun, one: ShopPc): Promise<void> {
  if (one.apart === 'proxy') one.proxy.setOffline(false)
  if (one.apart === 'link') await run.books.restartLink(one)
  one.apart = null
}

export async function runCommand(run: ShopRun, c: ShopCommand, id: string, at: number) {
  if (await attempt(work(run, c, id, at), run.failures))
    run.done.set(c.kind, (run.done.get(c.kind) ?? 0) + 1)
}

export const commandTime = (index: number): number => LATER + index * 60_000
