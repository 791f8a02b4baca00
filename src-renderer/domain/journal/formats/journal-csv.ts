import type { JournalEntry } from '../journal-entry'
import { writeCsv, type CsvColumn } from './csv'
import { credit, debit, journalRows, type JournalRow } from './journal-rows'
import { flatMapBatches, type Batches, type OutputChunk } from './output'

/** The generic journal CSV (docs/ledger.md#journal-formats): a row per journal line, ISO dates. */
const COLUMNS: CsvColumn<JournalRow>[] = [
  { header: 'entry_id', cell: (r) => r.entry.id },
  { header: 'date', cell: (r) => r.entry.date },
  { header: 'account_code', cell: (r) => r.line.account.code },
  { header: 'account_name', cell: (r) => r.line.account.name },
  { header: 'debit', cell: debit },
  { header: 'credit', cell: credit },
  { header: 'currency', cell: (r) => r.entry.currency },
  { header: 'description', cell: (r) => r.entry.description },
  { header: 'bill_id', cell: (r) => r.entry.billId },
  { header: 'register_session_id', cell: (r) => r.entry.registerSessionId },
  { header: 'location_id', cell: (r) => r.entry.locationId },
]

export function writeJournalCsv(entries: Batches<JournalEntry>): AsyncGenerator<OutputChunk> {
  return writeCsv(COLUMNS, flatMapBatches(entries, journalRows))
}
