import type { JournalEntry } from '../journal-entry'
import { fnv1a64 } from '../content-hash'
import { writeCsv, type CsvColumn } from './csv'
import { formatDate } from './dates'
import { locationNameText } from './entry-text'
import type { LocationNames } from '../../../format/location-label'
import { credit, debit, journalRows, type JournalRow } from './journal-rows'
import { flatMapBatches, type Batches, type OutputChunk } from './output'

/**
 * QuickBooks Online's journal entry import: rows with the same Journal No. form one entry, and
 * accounts are matched by name (`Parent:Child` for a sub-account). QuickBooks refuses an Accounts
 * receivable line without a customer, so receivable lines carry one. The import has no tax
 * column (Intuit's "Import journal entries": Journal No., Journal Date, Account Name, Description,
 * Debits, Credits, Name, and Location and Class when tracked), so unlike Xero's rows (xero-tax.ts)
 * taxes stay lines of their own.
 */

export interface QuickBooksOptions {
  /** The company's date format in QuickBooks. */
  dateFormat: 'MM/DD/YYYY' | 'DD/MM/YYYY'
  /** The customer receivable lines are posted to. */
  customerName: string
  /** The locations' names, each its QuickBooks Location; an unnamed one is "Location <id>". */
  locationLabels: LocationNames
}

export const QUICKBOOKS_DEFAULTS: QuickBooksOptions = {
  dateFormat: 'MM/DD/YYYY',
  customerName: 'POS customers',
  locationLabels: {},
}

/** QuickBooks keeps at most 21 characters of a journal number. */
const JOURNAL_NO_LENGTH = 21

/** The entry id when it fits, else a stable digest of it (the full id is in the description). */
function journalNumber(entryId: string): string {
  return entryId.length <= JOURNAL_NO_LENGTH ? entryId : `T-${fnv1a64(entryId)}`
}

function columns(options: QuickBooksOptions): CsvColumn<JournalRow>[] {
  return [
    { header: 'Journal No.', cell: (r) => journalNumber(r.entry.id) },
    { header: 'Journal Date', cell: (r) => formatDate(r.entry.date, options.dateFormat) },
    { header: 'Account Name', cell: (r) => r.line.account.name },
    {
      header: 'Description',
      cell: (r) => `${r.entry.description} [${r.entry.id}]: ${r.line.memo}`,
    },
    { header: 'Debits', cell: debit },
    { header: 'Credits', cell: credit },
    { header: 'Name', cell: (r) => (r.line.role === 'receivable' ? options.customerName : null) },
    {
      header: 'Location',
      cell: (r) => locationNameText(r.entry.locationId, options.locationLabels),
    },
  ]
}

export function writeQuickBooksJournal(
  entries: Batches<JournalEntry>,
  options: QuickBooksOptions,
): AsyncGenerator<OutputChunk> {
  return writeCsv(columns(options), flatMapBatches(entries, journalRows))
}
