import type { JournalEntry, JournalLine } from '../journal-entry'
import { money, type CsvNumber } from './csv'

/** A journal line with its entry: one row of a CSV journal. */
export interface JournalRow {
  entry: JournalEntry
  line: JournalLine
}

export function journalRows(entry: JournalEntry): JournalRow[] {
  return entry.lines.map((line) => ({ entry, line }))
}

export function debit(row: JournalRow): CsvNumber | null {
  return row.line.amount > 0 ? money(row.line.amount, row.entry.currency) : null
}

export function credit(row: JournalRow): CsvNumber | null {
  return row.line.amount < 0 ? money(-row.line.amount, row.entry.currency) : null
}
