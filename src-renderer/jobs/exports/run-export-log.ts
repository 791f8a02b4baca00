import type { TillDatabase } from '../../cache/database'
import {
  logEntries,
  type DestinationPosting,
  type ExportPlan,
  type LoggedEntry,
  type PostedState,
} from '../../domain/journal/export-log'
import type { Destination } from '../../cache/export-rows'
import type { ReplacedPosting, StoredBatch } from '../../cache/export-rows'

/**
 * The export log of one destination written as an export goes, so its memory stays flat however many entries it
 * writes, while a cancelled, failed or killed export still changes nothing once it is rolled
 * back:
 *
 * - the entries a run writes go into `loggedEntries` under the run's batch id at once, but a batch
 *   counts only once its `exportBatches` row exists, and that row is written last;
 * - the posting states a run plans go into `postedStates` at once (the run plans its later pages
 *   against them); where one replaces a state an earlier export committed, that state is kept
 *   in `replacedPostings` first;
 * - `exportRuns` lists the runs under way. A run that ends without committing is rolled back:
 *   each key it logged gets its replaced state again, or none if it had none. A run that never
 *   ended (the page was closed) is rolled back by the next export, which holds the database's
 *   export lock, so no other run can be under way then; only export runs read `postedStates`.
 */

const ROLLBACK_PAGE = 2_000

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
  /**
   * The last page's log write, still under way: the export makes and writes out the next page
   * meanwhile (IndexedDB does its share of the work outside this thread). Whatever reads the log
   * or ends the run waits for it first, so pages are still logged and planned in order.
   */
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: TillDatabase,
    readonly destinationId: string,
    readonly batchId: string,
    private readonly startedAt: string,
  ) {}

  /** Entries written so far. */
  get written(): number {
    return this.position
  }

  /** Rolls back runs that never ended, then records this one. Call holding the lock. */
  async begin(): Promise<void> {
    const { db } = this
    await db.transaction('rw', this.rollbackTables(), async () => {
      for (const run of await db.exportRuns.toArray()) await this.rollback(run.id)
      await db.exportRuns.put({ id: this.batchId, startedAt: this.startedAt })
    })
  }

  /**
   * The states of `keys`: committed ones, or what this run has planned for them. Most keys of a
   * page have none (a first export has none at all), and a get per key costs a round trip
   * each: the keys stored in the span of each kind of key (bill ids, `payment:…`, …) come
   * first, in one request per kind, and only those are read.
   */
  async states(keys: readonly string[]): Promise<Map<string, PostedState>> {
    await this.writing
    const { db, destinationId } = this
    const states = new Map<string, PostedState>()
    if (keys.length === 0) return states
    const wanted = new Set(keys)
    const spans = await Promise.all(
      keySpans(keys).map(([low, high]) =>
        db.postedStates
          .where('[destinationId+key]')
          .between([destinationId, low], [destinationId, high], true, true)
          .primaryKeys(),
      ),
    )
    const stored = spans.flat().filter(([, key]) => wanted.has(key))
    if (stored.length === 0) return states
    for (const state of await db.postedStates.bulkGet(stored))
      if (state) states.set(state.key, state)
    return states
  }

  /**
   * Starts storing a page's plan: its entries under the batch id, its states in place, and the
   * committed states they replace (`before`: the states the page was planned against). Returns
   * at once; a failed write fails the next read of the log, or the commit.
   */
  record(plan: ExportPlan, before: ReadonlyMap<string, PostedState>): void {
    const { batchId, destinationId } = this
    if (plan.write.length === 0 && plan.postings.length === 0) return
    const entries = logEntries(destinationId, batchId, this.position, plan.write)
    this.position += entries.length
    const replacing = plan.postings.flatMap((state) => {
      const old = before.get(state.key)
      return old ? [{ batchId, key: state.key, state: { ...old, destinationId } }] : []
    })
    const postings = plan.postings.map((state) => ({ ...state, destinationId }))
    const next = this.writing.then(() => this.store(entries, postings, replacing))
    // Failures surface where `writing` is awaited; this only keeps one from going unhandled.
    next.catch(() => undefined)
    this.writing = next
  }

  private async store(
    entries: LoggedEntry[],
    postings: DestinationPosting[],
    replacing: ReplacedPosting[],
  ): Promise<void> {
    const { db, batchId, destinationId } = this
    const tables = [db.loggedEntries, db.postedStates, db.replacedPostings]
    await db.transaction('rw', tables, async () => {
      if (replacing.length > 0) {
        // Keep the committed state: not one this run wrote (a bill read twice, moved while the
        // export ran), nor over one already kept.
        const [live, kept] = await Promise.all([
          db.loggedEntries.bulkGet(replacing.map((r) => [destinationId, r.state.liveEntryId])),
          db.replacedPostings.bulkGet(replacing.map((r) => [batchId, r.key])),
        ])
        await db.replacedPostings.bulkAdd(
          replacing.filter((_, i) => live[i]?.batchId !== batchId && kept[i] === undefined),
        )
      }
      await db.loggedEntries.bulkPut(entries)
      await db.postedStates.bulkPut(postings)
    })
  }

  /**
   * Makes the run count: its batch row is written, what it replaced forgotten, and the
   * destination (stored from now on, if built in) knows the latest date it has posted.
   */
  async commit(batch: StoredBatch, destination: Destination, postedThrough: string): Promise<void> {
    await this.writing
    const { db, batchId } = this
    const tables = [db.exportBatches, db.exportRuns, db.replacedPostings, db.destinations]
    await db.transaction('rw', tables, async () => {
      const stored = (await db.destinations.get(destination.id)) ?? destination
      if (postedThrough > stored.postedThrough) stored.postedThrough = postedThrough
      await db.destinations.put(stored)
      await db.exportBatches.put(batch)
      await db.exportRuns.delete(batchId)
      await db.replacedPostings.where('batchId').equals(batchId).delete()
    })
  }

  /** Takes back everything the run wrote. Also for a run that wrote nothing new. */
  async discard(): Promise<void> {
    await this.writing.catch(() => undefined)
    await this.db.transaction('rw', this.rollbackTables(), () => this.rollback(this.batchId))
  }

  private rollbackTables() {
    const { db } = this
    return [db.exportRuns, db.loggedEntries, db.postedStates, db.replacedPostings]
  }

  private async rollback(batchId: string): Promise<void> {
    const { db } = this
    let after = -1
    for (;;) {
      const page = await batchLog(db, batchId, after).limit(ROLLBACK_PAGE).toArray()
      if (page.length === 0) break
      const keys = new Map(page.map((logged) => [logged.key, logged.destinationId]))
      const replaced = await db.replacedPostings.bulkGet(
        [...keys.keys()].map((key) => [batchId, key]),
      )
      await db.postedStates.bulkDelete(
        [...keys].filter((_, i) => replaced[i] === undefined).map(([key, d]) => [d, key]),
      )
      await db.postedStates.bulkPut(replaced.flatMap((r) => (r ? [r.state] : [])))
      after = page[page.length - 1]!.position
    }
    await batchLog(db, batchId).delete()
    await db.replacedPostings.where('batchId').equals(batchId).delete()
    await db.exportRuns.delete(batchId)
  }
}

/** A batch's logged entries after `after`, in the order written. */
export function batchLog(db: TillDatabase, batchId: string, after = -1) {
  return db.loggedEntries
    .where('[batchId+position]')
    .between([batchId, after], [batchId, Infinity], false, true)
}

/** The lowest and highest of each kind of key (the text up to its first colon). */
export function keySpans(keys: readonly string[]): [string, string][] {
  const spans = new Map<string, [string, string]>()
  for (const key of keys) {
    const kind = key.slice(0, key.indexOf(':') + 1)
    const span = spans.get(kind)
    if (!span) spans.set(kind, [key, key])
    else if (key < span[0]) span[0] = key
    else if (key > span[1]) span[1] = key
  }
  return [...spans.values()]
}
