import { toleranceFor, type DepositSettings } from './deposit-settings'
import type { ExpectedDeposit } from './expected-deposits'
import { depositGroup, type KeptLine, MAX_RUN_DAYS } from './matching'

/**
 * Why a bank line that pays money in was left with no match and no offer
 * (docs/deposits.md#why-a-line-is-left), worked out from what matching had: the deposits no
 * standing match covers, the window and tolerance, and the sessions still trading. Each reason
 * carries what a person needs to see it: the nearest takings and the difference from them.
 */
export type LeftoverReason =
  /** No takings wait in the line's bank account and currency, and no session is still open. */
  | { kind: 'no-takings' }
  /** A session of a day this line could pay is still open: its takings are not expected yet. */
  | { kind: 'session-open'; locationId: string; businessDate: string; nearest: Nearest | null }
  /** The nearest reading in the window is off by more than the tolerance. */
  | { kind: 'over' | 'short'; nearest: Nearest }
  /** Two or more readings fit the amount: a person chooses (by hand). */
  | { kind: 'several-fit'; count: number; nearest: Nearest }
  /** One reading fits, but its takings are offered with another line or were unmatched before. */
  | { kind: 'taken'; nearest: Nearest }
  /** Takings wait in the account, but none is due within the matching window of the line. */
  | { kind: 'outside-window'; nearest: ExpectedDeposit; days: number }

/** The takings closest to a line, and the line's amount less theirs (+ over, − short). */
interface Nearest {
  deposits: ExpectedDeposit[]
  difference: number
}

/** A session still trading (no expected deposit yet), where and on which day. */
export interface OpenSessionDay {
  locationId: string
  businessDate: string
}

export interface LeftoverInput {
  /** Deposits no standing match covers. */
  open: readonly ExpectedDeposit[]
  settings: DepositSettings
  openSessions: readonly OpenSessionDay[]
}

const DAY_MS = 86_400_000
/** Day numbers of the dates read, so each date is parsed once. */
const dayNumbers = new Map<string, number>()
function dayOf(date: string): number {
  let day = dayNumbers.get(date)
  if (day === undefined) {
    day = Date.parse(`${date}T00:00:00Z`) / DAY_MS
    dayNumbers.set(date, day)
  }
  return day
}

/** The most days one line is read as paying (as matching's runs of days in a row). */
const MAX_RUN = 5

/**
 * Why each line is left: the first of readings that fit, a session open, the nearest's
 * difference, takings outside the window, none at all. The deposits are indexed once, by bank
 * account and currency in due-date order, so each line looks only at its window.
 */
export function leftoverReasons({
  open,
  settings,
  openSessions,
}: LeftoverInput): (line: KeptLine) => LeftoverReason {
  const index = new Map<string, { deposits: ExpectedDeposit[]; days: number[] }>()
  for (const e of [...open].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    if (e.amount <= 0) continue
    const key = `${e.bankAccountId}\u0000${e.currency}`
    const list = index.get(key) ?? { deposits: [], days: [] }
    list.deposits.push(e)
    list.days.push(dayOf(e.dueDate))
    index.set(key, list)
  }
  const sessions = [...openSessions].sort((a, b) => b.businessDate.localeCompare(a.businessDate))
  return (line) => {
    const waiting = index.get(`${line.bankAccountId}\u0000${line.currency}`)
    if (!waiting) return { kind: 'no-takings' }
    const day = dayOf(line.date)
    const first = firstAtLeast(waiting.days, day - settings.window.daysAfter)
    const end = firstAtLeast(waiting.days, day + settings.window.daysBefore + 1)
    // One pass over the readings: the nearest, and how many fit within their tolerance.
    let nearest: Run | null = null
    let fitting = 0
    for (const run of runsOf(waiting.deposits.slice(first, end), settings)) {
      const off = Math.abs(line.amount - run.amount)
      if (off <= run.tolerance) fitting++
      if (nearest === null || off < Math.abs(line.amount - nearest.amount)) nearest = run
    }
    const near = nearest && {
      deposits: nearest.deposits(),
      difference: line.amount - nearest.amount,
    }
    if (fitting > 1) return { kind: 'several-fit', count: fitting, nearest: near! }
    if (fitting === 1) return { kind: 'taken', nearest: near! }
    const session = sessions.find(
      (s) =>
        s.businessDate <= line.date &&
        day - dayOf(s.businessDate) <= settings.window.daysAfter + MAX_RUN_DAYS,
    )
    if (session) return { kind: 'session-open', ...session, nearest: near }
    if (near) return { kind: near.difference > 0 ? 'over' : 'short', nearest: near }
    // No takings due in the window: the nearest due before it or after it.
    const sides = [first - 1, first].filter((i) => i >= 0 && i < waiting.days.length)
    const closest = sides.sort(
      (i, j) => Math.abs(day - waiting.days[i]!) - Math.abs(day - waiting.days[j]!),
    )[0]!
    return {
      kind: 'outside-window',
      nearest: waiting.deposits[closest]!,
      days: day - waiting.days[closest]!,
    }
  }
}

/** The index of the first of ascending `days` at or after `day`. */
function firstAtLeast(days: readonly number[], day: number): number {
  let low = 0
  let high = days.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (days[middle]! < day) low = middle + 1
    else high = middle
  }
  return low
}

/** A deposit alone or a run of them: what it should bring, its tolerance, and (made only
 *  when asked, as most are never named) its deposits. */
interface Run {
  amount: number
  tolerance: number
  deposits(): ExpectedDeposit[]
}

/** Every deposit alone, and runs of up to five in a row of one group within a week. */
function runsOf(deposits: readonly ExpectedDeposit[], settings: DepositSettings): Run[] {
  const groups = new Map<string, ExpectedDeposit[]>()
  for (const e of deposits) {
    const group = groups.get(depositGroup(e))
    if (group) group.push(e)
    else groups.set(depositGroup(e), [e])
  }
  const runs: Run[] = []
  for (const group of groups.values()) {
    group.sort((a, b) => (a.businessDate < b.businessDate ? -1 : 1))
    group.forEach((first, start) => {
      const lastDay = dayOf(first.businessDate) + MAX_RUN_DAYS - 1
      let amount = 0
      let tolerance = 0
      for (let end = start; end < group.length && end - start < MAX_RUN; end++) {
        const e = group[end]!
        if (dayOf(e.businessDate) > lastDay) break
        amount += e.amount
        tolerance += toleranceFor(settings, e.gross)
        runs.push({ amount, tolerance, deposits: () => group.slice(start, end + 1) })
      }
    })
  }
  return runs
}
