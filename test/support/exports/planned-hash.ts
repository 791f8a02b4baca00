import { planExport } from '../../../src-renderer/domain/journal/export-log'
import type { JournalEntry } from '../../../src-renderer/domain/journal/journal-entry'

/**
 * The posting hash an export plans for an entry new to the books: what a logged entry or a
 * posting state holds for it (domain/journal/export-log.ts `postingHash`, which the export calls).
 */
export function plannedHash(entry: JournalEntry): string {
  return planExport([entry], new Map()).write[0]!.hash
}
