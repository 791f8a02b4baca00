import type { StoredMatch, StoredOffer, StoredStatementLine } from '../tables/deposit-rows'
import type { DepositSettings } from '../rules/deposit-settings'
import type { ExpectedDeposit } from '../rules/expected-deposits'
import { sumMinor } from '../../../src-shared/domain/money'
import { currentSettlement, lineRef, lineRefsOf } from '../rules/matching'
import {
  leftoverReasons,
  type LeftoverReason,
  type OpenSessionDay,
} from '../rules/leftover-reasons'

/**
 * What the Deposits screen shows (docs/deposits.md#the-deposits-screen), worked out from the
 * kept lines, matches and offers and the deposits the sessions expect, filtered as the person
 * chose: per clearing account what still waits and since when, the matches with the fees and
 * shortfalls they found, the bank lines nothing explains, and the offers to decide.
 */

export interface DepositFilter {
  bankAccountId: string
  method: string
  locationId: string
  /** Business dates of the takings (bank lines: booking dates), inclusive; '' for open. */
  from: string
  to: string
}

export const NO_DEPOSIT_FILTER: DepositFilter = {
  bankAccountId: '',
  method: '',
  locationId: '',
  from: '',
  to: '',
}

interface AgedAmounts {
  /** Takings of up to 3 days ago, up to 7, and older. */
  upTo3: number
  upTo7: number
  older: number
}

export interface Waiting extends AgedAmounts {
  method: string
  total: number
  /** The business date of the oldest takings still waiting. */
  since: string
  deposits: ExpectedDeposit[]
}

export interface MatchView {
  match: StoredMatch
  lines: StoredStatementLine[]
  expected: ExpectedDeposit[]
  banked: number
  /**
   * The fee and cash short (over) from the deposits' gross now, as the export posts them
   * (`currentSettlement`); as matched while one of its deposits is not in the cache.
   */
  fee: number
  shortfall: number
}

/** One reading of an offer: the takings it reads the lines as, their total and the difference. */
interface ReadingView {
  expectedIds: string[]
  lineIds: string[]
  /** In date order. */
  deposits: ExpectedDeposit[]
  /** What the takings should bring to the bank. */
  total: number
  /** What the reading's lines banked less `total` (+ over, − short). */
  difference: number
}

export interface OfferView {
  offer: StoredOffer
  lines: StoredStatementLine[]
  /** Exact first, then by the size of the difference, then by date. */
  readings: ReadingView[]
}

/** A line nothing explains, and why (`leftoverReason`). */
export interface LeftoverView {
  line: StoredStatementLine
  reason: LeftoverReason
}

/** A bank account's statement against the books (as Xero shows at the top of a reconciliation). */
export interface AccountBalance {
  bankAccountId: string
  /** The last balance the statements gave, and its line's date; null when none gave one. */
  closing: { amount: number; date: string } | null
  /** What the books hold: the statement's opening balance (when given) plus every matched line. */
  books: number
  /** The lines in no standing match, money in and out: what the difference is made of. */
  notMatched: { count: number; total: number }
}

export interface DepositOverview {
  waiting: Waiting[]
  matched: MatchView[]
  unmatched: MatchView[]
  offers: OfferView[]
  /** Money-in lines in no standing match and no offer, each with why, in date order. */
  unexplained: LeftoverView[]
  /** Per bank account shown, the statement's closing balance against the books. */
  balances: AccountBalance[]
  /** Deposits no standing match covers, for a person to match by hand. */
  open: ExpectedDeposit[]
  fees: number
  /** Cash short (over: negative) of the matches, a difference a person explained left out. */
  shortfalls: number
  /** The differences people explained (gross − banked, + short, − over). */
  differences: number
}

export interface DepositInputs {
  settings: DepositSettings
  lines: StoredStatementLine[]
  matches: StoredMatch[]
  offers: StoredOffer[]
  expected: ExpectedDeposit[]
  /** Sessions still trading: their takings expect no deposit yet. */
  openSessions: OpenSessionDay[]
}

const DAY_MS = 86_400_000

/** Whole days from one business date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

function inDates(date: string, filter: DepositFilter): boolean {
  return (filter.from === '' || date >= filter.from) && (filter.to === '' || date <= filter.to)
}

function expectedShown(deposit: ExpectedDeposit, filter: DepositFilter): boolean {
  return (
    (filter.bankAccountId === '' || deposit.bankAccountId === filter.bankAccountId) &&
    (filter.method === '' || deposit.method === filter.method) &&
    (filter.locationId === '' || deposit.locationId === filter.locationId) &&
    inDates(deposit.businessDate, filter)
  )
}

function lineShown(line: StoredStatementLine, filter: DepositFilter): boolean {
  return (
    (filter.bankAccountId === '' || line.bankAccountId === filter.bankAccountId) &&
    inDates(line.date, filter)
  )
}

function aged(deposits: readonly ExpectedDeposit[], today: string): AgedAmounts {
  const amounts: AgedAmounts = { upTo3: 0, upTo7: 0, older: 0 }
  for (const deposit of deposits) {
    const age = daysBetween(deposit.businessDate, today)
    const bucket = age <= 3 ? 'upTo3' : age <= 7 ? 'upTo7' : 'older'
    amounts[bucket] += deposit.gross
  }
  return amounts
}

const firstDate = (lines: readonly StoredStatementLine[]): string =>
  lines.reduce((first, l) => (first === '' || l.date < first ? l.date : first), '')

/** An offer with each reading's takings in date order, total and difference: exact first, then
 *  the nearest, then the earliest. */
function offerView(
  offer: StoredOffer,
  lineByRef: ReadonlyMap<string, StoredStatementLine>,
  expectedById: ReadonlyMap<string, ExpectedDeposit>,
): OfferView {
  const readings = offer.candidates.map((expectedIds, i): ReadingView => {
    const lineIds = offer.candidateLineIds[i] ?? offer.bankLineIds
    const lines = lineRefsOf({ bankAccountId: offer.bankAccountId, bankLineIds: lineIds })
    const deposits = expectedIds
      .flatMap((id) => expectedById.get(id) ?? [])
      .sort((a, b) => a.businessDate.localeCompare(b.businessDate))
    const total = sumMinor(deposits, (e) => e.amount)
    const banked = sumMinor(
      lines.flatMap((ref) => lineByRef.get(ref) ?? []),
      (l) => l.amount,
    )
    return { expectedIds, lineIds, deposits, total, difference: banked - total }
  })
  readings.sort(
    (a, b) =>
      Math.abs(a.difference) - Math.abs(b.difference) ||
      (a.deposits[0]?.businessDate ?? '').localeCompare(b.deposits[0]?.businessDate ?? ''),
  )
  return {
    offer,
    lines: lineRefsOf(offer)
      .flatMap((ref) => lineByRef.get(ref) ?? [])
      .sort((a, b) => a.date.localeCompare(b.date)),
    readings,
  }
}

/**
 * A bank account's statement against the books: the closing balance is the balance of its latest
 * line that gives one (the last imported among a day's); the books hold the statement's opening
 * (that line's balance less every line of it and before) plus the lines matched.
 */
function accountBalance(
  bankAccountId: string,
  all: readonly StoredStatementLine[],
  matchedLines: ReadonlySet<string>,
): AccountBalance {
  const lines = all.filter((l) => l.bankAccountId === bankAccountId)
  const last = lines
    .filter((l) => l.balance !== undefined)
    .reduce<StoredStatementLine | null>(
      (latest, l) =>
        latest === null ||
        l.date > latest.date ||
        (l.date === latest.date && l.importedAt >= latest.importedAt)
          ? l
          : latest,
      null,
    )
  const matched = sumMinor(
    lines.filter((l) => matchedLines.has(lineRef(l))),
    (l) => l.amount,
  )
  const notMatched = lines.filter((l) => !matchedLines.has(lineRef(l)))
  const closing = last && { amount: last.balance!, date: last.date }
  const opening = last
    ? last.balance! -
      sumMinor(
        lines.filter((l) => l.date <= last.date),
        (l) => l.amount,
      )
    : 0
  return {
    bankAccountId,
    closing,
    books: opening + matched,
    notMatched: { count: notMatched.length, total: sumMinor(notMatched, (l) => l.amount) },
  }
}

export function depositOverview(
  inputs: DepositInputs,
  filter: DepositFilter,
  today: string,
): DepositOverview {
  const lineByRef = new Map(inputs.lines.map((l) => [lineRef(l), l]))
  const expectedById = new Map(inputs.expected.map((e) => [e.id, e]))
  const view = (match: StoredMatch): MatchView => {
    const lines = lineRefsOf(match).flatMap((ref) => lineByRef.get(ref) ?? [])
    const expected = match.expectedIds.flatMap((id) => expectedById.get(id) ?? [])
    const banked = sumMinor(lines, (l) => l.amount)
    const whole = expected.length === match.expectedIds.length && expected.length > 0
    const { fee, shortfall } = whole ? currentSettlement(match, expected, banked) : match
    return { match, lines, expected, banked, fee, shortfall }
  }
  const shownMatch = (m: MatchView): boolean =>
    m.lines.some((l) => lineShown(l, filter)) &&
    (m.expected.length === 0 || m.expected.some((e) => expectedShown(e, filter)))
  const standing = inputs.matches.filter((m) => m.state === 'confirmed')
  const covered = new Set(standing.flatMap((m) => m.expectedIds))
  const matchedLines = new Set(standing.flatMap(lineRefsOf))
  const offeredLines = new Set(inputs.offers.flatMap(lineRefsOf))
  const unmatchedDeposits = inputs.expected.filter((e) => !covered.has(e.id))
  const open = unmatchedDeposits.filter((e) => expectedShown(e, filter))
  const reasonOf = leftoverReasons({
    open: unmatchedDeposits,
    settings: inputs.settings,
    openSessions: inputs.openSessions,
  })
  const byMethod = new Map<string, ExpectedDeposit[]>()
  for (const deposit of open)
    byMethod.set(deposit.method, [...(byMethod.get(deposit.method) ?? []), deposit])
  const waiting = [...byMethod]
    .map(([method, deposits]): Waiting => {
      const since = deposits.reduce((a, d) => (d.businessDate < a ? d.businessDate : a), today)
      return {
        method,
        total: sumMinor(deposits, (d) => d.gross),
        since,
        deposits,
        ...aged(deposits, today),
      }
    })
    .sort((a, b) => a.method.localeCompare(b.method))
  const matched = standing.map(view).filter(shownMatch)
  const byDate = (a: MatchView, b: MatchView) =>
    (b.lines[0]?.date ?? '').localeCompare(a.lines[0]?.date ?? '')
  return {
    waiting,
    matched: matched.sort(byDate),
    unmatched: inputs.matches
      .filter((m) => m.state === 'unmatched')
      .map(view)
      .filter(shownMatch)
      .sort(byDate),
    offers: inputs.offers
      .map((offer) => offerView(offer, lineByRef, expectedById))
      .filter((o) => o.lines.some((l) => lineShown(l, filter)))
      .sort((a, b) => firstDate(a.lines).localeCompare(firstDate(b.lines))),
    unexplained: inputs.lines
      .filter(
        (l) =>
          l.amount > 0 &&
          !matchedLines.has(lineRef(l)) &&
          !offeredLines.has(lineRef(l)) &&
          lineShown(l, filter),
      )
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((line) => ({ line, reason: reasonOf(line) })),
    balances: inputs.settings.bankAccounts
      .filter((a) => filter.bankAccountId === '' || a.id === filter.bankAccountId)
      .map((a) => accountBalance(a.id, inputs.lines, matchedLines)),
    open,
    fees: sumMinor(matched, (m) => m.fee),
    shortfalls: sumMinor(
      matched.filter((m) => !m.match.explained),
      (m) => m.shortfall,
    ),
    differences: sumMinor(
      matched.filter((m) => m.match.explained),
      (m) => m.shortfall,
    ),
  }
}
