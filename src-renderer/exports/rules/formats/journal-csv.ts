import type { LocationNames } from '../../../format/location-label'
import type { JournalEntry } from '../journal-entry'
import { writeCsv, type CsvColumn } from './csv'
import { locationNameText } from './entry-text'
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

export interface JournalCsvOptions {
  /** The locations' names, a `location_name` column beside `location_id`. */
  locationLabels?: LocationNames
}

/** The columns, with `location_name` when the file names locations (batches since it does). */
function columns(options: JournalCsvOptions): CsvColumn<JournalRow>[] {
  const names = options.locationLabels
  if (names === undefined) return COLUMNS
  return [
    ...COLUMNS,
    { header: 'location_name', cell: (r) => locationNameText(r.entry.locationId, names) },
  ]
}

export function writeJournalCsv(
  entries: Batches<JournalEntry>,
  options: JournalCsvOptions = {},
): AsyncGenerator<OutputChunk> {
  return writeCsv(columns(options), flatMapBatches(entries, journalRows))
}
