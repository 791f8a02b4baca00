import {
  planExport,
  postedView,
  type ExportBatch,
  type LoggedEntry,
  type PlannedEntry,
  type PostedState,
} from '../../../src-renderer/exports/rules/export-log'
import { writeJournal } from '../../../src-renderer/exports/rules/formats/journal-formats'
import type { PostedView } from '../../../src-renderer/exports/rules/journal'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'
import { collectText, slices } from './collect'

/** The log rows for entries a batch wrote, numbered on from `firstPosition`. */
export function logEntries(
  destinationId: string,
  batchId: string,
  firstPosition: number,
  written: readonly PlannedEntry[],
): LoggedEntry[] {
  return written.map(({ key, entry, hash }, index) => ({
    destinationId,
    entryId: entry.id,
    key,
    batchId,
    position: firstPosition + index,
    hash,
    entry,
  }))
}

/** The entries of a batch in the order written: write them again for the same bytes. */
function batchEntries(entries: readonly LoggedEntry[], batchId: string): JournalEntry[] {
  return entries
    .filter((logged) => logged.batchId === batchId)
    .sort((a, b) => a.position - b.position)
    .map((logged) => logged.entry)
}

/**
 * The export log as the Exports screen would keep it in Dexie, in memory: an export runs in
 * slices of `sliceSize` entries, each planned against the states the previous slices left.
 */
export class MemoryLog {
  readonly postings = new Map<string, PostedState>()
  readonly entries: LoggedEntry[] = []
  readonly batches: ExportBatch[] = []

  /** Builds the current entries against the log, writes what is new, returns the file text. */
  async export(
    batch: ExportBatch,
    build: (posted: PostedView) => JournalEntry[],
    sliceSize = 3,
  ): Promise<{ written: JournalEntry[]; text: string }> {
    const current = build(postedView(this.postings))
    const written: JournalEntry[] = []
    const postings = this.postings
    const entries = this.entries
    async function* planned(): AsyncGenerator<JournalEntry[]> {
      for (const slice of slices(current, sliceSize)) {
        const plan = planExport(slice, postings)
        for (const state of plan.postings) postings.set(state.key, state)
        entries.push(...logEntries(batch.destinationId, batch.id, written.length, plan.write))
        const out = plan.write.map((p) => p.entry)
        written.push(...out)
        yield out
      }
    }
    const text = await collectText(writeJournal(batch.target, planned()))
    this.batches.push(batch)
    return { written, text }
  }

  /** A past batch's file, written again from the log alone. */
  async rebuild(batchId: string): Promise<string> {
    const batch = this.batches.find((b) => b.id === batchId)
    if (!batch) throw new Error(`no batch ${batchId}`)
    return collectText(writeJournal(batch.target, [batchEntries(this.entries, batchId)]))
  }
}
