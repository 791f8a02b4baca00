import type { TillDatabase } from '../../database/database'
import { enqueueRow, outboxTables } from '../../shared-books/tables/shared-outbox'
import type { ExportPlan, PostedState } from '../rules/export-log'
import type { Destination, StoredBatch } from './export-rows'
import { logPage, pageEntry } from './log-pages'
import {
  addLogPage,
  batchPages,
  destinationLogged,
  latestStates,
  nextSeq,
} from './log-page-queries'
import { batchFileNames, nextBatchNumber } from './export-batches'

class BatchTakenError extends Error {
  override name = 'BatchTakenError'
}

/**
 * The export log of one destination written as an export goes (./log-pages.ts), so its
 * memory stays flat however many entries it writes, while a cancelled, failed or killed export
 * still changes nothing once it is rolled back:
 *
 * - each page of entries a run writes is logged at once with the posting states it sets (the
 *   run plans its later pages against them), under the run's batch id; but a batch counts only
 *   once its `exportBatches` row exists, and that row is written last;
 * - `exportRuns` lists the runs under way. A run that ends without committing is rolled back by
 *   taking its pages away, which leaves the states of the pages before it standing. A run that
 *   never ended (the window was closed) is rolled back by the next export, which holds the
 *   database's export lock, so no other run can be under way then.
 */
export class ExportLogWriter {
  private position = 0
  private seq = 0
  /**
   * The last page's log write, still under way: the export makes and writes out the next page
   * meanwhile (IndexedDB does its share of the work outside this thread). Whatever reads the log
   * or ends the run waits for it first, so pages are still logged and planned in order.
   */
  private writing: Promise<void> = Promise.resolve()
  /** The destination's log held nothing when the run began (its first export). */
  startedEmpty = false

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

  /** Once every page recorded so far is in the log. */
  async settled(): Promise<void> {
    await this.writing
  }

  /** Rolls back runs that never ended, then records this one. Call holding the lock. */
  async begin(): Promise<void> {
    const { db } = this
    await db.transaction('rw', [db.exportRuns, db.logPages], async () => {
      for (const run of await db.exportRuns.toArray()) await this.rollback(run.id)
      await db.exportRuns.put({ id: this.batchId, startedAt: this.startedAt })
      this.seq = await nextSeq(db)
      this.startedEmpty = !(await destinationLogged(db, this.destinationId))
    })
  }

  /** The states of `keys`: committed ones, or what this run has planned for them. */
  async states(keys: readonly string[]): Promise<Map<string, PostedState>> {
    await this.writing
    return latestStates(this.db, this.destinationId, keys)
  }

  /**
   * Starts storing a page's plan: its entries and the states they set, in one page after the
   * run's others. Returns at once; a failed write fails the next read of the log, or the commit.
   */
  record(plan: ExportPlan): void {
    const { batchId, destinationId } = this
    if (plan.write.length === 0 && plan.postings.length === 0) return
    const entries = plan.write.map(pageEntry)
    const page = logPage(this.seq++, destinationId, batchId, this.position, entries, plan.postings)
    this.position += entries.length
    const next = this.writing.then(() => addLogPage(this.db, page))
    // Failures surface where `writing` is awaited; this only keeps one from going unhandled.
    next.catch(() => undefined)
    this.writing = next
  }

  /**
   * Makes the run count: its batch row is written, numbered next (a number and file name chosen
   * before the run are refused if another batch took them meanwhile), and the destination
   * (stored from now on, if built in) knows the latest date it has posted.
   */
  async commit(batch: StoredBatch, destination: Destination, postedThrough: string): Promise<void> {
    await this.writing
    const { db, batchId } = this
    const tables = [db.exportBatches, db.exportRuns, db.destinations, ...outboxTables(db)]
    await db.transaction('rw', tables, async () => {
      const next = await nextBatchNumber(db, destination.id)
      if (batch.number === undefined) batch.number = next
      else if (
        batch.number !== next ||
        (batch.fileName !== undefined && (await batchFileNames(db)).has(batch.fileName))
      )
        throw new BatchTakenError(
          `Another export to ${destination.name} took batch ${batch.number} while this one ran: export again.`,
        )
      const stored = (await db.destinations.get(destination.id)) ?? destination
      if (postedThrough > stored.postedThrough) stored.postedThrough = postedThrough
      await db.destinations.put(stored)
      await enqueueRow(db, 'destination', stored)
      await db.exportBatches.put(batch)
      await db.exportRuns.delete(batchId)
    })
  }

  /** Takes back everything the run wrote. Also for a run that wrote nothing new. */
  async discard(): Promise<void> {
    await this.writing.catch(() => undefined)
    const { db } = this
    await db.transaction('rw', [db.exportRuns, db.logPages], () => this.rollback(this.batchId))
  }

  /** A run's pages go, and with them the states it set: the earlier pages' states stand again. */
  private async rollback(batchId: string): Promise<void> {
    await batchPages(this.db, batchId).delete()
    await this.db.exportRuns.delete(batchId)
  }
}
