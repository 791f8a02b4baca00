import {
  AccountResolver,
  type AccountMapping,
  type AccountRole,
} from '../../../src-renderer/exports/rules/accounts'
import {
  billEntries,
  expenseEntries,
  paymentSession,
  type JournalBill,
  type JournalBuild,
  type JournalContext,
  type JournalProblem,
  type PostedView,
  type SessionDay,
} from '../../../src-renderer/exports/rules/journal'
import type { JournalEntry } from '../../../src-renderer/exports/rules/journal-entry'
import { sessionSummaryEntries } from '../../../src-renderer/exports/rules/session-summary'
import { paymentsTakenIn, TIME_ZONE, type Shop } from './shop'
import { EMPTY_MAPPING, NOTHING_POSTED, PAID_FROM_MAIN } from '../journal-context'

export function context(
  posted: PostedView = NOTHING_POSTED,
  mapping: AccountMapping = EMPTY_MAPPING,
  sessions?: ReadonlyMap<string, SessionDay>,
): JournalContext {
  return { accounts: new AccountResolver(mapping), timeZone: TIME_ZONE, posted, sessions }
}

/** The shop's sessions as the export knows them: every one still open. */
function shopSessions(shop: Shop): Map<string, SessionDay> {
  return new Map(shop.sessions.map((s) => [s.id, { businessDate: s.businessDate, closedAt: null }]))
}

export interface Build {
  entries: JournalEntry[]
  problems: JournalProblem[]
}

/**
 * The shop's taxes and categories with their sub-account codes given once, as the cache keeps
 * them, so two builds of the same shop post a tax to the same account.
 */
export function shopMapping(shop: Shop): AccountMapping {
  const resolver = new AccountResolver(EMPTY_MAPPING)
  const roles: AccountRole[] = [
    ...shop.bills.flatMap((b) =>
      b.taxes.map((t): AccountRole => ({ type: 'tax-payable', tax: t.name })),
    ),
    ...shop.expenses.map((e): AccountRole => ({ type: 'expense', category: e.category })),
  ]
  for (const role of roles) resolver.resolve(role, '')
  return { ...EMPTY_MAPPING, subAccountCodes: resolver.subAccountCodes }
}

/** Per-bill granularity: every bill's entries, then every expense's. */
export function perBill(shop: Shop, posted: PostedView = NOTHING_POSTED): Build {
  const ctx = context(posted, shopMapping(shop), shopSessions(shop))
  const bills = billEntries(shop.bills, ctx)
  return {
    entries: [...bills.entries, ...expenseEntries(shop.expenses, ctx, PAID_FROM_MAIN)],
    problems: bills.problems,
  }
}

/** Per-session granularity: a summary per session, bills of no session per bill, expenses. */
export function perSession(shop: Shop, posted: PostedView = NOTHING_POSTED): Build {
  const ctx = context(posted, shopMapping(shop), shopSessions(shop))
  const entries: JournalEntry[] = []
  const problems: JournalProblem[] = []
  for (const session of shop.sessions) {
    const build = sessionSummaryEntries(
      {
        session,
        name: `${session.businessDate} · ${session.locationId} · session ${session.id}`,
        currency: shop.currency,
        bills: shop.bills.filter((b) => b.registerSessionId === session.id),
        payments: paymentsTakenIn(shop, session.id),
      },
      ctx,
    )
    entries.push(...build.entries)
    problems.push(...build.problems)
  }
  const sessionless = sessionlessBillEntries(
    shop.bills.filter((b) => b.registerSessionId === null),
    ctx,
  )
  entries.push(...sessionless.entries, ...expenseEntries(shop.expenses, ctx, PAID_FROM_MAIN))
  problems.push(...sessionless.problems)
  return { entries, problems }
}

/**
 * Debit-positive movement per account (`code name`), zero movements left out; with `byDate`, per
 * entry date and account.
 */
export function accountTotals(
  entries: readonly JournalEntry[],
  byDate = false,
): Map<string, number> {
  const totals = new Map<string, number>()
  for (const entry of entries)
    for (const line of entry.lines) {
      const account = `${line.account.code} ${line.account.name}`
      const key = byDate ? `${entry.date} ${account}` : account
      totals.set(key, (totals.get(key) ?? 0) + line.amount)
    }
  for (const [key, value] of totals) if (value === 0) totals.delete(key)
  return totals
}

/** Debit-positive movement of the lines whose role matches. */
export function movement(entries: readonly JournalEntry[], role: (key: string) => boolean): number {
  let sum = 0
  for (const entry of entries)
    for (const line of entry.lines) if (role(line.role)) sum += line.amount
  return sum
}

export function sortedTotals(totals: Map<string, number>): [string, number][] {
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * Bills of no session cannot be summarised: they post per bill, but without the payments taken
 * in a session, which that session's summary carries.
 */
function sessionlessBillEntries(
  bills: readonly JournalBill[],
  context: JournalContext,
): JournalBuild {
  return billEntries(
    bills.map((bill) => {
      if (bill.registerSessionId !== null)
        throw new Error(`Bill ${bill.id} is in session ${bill.registerSessionId}`)
      return { ...bill, payments: bill.payments.filter((p) => paymentSession(bill, p) === null) }
    }),
    context,
  )
}
