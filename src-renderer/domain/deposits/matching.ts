import type { StatementLine } from './bank-line'
import type { DepositSettings } from './deposit-settings'
import type { ExpectedDeposit } from './expected-deposits'

/**
 * Bank lines matched to expected deposits (docs/ledger.md#deposits): exact, within the fee
 * tolerance, one line for several consecutive days, one deposit split over two lines; only a
 * unique best candidate is matched on its own, the rest is offered to a person.
 */

export type MatchKind = 'exact' | 'within-fee' | 'several-days' | 'split' | 'by-hand'

export interface DepositMatch {
  /** Stable: the sorted bank line ids joined. */
  id: string
  bankLineIds: string[]
  expectedIds: string[]
  kind: MatchKind
  /** gross − banked, for card/QRIS (>= 0). */
  fee: number
  /** Cash: gross − banked (+ short, − over). */
  shortfall: number
  /** ms; auto matches are confirmed unless the person unmatched them. */
  confirmedAt?: number
}

export interface MatchOffer {
  bankLineIds: string[]
  /** Expected-id sets, one per candidate. */
  candidates: string[][]
  reason: string
}

/** A bank line as Till keeps it: with the bank account it came in for. */
export type KeptLine = StatementLine & { bankAccountId: string }

export interface MatchInput {
  expected: ExpectedDeposit[]
  lines: KeptLine[]
  /** Matches already made (by hand or earlier), kept as they are. */
  kept: DepositMatch[]
  /** Match ids a person unmatched: never made automatically again. */
  refused: string[]
  settings: DepositSettings
}

export interface MatchResult {
  matches: DepositMatch[]
  offers: MatchOffer[]
}
