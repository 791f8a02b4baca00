import { basisPointsOf, sumMinor } from '../../../src-shared/domain/money'
import type { ExpectedDeposit } from './expected-deposits'
import { settlementOf, type DepositMatch } from './matching'
import type { DifferenceReason } from './difference-reasons'

/**
 * Differences to explain (docs/deposits.md#differences-to-explain): what a hand match leaves that
 * is not believable as a processor's fee is recorded as a difference, with the person's reason.
 */

/** The largest share of the gross, in basis points, a processor's fee is taken to be. */
const SANE_FEE_BASIS_POINTS = 1_000

/** A difference's reason in the bookkeeper's words. */
export const DIFFERENCE_WORDS: Record<DifferenceReason, string> = {
  'over-banked': 'Over-banked',
  'short-cash': 'Cash short',
  'bank-charge': 'Bank charge',
  chargeback: 'Refund or chargeback',
  other: 'Other difference',
}

/**
 * The difference (gross − banked, + short, − over) a hand match leaves to explain, or null: a fee
 * below zero (the bank paid more than the gross) or above `SANE_FEE_BASIS_POINTS` of the gross is
 * not believed to be a fee, and is never recorded as one. A cash shortfall is no fee: null.
 */
export function differenceToExplain(
  expected: readonly Pick<ExpectedDeposit, 'method' | 'gross'>[],
  banked: number,
): number | null {
  const { fee } = settlementOf(expected, banked)
  const gross = sumMinor(expected, (e) => e.gross)
  return fee < 0 || fee > basisPointsOf(Math.abs(gross), SANE_FEE_BASIS_POINTS) ? fee : null
}

/**
 * What a hand match records: with a reason, the whole difference as one explained (no fee);
 * without, the fee or shortfall `settlementOf` finds, or null when that is a difference to explain.
 */
export function handSettlement(
  expected: readonly Pick<ExpectedDeposit, 'method' | 'gross'>[],
  banked: number,
  explained?: DifferenceReason,
): Pick<DepositMatch, 'fee' | 'shortfall' | 'explained'> | null {
  if (explained)
    return { fee: 0, shortfall: sumMinor(expected, (e) => e.gross) - banked, explained }
  return differenceToExplain(expected, banked) === null ? settlementOf(expected, banked) : null
}
