import { sumMinor } from '../../../src-shared/domain/money'
import { CASH } from '../../day-close/rules/day-close'
import type { StatementLine } from './bank-line'
import type { DifferenceReason } from './difference-reasons'
import { addBusinessDays } from './business-days'
import { toleranceFor, type DepositSettings } from './deposit-settings'
import type { ExpectedDeposit } from './expected-deposits'
import { lineWords, type LineWords } from './line-words'

/**
 * Bank lines matched to expected deposits (docs/ledger.md#deposits): exact, within the fee
 * tolerance, one line for several days in a row, one deposit split over two lines; only a
 * unique best candidate is matched on its own, the rest is offered to a person.
 */

export type MatchKind = 'exact' | 'within-fee' | 'several-days' | 'split' | 'by-hand'

export interface DepositMatch {
  /** Stable: its bank account and sorted bank line ids (`matchId`). */
  id: string
  /** The bank account its lines are of: a line's id is its own only within its account. */
  bankAccountId: string
  bankLineIds: string[]
  expectedIds: string[]
  kind: MatchKind
  /** gross − banked, for card/QRIS (>= 0). */
  fee: number
  /** Cash, or a difference a person explained: gross − banked (+ short, − over). */
  shortfall: number
  /** A hand match whose difference is not a fee: why, as the person said (`shortfall` holds it). */
  explained?: DifferenceReason
  /** ms; auto matches are confirmed unless the person unmatched them. */
  confirmedAt?: number
  /**
   * The key an export posted it under when matches were kept by line id alone (`deposit:<first
   * line id>`, cache version 24 keeps it on each match it carried over): kept so the entry is
   * neither posted twice nor left without its reversal. Newer matches have none.
   */
  postingKey?: string
}

export interface MatchOffer {
  /** The bank account of its lines. */
  bankAccountId: string
  bankLineIds: string[]
  /** Expected-id sets, one per candidate. */
  candidates: string[][]
  /** The bank lines each candidate takes (some of `bankLineIds`), in the order of `candidates`. */
  candidateLineIds: string[][]
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
  /** When the matching runs (ms): automatic matches are confirmed then. */
  now?: number
  /** The ids of the deposits to match, when not all: the others only break runs of days
   *  (matching again in part, matching-regions.ts). */
  matchable?: ReadonlySet<string>
  /** The shop's names of its locations, which a line's words may name (line-words.ts). */
  locationNames?: Readonly<Record<string, string>>
}

export interface MatchResult {
  matches: DepositMatch[]
  offers: MatchOffer[]
}

/**
 * A match's (or an offer's) id: its bank account, `|`, then its bank line ids, sorted, joined by
 * `+` (as the shared books name a statement line: no control character, which PostgreSQL's text
 * refuses). Two accounts at one bank may give their lines the same ids: their matches are apart.
 */
export function matchId(bankAccountId: string, bankLineIds: readonly string[]): string {
  return `${bankAccountId}|${[...bankLineIds].sort().join('+')}`
}

/** A line's key across bank accounts: its account and its id. */
export function lineRef(line: { bankAccountId: string; id: string }): string {
  return `${line.bankAccountId}\u0000${line.id}`
}

/** The keys (`lineRef`) of the lines a match or an offer holds. */
export function lineRefsOf(held: {
  bankAccountId: string
  bankLineIds: readonly string[]
}): string[] {
  return held.bankLineIds.map((id) => lineRef({ bankAccountId: held.bankAccountId, id }))
}

/** How much of a match's gross did not reach the bank: a fee for card money, a cash shortfall. */
export function settlementOf(
  expected: readonly Pick<ExpectedDeposit, 'method' | 'gross'>[],
  banked: number,
): Pick<DepositMatch, 'fee' | 'shortfall'> {
  const missing = sumMinor(expected, (e) => e.gross) - banked
  return expected.every((e) => e.method === CASH)
    ? { fee: 0, shortfall: missing }
    : { fee: missing, shortfall: 0 }
}

/**
 * A match's fee and shortfall from its deposits' gross now, as its entry posts them: a count or a
 * cash movement since it was matched changes what the cash was short of (the match is kept as
 * made). A difference a person explained is all shortfall.
 */
export function currentSettlement(
  match: Pick<DepositMatch, 'explained'>,
  expected: readonly Pick<ExpectedDeposit, 'method' | 'gross'>[],
  banked: number,
): Pick<DepositMatch, 'fee' | 'shortfall'> {
  return match.explained
    ? { fee: 0, shortfall: sumMinor(expected, (e) => e.gross) - banked }
    : settlementOf(expected, banked)
}

/** One way to read bank lines as expected deposits. */
interface Pairing {
  lines: KeptLine[]
  expected: ExpectedDeposit[]
  kind: Exclude<MatchKind, 'by-hand'>
  /** False for a batch with a day so small against the tolerance that the line would fit as
   *  well without it: only ever offered. */
  clear: boolean
}

/** One expected deposit, or a run of them on days in a row, as one bank line could pay it. */
interface Target {
  expected: ExpectedDeposit[]
  amount: number
  gross: number
  tolerance: number
  cash: boolean
  clear: boolean
  /** Day numbers a line may be booked on. */
  from: number
  to: number
}

const DAY_MS = 86_400_000
/** The most days with takings one bank line is taken to batch, and the most calendar days
 *  (a week) from the first of them to the last. */
const MAX_RUN = 5
export const MAX_RUN_DAYS = 7

/** The deposits a run of days may join: one bank account, method, location and currency. */
export const depositGroup = (e: ExpectedDeposit): string =>
  `${e.bankAccountId}\u0000${e.method}\u0000${e.locationId}\u0000${e.currency}`

/**
 * Matches bank lines to expected deposits in three rounds, each over what the rounds before left
 * (docs/ledger.md#matching). Before amounts decide, a line's words (line-words.ts: its kind, the
 * methods, locations and days its text names, the bookkeeper's rules) take away every reading
 * they contradict; a line that names its days is read only as a run paying each of them. Then (1) a line equal to one expected deposit within the window and near
 * no other; (2) a line within the fee tolerance of one expected deposit or of 2–5 of the same
 * method, account and location in a row (no deposit of theirs between, within a week); (3) two
 * lines booked on the same or the next business day that together pay one cash deposit. Such
 * pairs are readings in every round: a round matches a reading only when it is the one reading
 * of its lines and no other reading (a pair included) takes any of its deposits; otherwise its
 * lines and readings are offered to a person, and are never matched in a later round while still
 * standing in the way of other matches. A line a person unmatched (its match id in `refused`) is
 * never matched again on its own, only offered. Work is bounded by the window: lines and deposits
 * are indexed by account and day.
 */
export function matchDeposits(input: MatchInput): MatchResult {
  return matchInRounds(input).result
}

function matchInRounds(input: MatchInput): { result: MatchResult; rounds: Rounds } {
  const rounds = new Rounds(input)
  rounds.exactThenWithinFee()
  rounds.split()
  return {
    result: { matches: [...input.kept, ...rounds.matches], offers: rounds.offers() },
    rounds,
  }
}

/** The bank lines and deposits of one reading the rounds weigh. */
export interface Reading {
  bankAccountId: string
  lineIds: string[]
  expectedIds: string[]
}

/**
 * Every reading the rounds of `matchDeposits` could weigh, before any is settled: each open
 * line's readings within the tolerance and every pair of open lines paying an open deposit. The
 * rounds only ever narrow these, and a reading's fate turns on the readings sharing a line or a
 * deposit with it (matching-regions.ts).
 */
export function matchingReadings(input: MatchInput): Reading[] {
  return new Rounds(input).readings()
}

/** `matchDeposits`, with the readings it weighed (`matchingReadings`) found on the way. */
export function matchAndRead(input: MatchInput): { result: MatchResult; readings: Reading[] } {
  const { result, rounds } = matchInRounds(input)
  return { result, readings: rounds.readings() }
}

class Rounds {
  readonly matches: DepositMatch[] = []
  readonly #settings: DepositSettings
  readonly #refused: ReadonlySet<string>
  readonly #now: number | undefined
  readonly #days = new Map<string, number>()
  /** Lines still open, by account and booking day. */
  readonly #lines = new Map<string, Map<number, KeptLine[]>>()
  /** Lines (by `accountLine`, as two accounts may give the same id) and deposits not matched yet. */
  readonly #openLines = new Set<string>()
  readonly #openExpected = new Set<string>()
  /** Lines and deposits offered to a person (by `lineKeys`/`expectedKeys`): they still compete
   *  in later rounds, so nothing is matched in their place, but are never matched on their own. */
  readonly #held = new Set<string>()
  readonly #offered = new Map<
    string,
    { lines: KeptLine[]; candidates: Pairing[]; reason: string }
  >()
  readonly #expected: ExpectedDeposit[]
  /** The ids (`matchId`) of the matches kept, made and offered. */
  readonly #takenIds: Set<string>
  #pairs: Pairing[] | undefined
  #firstReadings: Pairing[] | undefined
  readonly #allExpected: readonly ExpectedDeposit[]
  /** Each open line's words, by `accountLine`. */
  readonly #words = new Map<string, LineWords>()
  /** The business dates with a deposit expected, by `depositGroup`. */
  readonly #groupDates = new Map<string, Set<string>>()

  constructor(input: MatchInput) {
    this.#settings = input.settings
    this.#refused = new Set(input.refused)
    this.#now = input.now
    const usedLines = keptLines(input)
    const context = {
      locationNames: input.locationNames ?? {},
      locationAliases: input.settings.locationAliases,
      bankRules: input.settings.bankRules,
    }
    const usedExpected = new Set(input.kept.flatMap((m) => m.expectedIds))
    this.#takenIds = new Set(input.kept.map((m) => m.id))
    for (const line of input.lines) {
      const key = accountLine(line)
      if (line.amount <= 0 || usedLines.has(key)) continue
      this.#openLines.add(key)
      listIn(inner(this.#lines, line.bankAccountId), this.#day(line.date)).push(line)
      this.#words.set(key, lineWords(line, context))
    }
    this.#allExpected = input.expected
    for (const e of input.expected) {
      const dates = this.#groupDates.get(depositGroup(e)) ?? new Set()
      this.#groupDates.set(depositGroup(e), dates.add(e.businessDate))
    }
    this.#expected = input.expected.filter(
      (e) => e.amount > 0 && !usedExpected.has(e.id) && (input.matchable?.has(e.id) ?? true),
    )
    for (const e of this.#expected) this.#openExpected.add(e.id)
  }

  #day(date: string): number {
    let day = this.#days.get(date)
    if (day === undefined) {
      day = Date.parse(`${date}T00:00:00Z`) / DAY_MS
      this.#days.set(date, day)
    }
    return day
  }

  #target(run: ExpectedDeposit[]): Target {
    const last = this.#day(run[run.length - 1]!.dueDate)
    const gross = sumMinor(run, (e) => e.gross)
    const tolerance = sumMinor(run, (e) => toleranceFor(this.#settings, e.gross))
    return {
      expected: run,
      amount: sumMinor(run, (e) => e.amount),
      gross,
      tolerance,
      clear: run.length === 1 || run.every((e) => e.amount > 2 * tolerance),
      cash: run.every((e) => e.method === CASH),
      from: last - this.#settings.window.daysBefore,
      to: last + this.#settings.window.daysAfter,
    }
  }

  /**
   * Whether a line's words let it pay a run of deposits (one group's): each deposit's method and
   * location allowed, and where the text names days, every day of the run named and every named
   * day with takings of the group in the run.
   */
  #allows(line: KeptLine, run: readonly ExpectedDeposit[]): boolean {
    const words = this.#words.get(accountLine(line))
    if (!words) return true
    if (!run.every((e) => words.allowsMethod(e.method) && words.allowsLocation(e.locationId)))
      return false
    if (words.dates === null) return true
    const days = new Set(run.map((e) => e.businessDate))
    if (![...days].every((day) => words.dates!.has(day))) return false
    const group = this.#groupDates.get(depositGroup(run[0]!))!
    return [...words.dates].every((day) => days.has(day) || !group.has(day))
  }

  /** Whether the line names the days it pays, so no day of a reading is in doubt. */
  #namesDays(line: KeptLine): boolean {
    return (this.#words.get(accountLine(line))?.dates ?? null) !== null
  }

  #unmatched(pairing: Pairing): boolean {
    return (
      pairing.lines.every((l) => this.#openLines.has(accountLine(l))) &&
      pairing.expected.every((e) => this.#openExpected.has(e.id))
    )
  }

  #free(pairing: Pairing): boolean {
    return [...lineKeys(pairing), ...expectedKeys(pairing)].every((key) => !this.#held.has(key))
  }

  /** Whether `banked` pays a target: within its tolerance, without a negative fee. */
  #fits(target: Target, banked: number): boolean {
    if (Math.abs(banked - target.amount) > target.tolerance) return false
    return target.cash || banked <= target.gross
  }

  /** Open lines of an account booked between two day numbers. */
  *#linesBetween(account: string, from: number, to: number): Generator<KeptLine> {
    const byDay = this.#lines.get(account)
    if (!byDay) return
    for (let day = from; day <= to; day++)
      for (const line of byDay.get(day) ?? [])
        if (this.#openLines.has(accountLine(line))) yield line
  }

  /** Open targets (single deposits and runs of days in a row) by account and day. */
  #targets(): Map<string, Map<number, Target[]>> {
    // Every deposit of a group, matched or not: a run of days is one with no deposit between
    // its days (a day with nothing expected does not break it, one matched elsewhere does).
    const groups = new Map<string, ExpectedDeposit[]>()
    for (const e of this.#allExpected) listIn(groups, depositGroup(e)).push(e)
    const index = new Map<string, Map<number, Target[]>>()
    const add = (target: Target) => {
      const byDay = inner(index, target.expected[0]!.bankAccountId)
      for (let day = target.from; day <= target.to; day++) listIn(byDay, day).push(target)
    }
    for (const group of groups.values()) {
      group.sort((a, b) => (a.businessDate < b.businessDate ? -1 : 1))
      group.forEach((first, start) => {
        if (!this.#openExpected.has(first.id)) return
        add(this.#target([first]))
        const lastDay = this.#day(first.businessDate) + MAX_RUN_DAYS - 1
        for (let end = start + 1; end < group.length && end - start < MAX_RUN; end++) {
          const next = group[end]!
          if (!this.#openExpected.has(next.id) || this.#day(next.businessDate) > lastDay) break
          add(this.#target(group.slice(start, end + 1)))
        }
      })
    }
    return index
  }

  /** The readings of the first round (found for it, or now), which every later one narrows. */
  readings(): Reading[] {
    const reading = (p: Pairing): Reading => ({
      bankAccountId: p.lines[0]!.bankAccountId,
      lineIds: p.lines.map((l) => l.id),
      expectedIds: p.expected.map((e) => e.id),
    })
    this.#firstReadings ??= [...this.#lineCandidates(this.#targets()).flat(), ...this.#allPairs()]
    return this.#firstReadings.map(reading)
  }

  /**
   * Round 1: a line equal to one expected deposit (and near no other), so it wins over other lines
   * merely near the same deposit. Round 2: a line within the fee tolerance of one deposit or of a
   * run of days, over what round 1 left.
   */
  exactThenWithinFee(): void {
    const targets = this.#targets()
    const near = this.#lineCandidates(targets)
    this.#firstReadings = [...near.flat(), ...this.#allPairs()]
    const isEqual = (p: Pairing) =>
      p.expected.length === 1 && p.lines[0]!.amount === p.expected[0]!.amount
    // Near other deposits too, an equal line is as ambiguous as any: its group keeps them all.
    const exact = near
      .filter((group) => group.some(isEqual))
      .map((group) => group.map((p) => (isEqual(p) ? { ...p, kind: 'exact' as const } : p)))
    this.#settle(...this.#withSplits(exact))
    const left = near
      .map((group) => group.filter((p) => this.#unmatched(p)))
      .filter((group) => group.length > 0)
    this.#settle(...this.#withSplits(left))
  }

  /**
   * A line with one reading could still be half of a deposit paid in two lines, and a deposit one
   * line reads could still be paid by two others: every pair of open lines that pays an open
   * deposit joins the group of a line it takes (so that line is offered, not matched), or else
   * stands in the round as a rival claiming its lines and deposit.
   */
  #withSplits(groups: Pairing[][]): [Pairing[][], Pairing[][]] {
    const pairs = this.#openPairs()
    const byLine = new Map<string, Pairing[]>()
    for (const pair of pairs)
      for (const line of pair.lines) listIn(byLine, accountLine(line)).push(pair)
    const joined = new Set<Pairing>()
    const withPairs = groups.map((group) => {
      if (group.length !== 1) return group
      const splits = byLine.get(accountLine(group[0]!.lines[0]!)) ?? []
      for (const pair of splits) joined.add(pair)
      return [...group, ...splits]
    })
    return [withPairs, pairs.filter((p) => !joined.has(p)).map((p) => [p])]
  }

  /** Every pair of lines that pays a deposit, both open before the first round: found once. */
  #allPairs(): Pairing[] {
    this.#pairs ??= this.#expected.flatMap((e) => this.#pairsPaying(e))
    return this.#pairs
  }

  /** Every pair of open lines that pays an open deposit. */
  #openPairs(): Pairing[] {
    return this.#allPairs().filter((p) => this.#unmatched(p))
  }

  /** Each open line's readings within the tolerance: single deposits and runs of days. */
  #lineCandidates(targets: Map<string, Map<number, Target[]>>): Pairing[][] {
    const found: Pairing[][] = []
    for (const [account, byDay] of this.#lines) {
      const accountTargets = targets.get(account)
      if (!accountTargets) continue
      for (const [day, lines] of byDay)
        for (const line of lines) {
          if (!this.#openLines.has(accountLine(line))) continue
          const fitting = (accountTargets.get(day) ?? []).filter(
            (t) =>
              t.expected[0]!.currency === line.currency &&
              this.#fits(t, line.amount) &&
              this.#allows(line, t.expected),
          )
          if (fitting.length === 0) continue
          found.push(
            fitting.map((t) => ({
              lines: [line],
              expected: t.expected,
              kind: t.expected.length > 1 ? 'several-days' : 'within-fee',
              clear: t.clear || this.#namesDays(line),
            })),
          )
        }
    }
    return found
  }

  /** Round 3: two lines that together pay one expected deposit. */
  split(): void {
    const found: Pairing[][] = []
    // A deposit offered already is not offered again split, but a pair that could pay it stands
    // in the way of the same lines paying another deposit.
    const rivals: Pairing[][] = []
    const byDeposit = new Map<string, Pairing[]>()
    for (const pair of this.#openPairs()) listIn(byDeposit, pair.expected[0]!.id).push(pair)
    for (const [id, pairs] of byDeposit)
      if (this.#held.has(`expected\u0000${id}`)) rivals.push(pairs)
      else found.push(pairs)
    this.#settle(found, rivals)
  }

  /** Pairs of open lines in its window, booked on the same or the next business day, that together
   *  pay a cash deposit (a processor settles in one line; a person may bank a day's cash in two). */
  #pairsPaying(e: ExpectedDeposit): Pairing[] {
    if (e.method !== CASH) return []
    const target = this.#target([e])
    const lines = [...this.#linesBetween(e.bankAccountId, target.from, target.to)]
      .filter((l) => l.currency === e.currency && this.#allows(l, [e]))
      .sort((a, b) => a.amount - b.amount)
    const pairs: Pairing[] = []
    for (let i = 0; i < lines.length; i++) {
      const rest = target.amount - lines[i]!.amount
      const first = Math.max(i + 1, firstAtLeast(lines, rest - target.tolerance))
      for (let j = first; j < lines.length && lines[j]!.amount <= rest + target.tolerance; j++) {
        const [one, other] = [lines[i]!, lines[j]!]
        if (
          this.#fits(target, one.amount + other.amount) &&
          withinABusinessDay(one.date, other.date)
        )
          pairs.push({ lines: [one, other], expected: [e], kind: 'split', clear: true })
      }
    }
    return pairs
  }

  /**
   * Makes each group's one candidate a match when nothing else in the round claims its lines or
   * deposits and no person refused it; offers the rest, which then sits out the later rounds.
   * `rivals` only claim: they are neither matched nor offered.
   */
  #settle(groups: Pairing[][], rivals: Pairing[][] = []): void {
    const claims = new Map<string, number>()
    const claim = (key: string) => claims.set(key, (claims.get(key) ?? 0) + 1)
    for (const group of [...groups, ...rivals]) {
      const keys = new Set(group.flatMap((p) => [...lineKeys(p), ...expectedKeys(p)]))
      for (const key of keys) claim(key)
    }
    const left: Pairing[][] = []
    for (const group of groups) {
      const only = group.length === 1 ? group[0]! : null
      const uncontested =
        only !== null &&
        [...lineKeys(only), ...expectedKeys(only)].every((key) => claims.get(key) === 1)
      const refused = only !== null && this.#refused.has(pairingId(only))
      if (only?.clear && uncontested && !refused && this.#free(only)) {
        if (!this.#takenIds.has(pairingId(only))) this.#match(only)
      } else left.push(group)
    }
    for (const group of left) {
      const lines = uniqueLines(group)
      const refused = this.#refused.has(linesId(lines))
      const reason = refused
        ? 'Unmatched by hand before: Till does not match it again on its own.'
        : group.length > 1
          ? `${group.length} ways to read ${lines.length > 1 ? 'these lines' : 'this line'}: choose one.`
          : group[0]!.clear
            ? 'Another bank line could pay the same takings: choose which.'
            : 'A day of these takings is too small to tell whether the bank paid it in this line.'
      this.#offer(lines, group, reason)
    }
  }

  #match(pairing: Pairing): void {
    const bankLineIds = pairing.lines.map((l) => l.id).sort()
    const id = pairingId(pairing)
    this.matches.push({
      id,
      bankAccountId: pairing.lines[0]!.bankAccountId,
      bankLineIds,
      expectedIds: pairing.expected.map((e) => e.id),
      kind: pairing.kind,
      ...settlementOf(
        pairing.expected,
        sumMinor(pairing.lines, (l) => l.amount),
      ),
      ...(this.#now === undefined ? {} : { confirmedAt: this.#now }),
    })
    this.#takenIds.add(id)
    for (const line of pairing.lines) this.#openLines.delete(accountLine(line))
    for (const e of pairing.expected) this.#openExpected.delete(e.id)
  }

  #offer(lines: KeptLine[], candidates: Pairing[], reason: string): void {
    const id = linesId(lines)
    const offeredBefore = lines.every((l) => this.#held.has(accountLine(l)))
    const same = this.#offered.get(id)
    // Two lines each near a deposit of its own and together paying a third: one offer, all three.
    if (same) {
      const known = new Set(same.candidates.map(readingKey))
      same.candidates.push(...candidates.filter((p) => !known.has(readingKey(p))))
    } else if (!offeredBefore && !this.#takenIds.has(id)) {
      this.#offered.set(id, { lines, candidates, reason })
      this.#takenIds.add(id)
    }
    for (const pairing of candidates)
      for (const key of [...lineKeys(pairing), ...expectedKeys(pairing)]) this.#held.add(key)
  }

  offers(): MatchOffer[] {
    return [...this.#offered.values()].map(({ lines, candidates, reason }) => ({
      bankAccountId: lines[0]!.bankAccountId,
      bankLineIds: lines.map((l) => l.id).sort(),
      candidates: candidates.map((p) => p.expected.map((e) => e.id)),
      candidateLineIds: candidates.map((p) => p.lines.map((l) => l.id).sort()),
      reason,
    }))
  }
}

/** The id (`matchId`) of lines of one account. */
const linesId = (lines: readonly KeptLine[]) =>
  matchId(
    lines[0]!.bankAccountId,
    lines.map((l) => l.id),
  )
const pairingId = (p: Pairing) => linesId(p.lines)
const readingKey = (p: Pairing) => `${pairingId(p)}\u0000${p.expected.map((e) => e.id).join(' ')}`
/** A line's key in the rounds: its bank account and id (an account's ids are its own). */
const accountLine = (line: KeptLine) => `line\u0000${lineRef(line)}`
const lineKeys = (p: Pairing) => p.lines.map(accountLine)

/** The lines the kept matches hold, by `accountLine`: each in its match's bank account. */
function keptLines(input: MatchInput): Set<string> {
  return new Set(input.kept.flatMap((match) => lineRefsOf(match).map((ref) => `line\u0000${ref}`)))
}
const expectedKeys = (p: Pairing) => p.expected.map((e) => `expected\u0000${e.id}`)

function uniqueLines(group: Pairing[]): KeptLine[] {
  const byId = new Map(group.flatMap((p) => p.lines.map((l) => [l.id, l] as const)))
  return [...byId.values()]
}

function inner<K, IK, V>(outer: Map<K, Map<IK, V>>, key: K): Map<IK, V> {
  let map = outer.get(key)
  if (!map) outer.set(key, (map = new Map()))
  return map
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key)
  if (!list) map.set(key, (list = []))
  return list
}

function withinABusinessDay(one: string, other: string): boolean {
  const [earlier, later] = one <= other ? [one, other] : [other, one]
  return later <= addBusinessDays(earlier, 1)
}

/** The index of the first line of at least `amount` in lines sorted by amount. */
function firstAtLeast(lines: readonly KeptLine[], amount: number): number {
  let low = 0
  let high = lines.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (lines[middle]!.amount < amount) low = middle + 1
    else high = middle
  }
  return low
}
