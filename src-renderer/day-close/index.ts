/**
 * The door to the day's figures, the drawer and its counts: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { confirmCount, ReconcileError, reopenSession } from './jobs/reconcile'
export { addDrawers, type CashDrawer, drawerOf } from './rules/cash-drawer'
export {
  type CashMovement,
  MOVEMENT_LABEL,
  movementInWords,
  type MovementKind,
  movementSums,
  standingMovements,
} from './rules/cash-movements'
export { addCountedSessions, type CountedSessions } from './rules/counted-sessions'
export { addDays, dailyNetSales, type HourOfDay } from './rules/day-charts'
export {
  CASH,
  checkBillIdentities,
  type CountResult,
  countVariance,
  type DayCloseFigures,
  determinedVariance,
  hasVariance,
  type MethodTakings,
  openingCashSource,
  type OpeningCashSource,
  sumFigures,
  withOpeningFloat,
} from './rules/day-close'
export {
  type CountedDenomination,
  CURRENCIES_WITH_TABLES,
  type Denomination,
  denominationKey,
  denominationTotal,
  MAX_PIECES,
} from './rules/denominations'
export {
  defaultMovementTime,
  sessionSpan,
  type SessionSpan,
  withinSpan,
} from './rules/movement-time'
export { CashMovementError, recordMovement } from './tables/cash-movement-store'
export { categoriesUsed } from './tables/categories-used'
export {
  discardCountDraft,
  loadCountDraft,
  NO_DRAFT_FIELDS,
  saveCountDraft,
} from './tables/count-drafts'
export { type DayCloseChoice, dayCloseStart, keepDayCloseChoice } from './tables/day-close-choice'
export {
  type CurrencyDenominations,
  loadDenominations,
  saveShopDenominations,
  useDenominations,
} from './tables/denomination-settings'
export {
  loadDay,
  loadLocationDay,
  type LocationDay,
  locationsOn,
  type SessionAtClose,
} from './tables/load-day'
export {
  readReconciliation,
  type ReconciliationLogEntry,
  replacedCount,
  type SessionReconciliation,
} from './tables/reconciliation-schema'
