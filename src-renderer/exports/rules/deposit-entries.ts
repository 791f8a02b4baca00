import { sumMinor } from '../../../src-shared/domain/money'
import type { BankAccount } from '../../deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../deposits/rules/expected-deposits'
import { DIFFERENCE_WORDS } from '../../deposits/rules/differences'
import { currentSettlement, type DepositMatch, type KeptLine } from '../../deposits/rules/matching'
import { methodLabel } from '../../format/labels'
import { CASH } from '../../day-close/rules/day-close'
import { linesAt, type JournalContext } from './journal'
import { balancedEntry, type JournalEntry, type JournalLine } from './journal-entry'

/** What posting a confirmed match needs: the match, its deposits and lines, the bank account. */
export interface DepositPosting {
  match: DepositMatch
  expected: readonly ExpectedDeposit[]
  lines: readonly KeptLine[]
  bankAccount: BankAccount
}

class DepositPostingError extends Error {
  override name = 'DepositPostingError'
}

/**
 * The posting key of a match's entry: `deposit:<bank account>:<first bank line id>`, or the key a
 * match made before matches were kept per account was posted under (`postingKey`,
 * `deposit:<first bank line id>`), which it keeps.
 */
export function depositKey(
  match: Pick<DepositMatch, 'bankAccountId' | 'bankLineIds' | 'postingKey'>,
): string {
  if (match.postingKey !== undefined) return match.postingKey
  const [first] = [...match.bankLineIds].sort()
  if (first === undefined)
    throw new DepositPostingError('A match without a bank line posts nothing')
  return `deposit:${match.bankAccountId}:${first}`
}

/**
 * The entry of a confirmed match (docs/ledger.md#deposits), keyed by `depositKey`, dated
 * the day the last of its lines was booked: Dr the bank account what arrived, Dr Merchant fees
 * what a card, QRIS or e-wallet processor kept, Cr each deposit's clearing account (at its own
 * location) the gross that left it; a cash deposit short of the count Dr Cash over/short the
 * shortfall (over: Cr), as a difference a person explained is, named by its reason. A match a person later unmatches is reversed by the export log, like
 * any entry that goes away.
 */
export function depositEntry(posting: DepositPosting, context: JournalContext): JournalEntry {
  const { match, expected, lines, bankAccount } = posting
  const first = expected[0]
  if (!first || lines.length === 0)
    throw new DepositPostingError(`Match ${match.id} has no deposit or no bank line to post`)
  const banked = sumMinor(lines, (l) => l.amount)
  const { fee, shortfall } = currentSettlement(match, expected, banked)
  const line = linesAt(context, first.locationId)
  const posted: JournalLine[] = [
    line({ type: 'bank', account: bankAccount.id }, banked, bankAccount.name),
  ]
  if (fee !== 0) posted.push(line({ type: 'merchant-fees' }, fee, 'Processor’s fee'))
  if (shortfall !== 0)
    posted.push(
      line(
        { type: 'cash-over-short' },
        shortfall,
        match.explained
          ? `Difference to explain: ${DIFFERENCE_WORDS[match.explained]}`
          : shortfall > 0
            ? 'Cash deposit short'
            : 'Cash deposit over',
      ),
    )
  for (const deposit of expected)
    posted.push(
      linesAt(context, deposit.locationId)(
        { type: 'clearing', method: deposit.method },
        -deposit.gross,
        `${methodLabel(deposit.method)} takings of ${deposit.businessDate}`,
      ),
    )
  const date = lines.map((l) => l.date).sort()[lines.length - 1]!
  return balancedEntry({
    id: depositKey(match),
    kind: 'deposit',
    date,
    currency: bankAccount.currency,
    description: description(expected, lines),
    payee: null,
    billId: null,
    registerSessionId: null,
    locationId: first.locationId,
    paymentIds: [],
    lines: posted,
  })
}

/** "Deposit of Cash takings 16 Nov–17 Nov: SETORAN TUNAI KEMANG". */
function description(expected: readonly ExpectedDeposit[], lines: readonly KeptLine[]): string {
  const methods = [...new Set(expected.map((e) => methodLabel(e.method)))].join(', ')
  const dates = expected.map((e) => e.businessDate).sort()
  const days = dates[0] === dates.at(-1) ? dates[0] : `${dates[0]}–${dates.at(-1)}`
  const kind = expected.every((e) => e.method === CASH) ? 'Deposit' : 'Settlement'
  return `${kind} of ${methods} takings ${days}: ${lines.map((l) => l.text).join(' / ')}`
}
