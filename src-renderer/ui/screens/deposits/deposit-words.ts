import type {
  ExpectedDeposit,
  LeftoverReason,
  MatchKind,
  StoredStatementLine,
} from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { capitalised, methodLabel } from '../../../format/labels'
import { formatBusinessDate } from '../../../format/time'

/** What the lists need to name things as a bookkeeper reads them. */
export interface Naming {
  currency: string
  location(id: string): string
  session(id: string): string
}

export const KIND_WORDS: Record<MatchKind, string> = {
  exact: 'Exact amount',
  'within-fee': 'Within the fee',
  'several-days': 'Several days in one deposit',
  split: 'One day in two deposits',
  'by-hand': 'Matched by hand',
}

/** "Card · Kemang · Fri 20 Nov 2026". */
export function depositName(deposit: ExpectedDeposit, naming: Naming): string {
  return `${methodLabel(deposit.method)} · ${naming.location(deposit.locationId)} · ${formatBusinessDate(deposit.businessDate)}`
}

export function lineWords(line: StoredStatementLine): string {
  return `${formatBusinessDate(line.date)} · ${line.text} · ${formatMoney(line.amount, line.currency)}`
}

/** "exact", "over by Rp 5.000", "short by Rp 5.000": a line's amount against takings. */
export function differenceWords(difference: number, currency: string): string {
  if (difference === 0) return 'exact'
  const by = formatMoney(Math.abs(difference), currency)
  return difference > 0 ? `over by ${by}` : `short by ${by}`
}

/** Takings named briefly: one deposit by name, several by their first and last. */
function takingsWords(deposits: readonly ExpectedDeposit[], naming: Naming): string {
  const first = deposits[0]!
  if (deposits.length === 1) return depositName(first, naming)
  const last = deposits[deposits.length - 1]!
  return `${depositName(first, naming)} to ${formatBusinessDate(last.businessDate)} (${deposits.length} days)`
}

/** Why a line is left, in words, with the difference from the nearest takings. */
export function leftoverWords(reason: LeftoverReason, naming: Naming): string {
  const nearest = (n: { deposits: ExpectedDeposit[]; difference: number }) =>
    `${differenceWords(n.difference, naming.currency)} against ${takingsWords(n.deposits, naming)}`
  switch (reason.kind) {
    case 'no-takings':
      return 'No takings that day: nothing is waiting in this bank account.'
    case 'session-open':
      return `Session still open at ${naming.location(reason.locationId)} on ${formatBusinessDate(reason.businessDate)}: its takings are not expected yet${reason.nearest ? `; ${nearest(reason.nearest)}` : ''}.`
    case 'over':
    case 'short':
      return `${capitalised(nearest(reason.nearest))}, more than the tolerance.`
    case 'several-fit':
      return `${reason.count} readings fit: match it by hand to the right takings (nearest: ${nearest(reason.nearest)}).`
    case 'taken':
      return `Fits ${takingsWords(reason.nearest.deposits, naming)} (${differenceWords(reason.nearest.difference, naming.currency)}), which another line is offered for or a person unmatched before: match it by hand if it is this one.`
    case 'outside-window': {
      const days = Math.abs(reason.days)
      return `Outside the matching window: the nearest takings waiting, ${depositName(reason.nearest, naming)}, were due ${days} day${days === 1 ? '' : 's'} ${reason.days > 0 ? 'before' : 'after'} this line.`
    }
  }
}
