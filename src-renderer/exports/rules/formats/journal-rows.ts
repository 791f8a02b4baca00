import type { JournalEntry, JournalLine } from '../journal-entry'
import { money, type CsvNumber } from './csv'
import { boundedEntry } from './entry-text'

/** A journal line with its entry: one row of a CSV journal. */
export interface JournalRow {
  entry: JournalEntry
  line: JournalLine
}

/** The rows of an entry, its text fields on one line and within their bounds (entry-text.ts). */
export function journalRows(entry: JournalEntry): JournalRow[] {
  const bounded = boundedEntry(entry)
  return bounded.lines.map((line) => ({ entry: bounded, line }))
}

export function debit(row: JournalRow): CsvNumber | null {
  return row.line.amount > 0 ? money(row.line.amount, row.entry.currency) : null
}

export function credit(row: JournalRow): CsvNumber | null {
  return row.line.amount < 0 ? money(-row.line.amount, row.entry.currency) : null
}
