import type { DefaultedAccount } from '../../../domain/journal/accounts'
import type { ExportWhat } from '../../../jobs/exports/run-export'

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
