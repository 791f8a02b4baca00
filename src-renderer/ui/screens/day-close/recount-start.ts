import type { CountDraftFields } from '../../../database/cached-records'
import type { SessionReconciliation } from '../../../day-close'
import { formatAmountText, type NumberMarks } from '../../../format/amount-text'
import { denominationKey } from '../../../day-close'

/**
 * What a recount starts from: the count a reopen set aside, its notes and coins, counted cash
 * and other methods as the shop writes numbers, so the manager corrects what differs instead of
 * counting from blank. Who counted and the note are the recount's own.
 */
export function recountStart(
  replaced: Pick<SessionReconciliation, 'countedCash' | 'countedByMethod' | 'breakdown'>,
  currency: string,
  marks: NumberMarks,
): CountDraftFields {
  const amount = (minor: number): string => formatAmountText(minor, currency, marks)
  return {
    countedCash: amount(replaced.countedCash),
    countedByMethod: Object.fromEntries(
      Object.entries(replaced.countedByMethod).map(([method, minor]) => [method, amount(minor)]),
    ),
    countedBy: '',
    note: '',
    pieces: Object.fromEntries(
      (replaced.breakdown ?? []).map((d) => [denominationKey(d), String(d.pieces)]),
    ),
  }
}
