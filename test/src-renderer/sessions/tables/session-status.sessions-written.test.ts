import Dexie, { liveQuery } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeAll, expect, it } from 'vitest'
import type { Bill } from '../../../../src-shared/domain/records'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { closeSession, writeBills } from '../../../../src-renderer/sync/tables/writes'
import { sessionsWritten } from '../../../../src-renderer/sessions/tables/session-status'
import { makeBill } from '../../../support/bill-factory'

const ZONE = 'Asia/Jakarta'
const MORNING = Date.UTC(2026, 10, 20, 1, 0)
const HOUR = 3_600_000

// Live queries run only where Dexie finds an IndexedDB of its own (a browser's; here the fake).
beforeAll(() => {
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})

let db: TillDatabase | undefined
const subscriptions: { unsubscribe(): void }[] = []
afterEach(() => {
  subscriptions.splice(0).forEach((s) => s.unsubscribe())
  db?.close()
})

const written = (bills: Bill[]): Promise<unknown> =>
  writeBills(db!, { bills, quarantined: [], detailPriority: 1, timeZone: ZONE, now: MORNING })

/** A live query's results as they come, and a wait for the nth. */
function watch<T>(querier: () => Promise<T>) {
  const results: T[] = []
  const waiting: { n: number; resolve(): void }[] = []
  subscriptions.push(
    liveQuery(querier).subscribe((value) => {
      results.push(value)
      for (const w of waiting.filter((w) => results.length >= w.n)) w.resolve()
    }),
  )
  return {
    results,
    nth: (n: number): Promise<void> =>
      results.length >= n
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ n, resolve })),
  }
}

it('runs again in a live query when a session is written, not when a sale alone is', async () => {
  db = new TillDatabase(`till-sessions-written-${Math.random()}`)
  await written([makeBill({ id: 'A1', session: 'A', lines: [500], at: MORNING })])
  let runs = 0
  // Watched first, so a write that reached it would run it before the bills' query answers.
  const sessions = watch(() => {
    runs += 1
    return sessionsWritten(db!)
  })
  const bills = watch(() => db!.bills.count())
  await Promise.all([sessions.nth(1), bills.nth(1)])

  // A sale in a session the cache holds: the bills' query answers it, the sessions' does not run.
  await written([makeBill({ id: 'A2', session: 'A', lines: [700], at: MORNING + HOUR })])
  await bills.nth(2)
  expect(bills.results).toEqual([1, 2])
  expect(runs).toBe(1)

  // A sale in a new session, then the close of the first: each is a change of the sessions.
  await written([makeBill({ id: 'B1', session: 'B', lines: [300], at: MORNING + 2 * HOUR })])
  await sessions.nth(2)
  await closeSession(db, {
    id: 'A',
    locationId: '101',
    openedAt: MORNING,
    closedAt: MORNING + 3 * HOUR,
    openingCash: 0,
    timeZone: ZONE,
  })
  await sessions.nth(3)
  expect(sessions.results.map((r) => r.sessions)).toEqual([1, 2, 2])
  expect(new Set(sessions.results).size).toBe(3)
})
