import type { AccountMapping, RoleKey } from '../domain/journal/accounts'
import type { DestinationPosting, ExportBatch } from '../domain/journal/export-log'
import type { JournalFormat } from '../domain/journal/formats/journal-formats'
import type { MappingId } from './destinations'

/** The rows the exports keep in the cache: their log's batches and runs, and the account mappings. */

export interface ExportRange {
  /** Business dates, YYYY-MM-DD, both included. */
  from: string
  to: string
  /** Empty for every location. */
  locationId: string
}

/** An export batch as the log keeps it: the batch and what the screen lists about it. */
export interface StoredBatch extends ExportBatch {
  what: JournalFormat
  range: ExportRange
  entryCount: number
}

export interface ExportRun {
  id: string
  startedAt: string
}

/** A committed posting state a run replaced, to put back should the run not commit. */
export interface ReplacedPosting {
  batchId: string
  key: string
  state: DestinationPosting
}

/**
 * A stored mapping, replaced whole on each save: the shared one, and one for each destination
 * that has its own (./destinations.ts `mappingIdOf`).
 */
export interface SavedAccountMapping extends AccountMapping {
  id: MappingId
  savedAt: string
}

/**
 * A role met in the cache or in an export's range, so Settings lists it for mapping; a tax or
 * category with the sub-account code the default chart gave it, never changed once given.
 */
export interface SeenAccountRole {
  key: RoleKey
  code?: string
}
