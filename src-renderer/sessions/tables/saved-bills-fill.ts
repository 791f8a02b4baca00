import Dexie, { cmp } from 'dexie'
import { businessDate } from '../../../src-shared/domain/business-date'
import { BillCountChanges } from '../rules/bill-counts'
import { emptyTally, type SessionTally, type TallyChanges } from '../rules/session-tally'
import {
  applyBillCountChanges,
  readBillCountsState,
  writeBillCountsState,
} from './bill-count-store'
import { paymentsOf } from './bill-payments'
import type { CachedBill, SavedBillsFillState } from '../../database/cached-records'
import type { TillDatabase } from '../../database/database'
import { hasRecords, noteBillChange, noteExpenseChange } from './session-tally-store'

/**
 * A cache from before session tallies and bill counts (an earlier Till's) is brought up to date
 * once after it opens, beside the sync, in one pass over its bills in key order, a page a
 * transaction: each bill adds its part to its session's tally, each payment of a bill with its
 * detail (whose detail names them all) its part to the session that took it, and the
 * bill its cells to its day's counts. Each page's transaction keeps the counts, the sessions'
 * running sums and the last bill read, so a stop loses at most the page under way.
 *
 * Writes meanwhile stay exact. A write that touches a session without a tally tallies it from its
 * records (./session-tally-store.ts) and the fill leaves that tally alone; a session no write
 * touched had the same records all along, so its running sums are right (a tally, once kept, is
 * never taken away). A write keeps the counts of the bills the fill has read and leaves those of
 * the rest to the fill, which counts each as it is when the pass gets there (`billsCounted`).
 *
 * Not a migration, so not in ./migrations/ nor frozen: it runs after every opening until it is
 * done, beside the sync, with the shop's time zone (which an upgrade does not know), and it adds up
 * by today's tally and count rules, the ones the writes keep them by from then on.
 */

/**
 * Bills a transaction: enough that a page's own costs (the transaction, the running sums kept)
 * vanish beside reading its bills, few enough that a write waits a fraction of a second.
 */
const PAGE = 5_000
const STATE_KEY = 'saved-bills-fill'
const TALLIES_KEY = 'saved-bills-fill-tallies'

interface Fill {
  state: SavedBillsFillState
  /** The running sums of the sessions that had no tally when the fill began, by session. */
  tallies: Map<string, SessionTally>
}

async function readState(db: TillDatabase): Promise<SavedBillsFillState | null> {
  const entry = await db.meta.get(STATE_KEY)
  return entry ? (JSON.parse(String(entry.value)) as SavedBillsFillState) : null
}

async function readFill(db: TillDatabase): Promise<Fill | null> {
  const [state, tallies] = await Promise.all([readState(db), db.meta.get(TALLIES_KEY)])
  if (!state || !tallies) return null
  const kept = JSON.parse(String(tallies.value)) as SessionTally[]
  return { state, tallies: new Map(kept.map((t) => [t.sessionId, t])) }
}

function keepFill(db: TillDatabase, { state, tallies }: Fill): Promise<unknown> {
  return db.meta.bulkPut([
    { key: STATE_KEY, value: JSON.stringify(state) },
    { key: TALLIES_KEY, value: JSON.stringify([...tallies.values()]) },
  ])
}

/**
 * Which bills the kept counts hold: every bill once they are complete; while a cache from before
 * them is counted, those the fill has read; none before it begins. A write changes the counts of
 * those alone.
 */
export async function billsCounted(db: TillDatabase): Promise<(billId: string) => boolean> {
  const [counts, fill] = await Promise.all([readBillCountsState(db), readState(db)])
  if (counts.complete) return () => true
  const through = fill?.through ?? null
  return (billId) => through !== null && cmp(billId, through) <= 0
}

/** Whether one of these sessions has a record. */
async function anyHasRecords(db: TillDatabase, sessionIds: readonly string[]): Promise<boolean> {
  return (await Promise.all(sessionIds.map((id) => hasRecords(db, id)))).some(Boolean)
}

/**
 * The fill under way, or a new one; null when tallies and counts are all there. Sessions with no
 * tally and no record (a close event before any bill) are tallied at once, as nothing, without
 * a pass.
 */
async function beginOrResume(db: TillDatabase): Promise<Fill | null> {
  const kept = await readFill(db)
  if (kept) return kept
  const [counts, sessionIds, tallied] = await Promise.all([
    readBillCountsState(db),
    db.sessions.toCollection().primaryKeys() as Promise<string[]>,
    db.sessionTallies.toCollection().primaryKeys() as Promise<string[]>,
  ])
  const have = new Set(tallied)
  const untallied = sessionIds.filter((id) => !have.has(id))
  if (counts.complete && !(await anyHasRecords(db, untallied))) {
    await db.sessionTallies.bulkPut(untallied.map(emptyTally))
    return null
  }
  const fill: Fill = {
    state: {
      through: null,
      done: 0,
      total: await db.bills.count(),
      counting: !counts.complete,
      mixedZones: false,
    },
    tallies: new Map(untallied.map((id) => [id, emptyTally(id)])),
  }
  // Counted from nothing: what an earlier Till's writes or fill left in the cells is not known
  // to be whole, and the writes from now on count only the bills the fill has read.
  if (fill.state.counting)
    await Promise.all([
      db.billCounts.clear(),
      writeBillCountsState(db, { complete: false, timeZone: null, mixedZones: false }),
    ])
  await keepFill(db, fill)
  return fill
}

/** Adds each part straight to the running sums of the sessions being filled; others are left. */
function addingTo(tallies: Map<string, SessionTally>): Pick<TallyChanges, 'add' | 'remove'> {
  const apply =
    (sign: 1 | -1) =>
    (sessionId: string | null, part: (tally: SessionTally, sign: 1 | -1) => void): void => {
      const tally = sessionId === null ? undefined : tallies.get(sessionId)
      if (tally) part(tally, sign)
    }
  return { add: apply(1), remove: apply(-1) }
}

/** Reads the next page of bills and adds it in; how many bills it held (0: the pass is done). */
async function addPage(
  db: TillDatabase,
  fill: Fill,
  timeZone: string,
  pageSize: number,
): Promise<number> {
  const { state } = fill
  const bills: CachedBill[] = await db.bills
    .where(':id')
    .above(state.through ?? Dexie.minKey)
    .limit(pageSize)
    .toArray()
  if (bills.length === 0) return 0
  const tallies = addingTo(fill.tallies)
  for (const bill of bills) noteBillChange(tallies, undefined, bill, paymentsOf)
  if (state.counting) {
    const counts = new BillCountChanges()
    for (const bill of bills) {
      counts.add(bill)
      if (!state.mixedZones && businessDate(bill.createdAt, timeZone) !== bill.businessDate)
        state.mixedZones = true
    }
    await applyBillCountChanges(db, counts, timeZone)
  }
  state.through = bills.at(-1)!.id
  state.done += bills.length
  await keepFill(db, fill)
  return bills.length
}

/** Keeps the tallies of the sessions no write has tallied meanwhile, and says the counts are whole. */
async function finish(db: TillDatabase, fill: Fill, timeZone: string): Promise<void> {
  const ids = [...fill.tallies.keys()]
  const kept = await db.sessionTallies.bulkGet(ids)
  const untouched = ids.filter((_, i) => !kept[i])
  const expenses = await db.expenses.where('registerSessionId').anyOf(untouched).toArray()
  const tallies = addingTo(fill.tallies)
  for (const expense of expenses) noteExpenseChange(tallies, undefined, expense)
  await db.sessionTallies.bulkPut(untouched.map((id) => fill.tallies.get(id)!))
  if (fill.state.counting) {
    const counts = await readBillCountsState(db)
    await writeBillCountsState(db, {
      complete: true,
      timeZone: counts.timeZone ?? timeZone,
      mixedZones: counts.mixedZones || fill.state.mixedZones,
    })
  }
  await db.meta.bulkDelete([STATE_KEY, TALLIES_KEY])
}

/**
 * Brings a cache from before tallies and counts up to date (see above), reporting the bills read
 * of those left when it started; returns at once for a cache that has them all, and when
 * `signal` aborts, after the page under way.
 */
export async function fillSavedBills(
  db: TillDatabase,
  timeZone: string,
  onProgress: (done: number, total: number) => void,
  { signal, pageSize = PAGE }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<void> {
  const fill = await db.transaction(
    'rw',
    [
      db.bills,
      db.billPaymentIndex,
      db.expenses,
      db.sessions,
      db.sessionTallies,
      db.billCounts,
      db.meta,
    ],
    () => beginOrResume(db),
  )
  if (!fill) return
  const left = fill.state.total - fill.state.done
  let done = 0
  onProgress(done, left)
  for (;;) {
    if (signal?.aborted) return
    const added = await db.transaction('rw', [db.bills, db.billCounts, db.meta], () =>
      addPage(db, fill, timeZone, pageSize),
    )
    if (added === 0) break
    done += added
    onProgress(Math.min(done, left), left)
  }
  await db.transaction('rw', [db.sessionTallies, db.expenses, db.billCounts, db.meta], () =>
    finish(db, fill, timeZone),
  )
}
