/**
 * The door to register sessions, their bills and expenses: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { knownPaymentMethods } from './tables/bill-count-store'
export {
  anyBillCached,
  largestBill,
  onBillsWritten,
  readBill,
  refundsAndVoidsOf,
} from './tables/bill-reads'
export { billsOfSession } from './tables/bill-session'
export {
  ANY_BILL,
  type BillFilters,
  type BillSort,
  type BillSortColumn,
  isBillSortColumn,
} from './tables/bills/bill-filters'
export { BillQueries } from './tables/bills/bill-query'
export { expenseFacets, type ExpenseFilters, queryExpenses } from './tables/expense-query'
export {
  expensesOfSession,
  latestSessionClose,
  latestSessions,
  readSession,
  readSessions,
  type SessionDay,
  sessionDays,
} from './tables/load-session'
export { markPaperClosed, paperClosedThrough } from './tables/paper-closed'
export { countNeedingCount } from './tables/session-list'
export { listSessionRows, type SessionRowData } from './tables/session-rows'
export {
  loadShownSession,
  loadShownSessions,
  loadShownStatus,
  sessionsTrading,
  sessionsWritten,
  type ShownStatus,
  STATUS_LABEL,
} from './tables/session-status'
export { sessionFigures, sessionNetSales } from './tables/session-tally-store'
