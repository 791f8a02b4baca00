import type { StatementFormat, StatementLine } from '../rules/bank-line'
import type { DepositSettings } from '../rules/deposit-settings'
import type { DepositMatch, MatchOffer } from '../rules/matching'
import type { CsvMapping } from '../rules/statements/csv-statement'

/** The rows of the deposit tables (cache versions 21 and 24, docs/deposits.md). */

/** A bank statement line kept for a bank account, and when it was imported. */
export interface StoredStatementLine extends StatementLine {
  bankAccountId: string
  importedAt: number
  /** The import that added it (a `StatementBatch`); none for a line kept before imports were. */
  batchId?: string
}

/**
 * One statement file imported into a bank account: which file, when, how many lines. Undone with
 * the lines it added and the matches Till or a person made of them, until an export posts one.
 */
export interface StatementBatch {
  id: string
  bankAccountId: string
  fileName: string
  format: StatementFormat
  importedAt: number
  /** Lines the file held; of them, lines it added and lines the account already had. */
  lines: number
  added: number
  already: number
  undoneAt?: number
  undoneBy?: string
}

/**
 * A match as the cache keeps it: standing (`confirmed`), or `unmatched` by a person, which Till
 * never makes again on its own and whose posting, if any, an export reverses.
 */
export interface StoredMatch extends DepositMatch {
  state: 'confirmed' | 'unmatched'
  /** Who made it: `Till` for an automatic match, else the person's name. */
  madeBy: string
  madeAt: number
  unmatchedBy?: string
  unmatchedAt?: number
}

/** An ambiguous bank line (or lines) and the candidates Till found; id: the lines' ids joined. */
export interface StoredOffer extends MatchOffer {
  id: string
}

export type DepositSettingsRow =
  | { key: 'settings'; settings: DepositSettings }
  | { key: `csv:${string}`; columns: CsvMapping }
  | { key: `import:${string}`; batch: StatementBatch }

/** Who Till names as the maker of an automatic match. */
export const MATCHED_BY_TILL = 'Till'
