import type { TillDatabase } from '../../database/database'
import { DepositMatchError, keepHandMatch, keepUnmatch } from '../tables/deposit-matches'
import { statementLines } from '../tables/statement-lines'
import { handSettlement } from '../rules/differences'
import type { DifferenceReason } from '../rules/difference-reasons'
import { matchId } from '../rules/matching'
import { sumMinor } from '../../../src-shared/domain/money'
import { formatMoney } from '../../format/format-money'
import { currentExpectedDeposits } from './deposit-matching'

/**
 * A person matches bank lines to expected deposits: the fee (card money) or the cash shortfall is
 * what the lines leave of the deposits' gross. A fee below zero or above a sane share of the gross
 * is a difference to explain (`handSettlement`): recorded as the difference, with the reason the
 * person gives (`explained`), never as a fee; without a reason it is not recorded. Refused when a
 * line (of the bank account chosen) or deposit is unknown or already stands in another match.
 */
export async function matchByHand(
  db: TillDatabase,
  chosen: {
    bankAccountId: string
    bankLineIds: string[]
    expectedIds: string[]
    explained?: DifferenceReason
  },
  by: string,
  currency: string,
  now: number,
): Promise<void> {
  const [lines, expected] = await Promise.all([
    statementLines(db),
    currentExpectedDeposits(db, currency),
  ])
  const pickedLines = lines.filter(
    (l) => l.bankAccountId === chosen.bankAccountId && chosen.bankLineIds.includes(l.id),
  )
  const pickedExpected = expected.filter((e) => chosen.expectedIds.includes(e.id))
  if (
    pickedLines.length !== chosen.bankLineIds.length ||
    pickedExpected.length !== chosen.expectedIds.length
  )
    throw new DepositMatchError('A bank line or expected deposit chosen is no longer there.')
  const banked = sumMinor(pickedLines, (l) => l.amount)
  const settlement = handSettlement(pickedExpected, banked, chosen.explained)
  if (!settlement) {
    const gross = sumMinor(pickedExpected, (e) => e.gross)
    const money = (minor: number) => formatMoney(minor, currency)
    throw new DepositMatchError(
      `The bank paid ${money(banked)} against takings of ${money(gross)} gross: too far off to be a fee. Say why, and it is recorded as a difference to explain.`,
    )
  }
  await keepHandMatch(
    db,
    {
      id: matchId(chosen.bankAccountId, chosen.bankLineIds),
      bankAccountId: chosen.bankAccountId,
      bankLineIds: [...chosen.bankLineIds].sort(),
      expectedIds: [...chosen.expectedIds].sort(),
      kind: 'by-hand',
      ...settlement,
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
