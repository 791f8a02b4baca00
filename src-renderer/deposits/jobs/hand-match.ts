import type { TillDatabase } from '../../database/database'
import { DepositMatchError, keepHandMatch, keepUnmatch } from '../tables/deposit-matches'
import { statementLines } from '../tables/statement-lines'
import { matchId, settlementOf, unlikelyFee } from '../rules/matching'
import { sumMinor } from '../../../src-shared/domain/money'
import { formatMoney } from '../../format/format-money'
import { currentExpectedDeposits } from './deposit-matching'

/**
 * A person matches bank lines to expected deposits: the fee (card money) or the cash shortfall is
 * what the lines leave of the deposits' gross. Refused when a line or deposit is unknown or
 * already stands in another match, and when the fee would be below zero (`unlikelyFee`): the line
 * stays unmatched, a difference to explain.
 */
export async function matchByHand(
  db: TillDatabase,
  chosen: { bankLineIds: string[]; expectedIds: string[] },
  by: string,
  currency: string,
  now: number,
): Promise<void> {
  const [lines, expected] = await Promise.all([
    statementLines(db),
    currentExpectedDeposits(db, currency),
  ])
  const pickedLines = lines.filter((l) => chosen.bankLineIds.includes(l.id))
  const pickedExpected = expected.filter((e) => chosen.expectedIds.includes(e.id))
  if (
    pickedLines.length !== chosen.bankLineIds.length ||
    pickedExpected.length !== chosen.expectedIds.length
  )
    throw new DepositMatchError('A bank line or expected deposit chosen is no longer there.')
  const banked = sumMinor(pickedLines, (l) => l.amount)
  const feeProblem = unlikelyFee(pickedExpected, banked, (minor) => formatMoney(minor, currency))
  if (feeProblem) throw new DepositMatchError(feeProblem)
  await keepHandMatch(
    db,
    {
      id: matchId(chosen.bankLineIds),
      bankLineIds: [...chosen.bankLineIds].sort(),
      expectedIds: [...chosen.expectedIds].sort(),
      kind: 'by-hand',
      ...settlementOf(pickedExpected, banked),
    },
    by.trim() || 'someone',
    now,
  )
}

/** A person undoes a match: the next export reverses what it posted. */
export function unmatchDeposit(
  db: TillDatabase,
  id: string,
  by: string,
  now: number,
): Promise<void> {
  return keepUnmatch(db, id, by.trim() || 'someone', now)
}
