import fc from 'fast-check'
import { expect } from 'vitest'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { addDestination } from '../../../src-renderer/exports/tables/destinations'
import { restoreRecords } from '../../../src-renderer/backup/jobs/records-backup'
import { sessionFigures } from '../../../src-renderer/sessions/tables/session-tally-store'
import { movementsOfSession } from '../../../src-renderer/day-close/tables/cash-movement-store'
import { standingMovements } from '../../../src-renderer/day-close/rules/cash-movements'
import { backupOf } from '../backup/pcs'
import { booksMovements, modelDrawer } from './drawer-model'
import {
  everyonePulls,
  settleConflicts,
  sharedRecords,
  standingState,
  syncAgain,
} from './converging'
import { PROFILE, syncedCache } from './linked-pc'
import type { PcsOnPostgres } from './pcs-on-postgres'
import { exportShared, expectPostedOnce } from './posted-once'
import {
  comeBack,
  commandTime,
  DESTINATIONS,
  PCS,
  runCommand,
  SESSIONS,
  shopCommand,
  type ShopCommand,
  type ShopPc,
  type ShopRun,
} from './shop-commands'

/**
 * The whole shop on shared books as one property (docs/shared-books.md): three PCs do what
 * `shop-commands.ts` lists in any order, offline for a while, losing answers. Once every PC is
 * back, has synced, and a person has chosen the books' version of each record changed on two
 * PCs: every PC holds the same records and shows the same movements kept aside; each drawer's
 * figures are what an independent reading of the books' movements gives (`drawer-model.ts`); a
 * fresh PC joining takes the same, and its backup, like each PC's, restores to the same on
 * another; and within each destination no entry is in two files, while what the books hold per
 * posting key is what that fresh PC exports of the day alone (nothing lost).
 */

export const shopScenario = fc.array(shopCommand, { minLength: 8, maxLength: 24 })

/** The cash in each session's drawer from its sales (the caches' bills), movements aside. */
const CASH_TAKEN: Record<string, number> = { S: 5000, s1: 2185 }

/** A drawer as Day close shows it: the movements that stand, and its figures. */
async function drawer(db: TillDatabase, sessionId: string) {
  const f = await sessionFigures(db, (await db.sessions.get(sessionId))!)
  const { openingCash, payIns, payOuts, drops, expectedCash } = f
  const standing = standingMovements(await movementsOfSession(db, sessionId))
  const ids = standing.map((m) => m.id).sort()
  return { standing: ids, openingFloat: openingCash, payIns, payOuts, drops, expectedCash }
}

/** A backup of `db` restored on a fresh PC of the shop holds its records and drawers. */
async function expectRestores(db: TillDatabase): Promise<void> {
  const restored = await syncedCache()
  await restoreRecords(restored, await backupOf(db), PROFILE.storeId)
  expect(await sharedRecords(restored)).toEqual(await sharedRecords(db))
  for (const session of SESSIONS)
    expect(await drawer(restored, session)).toEqual(await drawer(db, session))
}

/** Brings every PC back and in step; a person takes the books' version of each conflict. */
async function endInStep(run: ShopRun): Promise<void> {
  for (const one of run.pcs) await comeBack(run, one)
  await everyonePulls(run.pcs)
  await settleConflicts(run.pcs)
  for (const destinationId of DESTINATIONS) await exportShared(run.pcs[0]!, destinationId)
  await everyonePulls(run.pcs)
}

async function checkRun(run: ShopRun, database: string, commands: ShopCommand[]): Promise<void> {
  for (const [index, c] of commands.entries())
    await runCommand(run, c, `${database}-m${index}`, commandTime(index))
  await endInStep(run)
  const why = `refused on the way: ${run.failures.join(' | ')}`

  const first = await standingState(run.pcs[0]!.db)
  for (const one of run.pcs.slice(1)) expect(await standingState(one.db), why).toEqual(first)

  const pool = run.books.server.pool(database, { max: 1 })
  const movements = await booksMovements(pool, PROFILE.storeId).finally(() => pool.end())
  for (const session of SESSIONS) {
    const model = modelDrawer(movements, session)
    const expectedCash =
      CASH_TAKEN[session]! + (model.openingFloat ?? 0) + model.payIns - model.payOuts - model.drops
    for (const { db } of run.pcs)
      expect(await drawer(db, session), `drawer ${session}; ${why}`).toEqual({
        ...model,
        expectedCash,
      })
  }

  const fresh = await run.books.joinPc(database)
  await syncAgain(fresh.link)
  fresh.link.stop()
  expect(await standingState(fresh.db)).toEqual(first)
  for (const { db } of [fresh, ...run.pcs]) await expectRestores(db)
  await expectPostedOnce(run.pcs[0]!.db, fresh.db, DESTINATIONS)
}

/**
 * The property's check of one scenario on a new database; `done` counts, over every run, each
 * kind of command that went through (so a test can say each was exercised).
 */
export function shopProperty(books: PcsOnPostgres, done = new Map<string, number>()) {
  return async (commands: ShopCommand[]): Promise<void> => {
    const database = await books.newBooks('shop')
    try {
      const pcs: ShopPc[] = []
      for (let i = 0; i < PCS; i++) pcs.push({ ...(await books.joinPc(database)), apart: null })
      await addDestination(pcs[0]!.db, 'Xero, second organisation', 'xero', DESTINATIONS[1])
      await everyonePulls(pcs)
      await checkRun({ books, pcs, failures: [], done }, database, commands)
    } finally {
      await books.stopAll()
    }
  }
}
