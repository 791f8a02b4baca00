import { planExport } from '../../../src-renderer/exports/rules/export-log'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'

/**
 * The posting hash an export plans for an entry new to the books: what a logged entry or a
 * posting state holds for it (exports/rules/export-log.ts `postingHash`, which the export calls).
 */
export function plannedHash(entry: JournalEntry): string {
  return planExport([entry], new Map()).write[0]!.hash
}
