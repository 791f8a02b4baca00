import type { StoredMatch, StoredOffer, StoredStatementLine } from '../tables/deposit-rows'
import type { DepositSettings } from '../rules/deposit-settings'
import type { ExpectedDeposit } from '../rules/expected-deposits'
import { sumMinor } from '../../../src-shared/domain/money'

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
}

export interface OfferView {
  offer: StoredOffer
  lines: StoredStatementLine[]
  candidates: ExpectedDeposit[][]
}

export interface DepositOverview {
  waiting: Waiting[]
  matched: MatchView[]
  unmatched: MatchView[]
  offers: OfferView[]
  /** Money-in lines in no standing match and no offer. */
  unexplained: StoredStatementLine[]
  /** Deposits no standing match covers, for a person to match by hand. */
  open: ExpectedDeposit[]
  fees: number
  shortfalls: number
}

export interface DepositInputs {
  settings: DepositSettings
  lines: StoredStatementLine[]
  matches: StoredMatch[]
  offers: StoredOffer[]
  expected: ExpectedDeposit[]
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

export function depositOverview(
  inputs: DepositInputs,
  filter: DepositFilter,
  today: string,
): DepositOverview {
  const lineById = new Map(inputs.lines.map((l) => [l.id, l]))
  const expectedById = new Map(inputs.expected.map((e) => [e.id, e]))
  const view = (match: StoredMatch): MatchView => {
    const lines = match.bankLineIds.flatMap((id) => lineById.get(id) ?? [])
    return {
      match,
      lines,
      expected: match.expectedIds.flatMap((id) => expectedById.get(id) ?? []),
      banked: sumMinor(lines, (l) => l.amount),
    }
  }
  const shownMatch = (m: MatchView): boolean =>
    m.lines.some((l) => lineShown(l, filter)) &&
    (m.expected.length === 0 || m.expected.some((e) => expectedShown(e, filter)))
  const standing = inputs.matches.filter((m) => m.state === 'confirmed')
  const covered = new Set(standing.flatMap((m) => m.expectedIds))
  const matchedLines = new Set(standing.flatMap((m) => m.bankLineIds))
  const offeredLines = new Set(inputs.offers.flatMap((o) => o.bankLineIds))
  const open = inputs.expected.filter((e) => !covered.has(e.id) && expectedShown(e, filter))
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
      .map((offer) => ({
        offer,
        lines: offer.bankLineIds.flatMap((id) => lineById.get(id) ?? []),
        candidates: offer.candidates.map((ids) => ids.flatMap((id) => expectedById.get(id) ?? [])),
      }))
      .filter((o) => o.lines.some((l) => lineShown(l, filter))),
    unexplained: inputs.lines.filter(
      (l) =>
        l.amount > 0 && !matchedLines.has(l.id) && !offeredLines.has(l.id) && lineShown(l, filter),
    ),
    open,
    fees: sumMinor(matched, (m) => m.match.fee),
    shortfalls: sumMinor(matched, (m) => m.match.shortfall),
  }
}
