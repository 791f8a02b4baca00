import { sumMinor } from '../../../src-shared/domain/money'
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
  line: KeptLine
  /** Deposits no standing match covers. */
  open: readonly ExpectedDeposit[]
  settings: DepositSettings
  openSessions: readonly OpenSessionDay[]
}

const DAY_MS = 86_400_000
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS

/** The most days one line is read as paying (as matching's runs of days in a row). */
const MAX_RUN = 5

/** Why `line` is left: the first of session open, readings that fit, the nearest's difference,
 *  takings outside the window, none at all. */
export function leftoverReason({
  line,
  open,
  settings,
  openSessions,
}: LeftoverInput): LeftoverReason {
  const waiting = open.filter(
    (e) => e.bankAccountId === line.bankAccountId && e.currency === line.currency && e.amount > 0,
  )
  const day = dayOf(line.date)
  const inWindow = (e: ExpectedDeposit) => {
    const due = dayOf(e.dueDate)
    return day >= due - settings.window.daysBefore && day <= due + settings.window.daysAfter
  }
  const readings = runsOf(waiting.filter(inWindow)).map((deposits) => ({
    deposits,
    difference: line.amount - sumMinor(deposits, (e) => e.amount),
    tolerance: sumMinor(deposits, (e) => toleranceFor(settings, e.gross)),
  }))
  const nearest = readings.reduce<(typeof readings)[number] | null>(
    (best, r) => (best === null || Math.abs(r.difference) < Math.abs(best.difference) ? r : best),
    null,
  )
  const near = nearest && { deposits: nearest.deposits, difference: nearest.difference }
  const fitting = readings.filter((r) => Math.abs(r.difference) <= r.tolerance)
  if (fitting.length > 1) return { kind: 'several-fit', count: fitting.length, nearest: near! }
  if (fitting.length === 1) return { kind: 'taken', nearest: near! }
  const session = openSessions
    .filter((s) => s.businessDate <= line.date)
    .filter((s) => day - dayOf(s.businessDate) <= settings.window.daysAfter + MAX_RUN_DAYS)
    .sort((a, b) => b.businessDate.localeCompare(a.businessDate))[0]
  if (session) return { kind: 'session-open', ...session, nearest: near }
  if (near) return { kind: near.difference > 0 ? 'over' : 'short', nearest: near }
  const outside = waiting
    .map((e) => ({ e, days: day - dayOf(e.dueDate) }))
    .sort((a, b) => Math.abs(a.days) - Math.abs(b.days))[0]
  if (outside) return { kind: 'outside-window', nearest: outside.e, days: outside.days }
  return { kind: 'no-takings' }
}

/** Every deposit alone, and runs of up to five in a row of one group within a week. */
function runsOf(deposits: readonly ExpectedDeposit[]): ExpectedDeposit[][] {
  const groups = new Map<string, ExpectedDeposit[]>()
  for (const e of deposits) groups.set(depositGroup(e), [...(groups.get(depositGroup(e)) ?? []), e])
  const runs: ExpectedDeposit[][] = []
  for (const group of groups.values()) {
    group.sort((a, b) => a.businessDate.localeCompare(b.businessDate))
    group.forEach((first, start) => {
      const lastDay = dayOf(first.businessDate) + MAX_RUN_DAYS - 1
      for (let end = start; end < group.length && end - start < MAX_RUN; end++) {
        if (dayOf(group[end]!.businessDate) > lastDay) break
        runs.push(group.slice(start, end + 1))
      }
    })
  }
  return runs
}
