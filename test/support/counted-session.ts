import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { TillDatabase } from '../../src-renderer/database/database'
import { noteSyncSuccess } from '../../src-renderer/sync/tables/checkpoints'
import { writeBills } from '../../src-renderer/sync/tables/writes'
import { recordMovement } from '../../src-renderer/day-close/tables/cash-movement-store'
import { sessionFigures } from '../../src-renderer/sessions/tables/session-tally-store'
import type { DayCloseFigures } from '../../src-renderer/day-close/rules/day-close'
import { confirmCount } from '../../src-renderer/day-close/jobs/reconcile'
import { makeBill } from './bill-factory'
import { countTransactions } from './transaction-count'

/**
 * Records an opening float of `float` (USD) in a session at `floatAt`, then confirms at `now` a
 * count of `countedCash` by AB against the session's figures with it; returns those figures.
 */
export async function countWithFloat(
  db: TillDatabase,
  {
    sessionId,
    float,
    floatAt,
    countedCash,
    now,
  }: { sessionId: string; float: number; floatAt: number; countedCash: number; now: number },
): Promise<DayCloseFigures> {
  await recordMovement(db, {
    id: `float-${sessionId}`,
    sessionId,
    kind: 'float',
    amount: float,
    currency: 'USD',
    category: null,
    at: floatAt,
    by: 'AB',
    note: '',
    replaces: null,
  })
  const seen = await sessionFigures(db, (await db.sessions.get(sessionId))!)
  await confirmCount(db, {
    sessionId,
    count: { countedCash, countedByMethod: {} },
    countedBy: 'AB',
    varianceNote: 'Tip jar emptied into the drawer',
    seen,
    currency: 'USD',
    now,
  })
  return seen
}

const HOUR = 3_600_000
/** 08:00 of 20 November 2026 in Jakarta, the morning of `countedShop`'s day. */
export const MORNING = Date.UTC(2026, 10, 20, 1, 0)

/** A cash sale of `amount` in a session of a location (101 unless said). */
export const cashSale = (
  id: string,
  session: string,
  amount: number,
  at: number,
  location = '101',
) => ({
  ...makeBill({ id, session, lines: [amount], at, payments: [{ method: 'cash', amount }] }),
  locationId: location,
})

/** Writes these bills as a sync does, with their details. */
export async function writeSales(
  db: TillDatabase,
  bills: ReturnType<typeof cashSale>[],
): Promise<void> {
  await writeBills(db, {
    bills,
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: MORNING + 7 * HOUR,
  })
}

/**
 * A cache, counting its transactions, of one day: at 101, S1 (a 3,000 cash sale at 08:00, a float
 * of 1,000, counted 4,100 at 15:00) and S2 (2,000 cash at 14:00); at 102, S3 (500 cash at 09:00).
 * The first sync ended at 15:00.
 */
export async function countedShop(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-counted-shop-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  db.use(countTransactions)
  await writeSales(db, [
    cashSale('a', 'S1', 3000, MORNING),
    cashSale('b', 'S2', 2000, MORNING + 6 * HOUR),
    cashSale('c', 'S3', 500, MORNING + HOUR, '102'),
  ])
  await noteSyncSuccess(db, 'bills', MORNING + 7 * HOUR)
  await countWithFloat(db, {
    sessionId: 'S1',
    float: 1000,
    floatAt: MORNING,
    countedCash: 4100,
    now: MORNING + 7 * HOUR,
  })
  return db
}
