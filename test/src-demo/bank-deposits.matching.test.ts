/**
 * The demo shop's statement matches itself: Till's matching, given the takings of the demo
 * shop's closed sessions (from the records the Apps API serves) and the demo bank's statement
 * read as each format, matches on its own at least 95 % of the lines that pay takings, and
 * never a line to takings it does not pay. The statement names the locations as the demo shop
 * names them (bank-deposits.ts writes `location.name`, the cache is given the same names).
 */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import { BANK_STATEMENT_FORMATS } from '../../src-demo/bank-statement-files'
import { currencyExponent, toMinorUnits } from '../../src-shared/domain/money'
import {
  defaultDepositSettings,
  withBankTerms,
  type DepositSettings,
} from '../../src-renderer/deposits/rules/deposit-settings'
import {
  expectedDeposits,
  type DepositSession,
} from '../../src-renderer/deposits/rules/expected-deposits'
import { matchDeposits } from '../../src-renderer/deposits/rules/matching'
import { recogniseCsvLayout } from '../../src-renderer/deposits/rules/statements/csv-layouts'
import { readStatement } from '../../src-renderer/deposits/rules/statements/read-statement'
import { startService, type BillJson, type ExpenseJson } from '../support/demo-service'
import type { TruthSession } from '../support/service-truth'

/** Whether two lists hold the same ids, in any order. */
const sameIds = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('+') === [...b].sort().join('+')

/** Till's view of the demo's closed sessions: each method's takings, cash less cash expenses. */
function sessionsFromRecords(demo: DemoServiceHandle): DepositSession[] {
  const exponent = currencyExponent('IDR')
  const sessions = new Map<string, DepositSession>()
  for (const session of demo.shop.sessions() as unknown as TruthSession[])
    if (session.closed_at !== null)
      sessions.set(session.id, {
        id: session.id,
        locationId: session.location_id,
        businessDate: session.opened_at.slice(0, 10),
        currency: 'IDR',
        methods: {},
        expectedCash: 0,
        countedCash: null,
        nextOpeningFloat: null,
      })
  const add = (sessionId: string | null, method: string, amount: number) => {
    const session = sessionId === null ? undefined : sessions.get(sessionId)
    if (!session) return
    if (method === 'cash') session.expectedCash += amount
    const sums = (session.methods[method] ??= { collected: 0, returned: 0, entries: 0 })
    if (amount >= 0) sums.collected += amount
    else sums.returned -= amount
    sums.entries++
  }
  for (const bill of demo.shop.bills() as unknown as IterableIterator<BillJson>)
    for (const payment of bill.payments) {
      if (payment.reversed_at !== null || payment.method === 'online') continue
      const minor = toMinorUnits(payment.amount, exponent)
      add(payment.register_session_id, payment.method, bill.type === 'sale' ? minor : -minor)
    }
  for (const expense of demo.shop.expenses() as unknown as ExpenseJson[])
    if (expense.payment_method === 'cash' && expense.register_session_id !== null) {
      const session = sessions.get(expense.register_session_id)
      if (session) session.expectedCash -= toMinorUnits(expense.amount, exponent)
    }
  return [...sessions.values()]
}

/**
 * Till's defaults with the demo bank's terms, as the demo shop hands them to its cache (its card
 * processor's fixed fee a payment among them): without the fixed fee a card day of many payments
 * is off the estimate by more than the tolerance, and amounts that do not agree are never
 * matched, whatever the words say.
 */
function demoBankSettings(demo: DemoServiceHandle): DepositSettings {
  return withBankTerms(defaultDepositSettings('IDR'), demo.bankTerms)
}

interface Figures {
  lines: number
  right: number
  wrong: number
}

describe('the demo shop’s own statement, matched by Till', () => {
  let demo: DemoServiceHandle

  beforeAll(async () => {
    demo = await startService({ days: 30, locations: 3, now: '2026-12-10T12:00:00Z' })
  }, 60_000)

  /** Matches the statement as `format`; `words: false` reads every line as if its text were blank. */
  function figures(format: (typeof BANK_STATEMENT_FORMATS)[number], words = true): Figures {
    const settings = demoBankSettings(demo)
    const expected = expectedDeposits(sessionsFromRecords(demo), settings)
    const { text } = demo.bankStatement(format)
    const csv = format === 'csv' ? recogniseCsvLayout(text, 'IDR')?.mapping : undefined
    const read = readStatement(text, { currency: 'IDR', ...(csv ? { csv } : {}) }).lines
    const deposits = demo.shop.bankDeposits()
    // Each line's truth, from what the demo bank booked it for (the files keep its order).
    const truth = new Map(
      read.map((line, i) => [
        line.id,
        deposits[i]!.days.map(
          (d) => `${deposits[i]!.method}|${deposits[i]!.locationId}|${d.businessDate}`,
        ),
      ]),
    )
    const lines = read.map((line) => ({
      ...line,
      ...(words ? {} : { text: '', bankKind: undefined }),
      bankAccountId: 'main',
    }))
    const { matches } = matchDeposits({
      expected,
      lines,
      kept: [],
      refused: [],
      settings,
      ...(words ? { locationNames: demo.locationNames } : {}),
    })
    const right = matches.filter(
      (m) => m.bankLineIds.length === 1 && sameIds(truth.get(m.bankLineIds[0]!)!, m.expectedIds),
    ).length
    return { lines: read.length, right, wrong: matches.length - right }
  }

  it.each(BANK_STATEMENT_FORMATS)(
    'as %s: at least 95 in 100 lines matched without a person, none wrongly',
    (format) => {
      const withWords = figures(format)
      const blind = figures(format, false)
      console.info(
        `demo statement as ${format}: ${withWords.lines} lines; matched by amounts and dates alone ${blind.right} (${blind.wrong} wrong), with the bank’s words ${withWords.right} (${withWords.wrong} wrong)`,
      )
      expect(withWords.lines).toBeGreaterThan(200)
      expect(withWords.wrong).toBe(0)
      expect(withWords.right).toBeGreaterThanOrEqual(Math.ceil(withWords.lines * 0.95))
      // The words do the work: amounts and dates alone leave many more to a person.
      expect(blind.right).toBeLessThan(withWords.right)
    },
  )

  it('names the locations in the statement as the demo shop names them', () => {
    const { text } = demo.bankStatement('camt053')
    for (const name of Object.values(demo.locationNames)) expect(text).toContain(name.toUpperCase())
  })
})
