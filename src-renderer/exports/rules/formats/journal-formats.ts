import type { LocationNames } from '../../../format/location-label'
import type { JournalEntry } from '../journal-entry'
import {
  BEANCOUNT_DEFAULTS,
  writeBeancount,
  type BeancountOptions,
  type OnAccountOpened,
} from './beancount'
import { writeJournalCsv, type JournalCsvOptions } from './journal-csv'
import { writeLedgerJournal, type LedgerOptions } from './ledger'
import type { Batches, OutputChunk } from './output'
import { QUICKBOOKS_DEFAULTS, writeQuickBooksJournal, type QuickBooksOptions } from './quickbooks'
import type { RoleKey, XeroTaxRate } from '../accounts'
import { XERO_DEFAULTS, writeXeroJournal, type UnmatchedXeroTax, type XeroOptions } from './xero'

/** Every journal format, with the options that make its bytes (kept with each export batch). */
export type JournalTarget =
  | { format: 'journal-csv'; options?: JournalCsvOptions }
  | { format: 'xero'; options: XeroOptions }
  | { format: 'quickbooks'; options: QuickBooksOptions }
  | { format: 'beancount'; options: BeancountOptions }
  | { format: 'ledger'; options?: LedgerOptions }

export type JournalFormat = JournalTarget['format']

/** A target with the default options, for a profile to start from. */
export function defaultTarget(format: JournalFormat): JournalTarget {
  switch (format) {
    case 'xero':
      return { format, options: XERO_DEFAULTS }
    case 'quickbooks':
      return { format, options: QUICKBOOKS_DEFAULTS }
    case 'beancount':
      return { format, options: BEANCOUNT_DEFAULTS }
    default:
      return { format }
  }
}

/** A Xero target with the mapping's Xero tax rates; any other target as it is. */
export function withXeroTaxRates(
  target: JournalTarget,
  taxRates: Readonly<Record<RoleKey, XeroTaxRate>> = {},
): JournalTarget {
  return target.format === 'xero' ? { ...target, options: { ...target.options, taxRates } } : target
}

/**
 * The target with the locations' names (Xero tracking options, QuickBooks locations, a tag in
 * hledger/ledger, metadata in beancount, a column in the generic CSV). The batch keeps them with
 * its target, so *Download again* writes the names of its day even after a location is renamed.
 */
export function withLocationNames(target: JournalTarget, names: LocationNames): JournalTarget {
  switch (target.format) {
    case 'journal-csv':
    case 'ledger':
      return { ...target, options: { ...target.options, locationLabels: names } }
    case 'xero':
      return { ...target, options: { ...target.options, locationLabels: names } }
    case 'quickbooks':
      return { ...target, options: { ...target.options, locationLabels: names } }
    case 'beancount':
      return { ...target, options: { ...target.options, locationLabels: names } }
  }
}

/** What a writer tells as it writes: taxes Xero has no rate for, accounts a file opens. */
export interface JournalListeners {
  unmatchedXeroTax?: UnmatchedXeroTax
  accountOpened?: OnAccountOpened
}

export function writeJournal(
  target: JournalTarget,
  entries: Batches<JournalEntry>,
  listeners: JournalListeners = {},
): AsyncGenerator<OutputChunk> {
  switch (target.format) {
    case 'journal-csv':
      return writeJournalCsv(entries, target.options)
    case 'xero':
      return writeXeroJournal(entries, target.options, listeners.unmatchedXeroTax)
    case 'quickbooks':
      return writeQuickBooksJournal(entries, target.options)
    case 'beancount':
      return writeBeancount(entries, target.options, listeners.accountOpened)
    case 'ledger':
      return writeLedgerJournal(entries, target.options)
  }
}
