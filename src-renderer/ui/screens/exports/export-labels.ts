import type { DefaultedAccount } from '../../../exports'
import type { StoredBatch } from '../../../exports'
import { formatDateRange, formatDateTime } from '../../../format/time'
import type { ExportWhat } from '../../../exports'

export const FORMAT_LABELS: Record<ExportWhat, string> = {
  sessions: 'Sessions (sessions.csv)',
  session_payments: 'Session payments (session_payments.csv)',
  bills: 'Bills (bills.csv)',
  bill_lines: 'Bill lines (bill_lines.csv)',
  payments: 'Payments (payments.csv)',
  expenses: 'Expenses (expenses.csv)',
  'journal-csv': 'Journal, generic CSV',
  xero: 'Journal, Xero manual journal',
  quickbooks: 'Journal, QuickBooks Online',
  beancount: 'Journal, beancount',
  ledger: 'Journal, hledger/ledger',
}

export function defaultedLabel(d: DefaultedAccount): string {
  const { role } = d
  const what =
    role.type === 'clearing'
      ? `payment method “${role.method}”`
      : role.type === 'tax-payable'
        ? `tax “${role.tax}”`
        : role.type === 'expense'
          ? `expense category “${role.category}”`
          : role.type
  return `${what} → ${d.account.code} ${d.account.name}`
}

/** Counts of entries, records and exports, in the language of the PC. */
export const count = new Intl.NumberFormat()

/** When a batch ran, in the shop's zone, and the days it covers. */
function batchLabel(batch: StoredBatch, timeZone: string): string {
  const { range } = batch
  return `${formatDateTime(Date.parse(batch.createdAt), timeZone)} (${formatDateRange(range.from, range.to)})`
}

/** The newest exports that hold a range, a few by name and the rest counted. */
export function holdersLabel(holders: StoredBatch[], timeZone: string): string {
  const named = holders
    .slice(0, 3)
    .map((b) => batchLabel(b, timeZone))
    .join(', ')
  const more = holders.length - 3
  return more > 0 ? `${named} and ${count.format(more)} more` : named
}
