import Dexie from 'dexie'
import type { TillDatabase } from '../cache/database'
import { logEntries, type ExportPlan, type PostedState } from './export-log'
import type { StoredBatch } from './run-export'

/**
 * The export log written as an export goes, so its memory stays flat however many entries it
 * writes, while a cancelled, failed or killed export still changes nothing:
 *
 * - the entries a run writes go into `exportLog` under the run's batch id at once, but a batch
 *   counts only once its `exportBatches` row exists, and that row is written last;
 * - the posting states a run plans go aside into `pendingPostings` (what the books hold must not
 *   move before the file is whole: the next export plans against it) and are moved into
 *   `postings` in the same transaction that writes the batch row;
 * - `exportRuns` lists the runs under way. A run that ends without committing deletes its rows;
 *   a run that never ended (the page was closed) is cleared by the next export, which holds the
 *   database's export lock, so no other run can be under way then.
 */

export interface ExportRun {
  id: string
  startedAt: string
}

export interface PendingPosting extends PostedState {
  batchId: string
}

const COMMIT_PAGE = 2_000

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>
}

const heldHere = new Map<string, Promise<void>>()

/**
 * One export at a time per database: two runs planned against the same log would post the same
 * entries twice. Across tabs through the Web Locks API where the page has it, else in this page.
 */
export async function acquireExportLock(databaseName: string): Promise<() => void> {
  const name = `till-export:${databaseName}`
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks
  if (locks)
    return new Promise((acquired) => {
      void locks.request(name, () => new Promise<void>((release) => acquired(release)))
    })
  const before = heldHere.get(name) ?? Promise.resolve()
  let release!: () => void
  const mine = new Promise<void>((resolve) => (release = resolve))
  const chained = before.then(() => mine)
  heldHere.set(name, chained)
  await before
  return () => {
    release()
    if (heldHere.get(name) === chained) heldHere.delete(name)
  }
}

export class ExportLogWriter {
  private position = 0

  constructor(
    private readonly db: TillDatabase,
    readonly batchId: string,
    private readonly startedAt: string,
  ) {}

  /** Entries written so far. */
  get written(): number {
    return this.position
  }

  /** Clears what runs that never ended left, then records this one. Call holding the lock. */
  async begin(): Promise<void> {
    const { db } = this
    await db.transaction('rw', [db.exportRuns, db.exportLog, db.pendingPostings], async () => {
      for (const run of await db.exportRuns.toArray()) await this.clear(run.id)
      await db.exportRuns.put({ id: this.batchId, startedAt: this.startedAt })
    })
  }

  /** The states of `keys`: committed ones, with what this run has planned so far in front. */
  async states(keys: readonly string[]): Promise<Map<string, PostedState>> {
    const states = new Map<string, PostedState>()
    if (keys.length === 0) return states
    const [stored, planned] = await Promise.all([
      this.db.postings.bulkGet([...keys]),
      this.db.pendingPostings.bulkGet(keys.map((key) => [this.batchId, key])),
    ])
    for (const state of stored) if (state) states.set(state.key, state)
    for (const pending of planned) if (pending) states.set(pending.key, postedState(pending))
    return states
  }

  /** Stores a slice's plan (its states aside, its entries under the batch id). */
  async record(plan: ExportPlan): Promise<void> {
    const { db, batchId } = this
    if (plan.write.length === 0 && plan.postings.length === 0) return
    const entries = logEntries(batchId, this.position, plan.write)
    this.position += entries.length
    await db.transaction('rw', [db.exportLog, db.pendingPostings], async () => {
      await db.exportLog.bulkPut(entries)
      await db.pendingPostings.bulkPut(plan.postings.map((state) => ({ ...state, batchId })))
    })
  }

  /** Makes the run count: its states replace the stored ones and its batch row is written. */
  async commit(batch: StoredBatch): Promise<void> {
    const { db, batchId } = this
    const tables = [db.postings, db.pendingPostings, db.exportBatches, db.exportRuns]
    await db.transaction('rw', tables, async () => {
      let after: string | null = null
      for (;;) {
        const page: PendingPosting[] = await db.pendingPostings
          .where('[batchId+key]')
          .between([batchId, after ?? Dexie.minKey], [batchId, Dexie.maxKey], after === null, true)
          .limit(COMMIT_PAGE)
          .toArray()
        if (page.length === 0) break
        await db.postings.bulkPut(page.map(postedState))
        after = page[page.length - 1]!.key
      }
      await db.pendingPostings.where('batchId').equals(batchId).delete()
      await db.exportBatches.put(batch)
      await db.exportRuns.delete(batchId)
    })
  }

  /** Takes back everything the run wrote. Also for a run that wrote nothing new. */
  async discard(): Promise<void> {
    const { db } = this
    await db.transaction('rw', [db.exportRuns, db.exportLog, db.pendingPostings], () =>
      this.clear(this.batchId),
    )
  }

  private async clear(batchId: string): Promise<void> {
    const { db } = this
    await db.exportLog.where('batchId').equals(batchId).delete()
    await db.pendingPostings.where('batchId').equals(batchId).delete()
    await db.exportRuns.delete(batchId)
  }
}

function postedState({ batchId: _batchId, ...state }: PendingPosting): PostedState {
  return state
}
