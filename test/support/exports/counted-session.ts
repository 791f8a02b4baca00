import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { TillDatabase } from '../../../src-renderer/database/database'
import { sessionFigures } from '../../../src-renderer/sessions/tables/session-tally-store'
import { writeBills } from '../../../src-renderer/sync/tables/writes'
import { confirmCount } from '../../../src-renderer/day-close/jobs/reconcile'
import { makeBill } from '../bill-factory'

/** A cache with one session S to count: a cash sale of 5000, an opening of 1000, all synced. */

/** 10:00 in Jakarta, Fri 20 Nov 2026: when the sale was made. */
export const SALE_AT = Date.UTC(2026, 10, 20, 3, 0)

/** The first sync has read every bill (a session is counted only then). */
export function firstSyncDone(db: TillDatabase, at: number): Promise<unknown> {
  return db.checkpoints.put({
    key: 'bills',
    backfillPage: null,
    backfillDone: true,
    cursor: null,
    cursorPage: 1,
    lastSuccessAt: at,
  })
}

export async function cashSessionCache(): Promise<TillDatabase> {
  const db = new TillDatabase(`till-counted-session-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const sale = makeBill({
    id: 'A',
    session: 'S',
    lines: [5000],
    payments: [{ method: 'cash', amount: 5000 }],
  })
  await writeBills(db, {
    bills: [sale],
    quarantined: [],
    detailPriority: 1,
    timeZone: 'Asia/Jakarta',
    now: SALE_AT,
  })
  await db.sessions.update('S', { openingCash: 1000 })
  await firstSyncDone(db, SALE_AT)
  return db
}

/** Confirms a count of session S against its figures as the cache holds them. */
export async function countSession(
  db: TillDatabase,
  count: { countedCash: number; countedBy: string; note: string; now: number },
): Promise<void> {
  await confirmCount(db, {
    sessionId: 'S',
    count: { countedCash: count.countedCash, countedByMethod: {} },
    countedBy: count.countedBy,
    varianceNote: count.note,
    seen: await sessionFigures(db, (await db.sessions.get('S'))!),
    currency: 'USD',
    now: count.now,
  })
}
