import type { DayCloseFigures } from '../../../day-close/rules/day-close'
import { isoInstant } from './dates'
import { decimal, money, writeCsv, type CsvColumn } from './csv'
import type { Batches, OutputChunk } from './output'

/**
 * sessions.csv and session_payments.csv (docs/ledger.md#record-and-session-tables): the day-close
 * figures, one row per register session and one per session and payment method. The caller brings
 * the figures (as the day close computed them, or as frozen at reconciliation); amounts are minor
 * units.
 */

/** The figures a sessions.csv row carries: the day close's, less its per-rate and per-method lists. */
type SessionFigures = Omit<DayCloseFigures, 'taxByRate' | 'methods' | 'billsAwaitingDetail'>

export interface SessionRow extends SessionFigures {
  locationId: string
  registerSessionId: string
  /** The session's label (`sessionLabel`): day, location name, hours. */
  sessionName: string
  businessDate: string
  openedAt: number | null
  closedAt: number | null
  currency: string
  status: string
  /** Null until the manager counts the drawer. */
  countedCash: number | null
  cashVariance: number | null
}

export interface SessionPaymentRow {
  locationId: string
  registerSessionId: string
  currency: string
  method: string
  collected: number
  returned: number
  net: number
}

function amount<Row extends { currency: string }>(
  header: string,
  value: (row: Row) => number | null,
): CsvColumn<Row> {
  return {
    header,
    cell: (row) => {
      const minor = value(row)
      return minor === null ? null : money(minor, row.currency)
    },
  }
}

const SESSION_COLUMNS: CsvColumn<SessionRow>[] = [
  { header: 'location_id', cell: (s) => s.locationId },
  { header: 'register_session_id', cell: (s) => s.registerSessionId },
  { header: 'session_name', cell: (s) => s.sessionName },
  { header: 'business_date', cell: (s) => s.businessDate },
  { header: 'opened_at', cell: (s) => isoInstant(s.openedAt) },
  { header: 'closed_at', cell: (s) => isoInstant(s.closedAt) },
  { header: 'currency', cell: (s) => s.currency },
  { header: 'status', cell: (s) => s.status },
  { header: 'sale_count', cell: (s) => decimal(s.saleCount) },
  { header: 'refund_count', cell: (s) => decimal(s.refundCount) },
  { header: 'void_count', cell: (s) => decimal(s.voidCount) },
  amount('gross_sales', (r) => r.grossSales),
  amount('discounts', (r) => r.discounts),
  amount('fees', (r) => r.fees),
  amount('refunds', (r) => r.refunds),
  amount('voids', (r) => r.voids),
  amount('net_sales', (r) => r.netSales),
  amount('tax', (r) => r.tax),
  amount('total_collected', (r) => r.totalCollected),
  amount('receivable_change', (r) => r.receivableChange),
  amount('expenses', (r) => r.expenses),
  amount('cash_expenses', (r) => r.cashExpenses),
  amount('opening_cash', (r) => r.openingCash),
  // Expected cash counts an unknown opening float as 0 (docs/ledger.md#expected-cash); this
  // says when it did.
  { header: 'opening_cash_known', cell: (s) => (s.openingCash === null ? 'false' : 'true') },
  amount('pay_ins', (r) => r.payIns),
  amount('pay_outs', (r) => r.payOuts),
  amount('drops', (r) => r.drops),
  amount('expected_cash', (r) => r.expectedCash),
  amount('counted_cash', (r) => r.countedCash),
  amount('cash_variance', (r) => r.cashVariance),
]

const SESSION_PAYMENT_COLUMNS: CsvColumn<SessionPaymentRow>[] = [
  { header: 'location_id', cell: (p) => p.locationId },
  { header: 'register_session_id', cell: (p) => p.registerSessionId },
  { header: 'method', cell: (p) => p.method },
  amount('collected', (r) => r.collected),
  amount('returned', (r) => r.returned),
  amount('net', (r) => r.net),
]

export function writeSessionsCsv(sessions: Batches<SessionRow>): AsyncGenerator<OutputChunk> {
  return writeCsv(SESSION_COLUMNS, sessions)
}

export function writeSessionPaymentsCsv(
  rows: Batches<SessionPaymentRow>,
): AsyncGenerator<OutputChunk> {
  return writeCsv(SESSION_PAYMENT_COLUMNS, rows)
}
