/**
 * The door to bank statements matched to the takings: what the screens use of it
 * (docs/architecture.md#capabilities).
 */
export { runDepositMatching } from './jobs/deposit-matching'
export {
  type DepositFilter,
  depositOverview,
  type MatchView,
  NO_DEPOSIT_FILTER,
  type AccountBalance,
  type DepositInputs,
  type LeftoverView,
  type OfferView,
  type Waiting,
} from './jobs/deposit-overview'
export { depositInputs } from './jobs/deposits-view'
export { matchByHand, unmatchDeposit } from './jobs/hand-match'
export {
  type ImportResult,
  importStatement,
  keepAccountNumber,
  StatementSizeError,
} from './jobs/import-statement'
export { undoImport } from './jobs/undo-import'
export { deleteBankRule, saveBankRule, saveLocationAliases } from './jobs/keep-bank-rules'
export { proposedRule } from './rules/bank-rules'
export { StatementReadError } from './rules/bank-line'
export {
  type BankAccount,
  type BankRule,
  type DepositSettings,
  depositSettingsSchema,
} from './rules/deposit-settings'
export { type ExpectedDeposit } from './rules/expected-deposits'
export { type LeftoverReason } from './rules/leftover-reasons'
export { DIFFERENCE_WORDS, differenceToExplain } from './rules/differences'
export { DIFFERENCE_REASONS, type DifferenceReason } from './rules/difference-reasons'
export { type MatchKind } from './rules/matching'
export { CSV_DATE_FORMATS, type CsvDateFormat } from './rules/statements/csv-dates'
export { csvRows } from './rules/statements/csv-rows'
export { type CsvMapping } from './rules/statements/csv-statement'
export {
  StatementAccountError,
  StatementCurrencyError,
  statementSizeProblem,
} from './rules/statements/read-statement'
export {
  progressWords,
  readErrorOf,
  type ReadFile,
  type ShownPreview,
} from './rules/statements/statement-reading'
export {
  openStatementReader,
  type ReadingProgress,
  type StatementReader,
} from './jobs/statement-reader'
export { type StoredStatementLine } from './tables/deposit-rows'
export { statementBatches } from './tables/statement-batches'
export { readCsvMapping, saveDepositSettings } from './tables/deposit-settings-store'
