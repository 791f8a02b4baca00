import { describe, expect, it } from 'vitest'
import type {
  StoredMatch,
  StoredStatementLine,
} from '../../../../src-renderer/deposits/tables/deposit-rows'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'
import {
  depositOverview,
  NO_DEPOSIT_FILTER,
  type DepositInputs,
} from '../../../../src-renderer/deposits/jobs/deposit-overview'
import { depositEntry } from '../../../../src-renderer/exports/rules/deposit-entries'
import { AccountResolver } from '../../../../src-renderer/exports/rules/accounts'
import { EMPTY_MAPPING, NOTHING_POSTED } from '../../../support/journal-context'

const bank = defaultDepositSettings('IDR').bankAccounts[0]!

const deposit = (method: string, locationId: string, businessDate: string, gross: number) =>
  ({
    id: `${method}|${locationId}|${businessDate}`,
    method,
    locationId,
    businessDate,
    dueDate: businessDate,
    bankAccountId: 'main',
    currency: 'IDR',
    gross,
    expectedFee: 0,
    amount: gross,
    sessionIds: [`s-${locationId}-${businessDate}`],
  }) satisfies ExpectedDeposit

const line = (id: string, date: string, amount: number): StoredStatementLine => ({
  id,
  date,
  amount,
  currency: 'IDR',
  text: id,
  bankAccountId: 'main',
  importedAt: 0,
})

const match = (
  id: string,
  expectedIds: string[],
  more: Partial<StoredMatch> = {},
): StoredMatch => ({
  id: `main|${id}`,
  bankAccountId: 'main',
  bankLineIds: [id],
  expectedIds,
  kind: 'exact',
  fee: 0,
  shortfall: 0,
  state: 'confirmed',
  madeBy: 'Till',
  madeAt: 0,
  ...more,
})

const inputs: DepositInputs = {
  settings: defaultDepositSettings('IDR'),
  expected: [
    deposit('cash', 'a', '2026-11-27', 100_000), // 1 day old on the 28th
    deposit('cash', 'a', '2026-11-22', 200_000), // 6 days
    deposit('cash', 'b', '2026-11-10', 400_000), // 18 days
    deposit('card', 'a', '2026-11-25', 300_000), // matched
    deposit('qris', 'a', '2026-11-20', 50_000), // matched, then unmatched
  ],
  lines: [
    line('L1', '2026-11-27', 294_000),
    line('L2', '2026-11-23', 50_000),
    line('L3', '2026-11-26', 75_000),
    line('L4', '2026-11-26', -10_000),
  ],
  matches: [
    match('L1', ['card|a|2026-11-25'], { kind: 'within-fee', fee: 6_000 }),
    match('L2', ['qris|a|2026-11-20'], { state: 'unmatched', unmatchedBy: 'Ana', unmatchedAt: 1 }),
  ],
  offers: [],
  openSessions: [],
}

describe('the Deposits screen’s overview', () => {
  it('ages what still waits per clearing account from the day of the takings, and lists money in nothing explains', () => {
    const overview = depositOverview(inputs, NO_DEPOSIT_FILTER, '2026-11-28')
    expect(
      overview.waiting.map((w) => [w.method, w.since, w.upTo3, w.upTo7, w.older, w.total]),
    ).toEqual([
      ['cash', '2026-11-10', 100_000, 200_000, 400_000, 700_000],
      ['qris', '2026-11-20', 0, 0, 50_000, 50_000],
    ])
    expect(overview.matched.map((m) => [m.match.id, m.banked])).toEqual([['main|L1', 294_000]])
    expect(overview.unmatched.map((m) => m.match.unmatchedBy)).toEqual(['Ana'])
    expect(overview.unexplained.map((l) => l.line.id)).toEqual(['L2', 'L3'])
    // L2 fits the QRIS takings a person unmatched; L3 is 25,000 short of the nearest cash day.
    expect(overview.unexplained.map((l) => l.reason)).toEqual([
      { kind: 'taken', nearest: { deposits: [inputs.expected[4]], difference: 0 } },
      { kind: 'short', nearest: { deposits: [inputs.expected[0]], difference: -25_000 } },
    ])
    expect(overview.fees).toBe(6_000)
  })

  it('filters by method, location and dates', () => {
    const cashAtA = depositOverview(
      inputs,
      { ...NO_DEPOSIT_FILTER, method: 'cash', locationId: 'a', from: '2026-11-23' },
      '2026-11-28',
    )
    expect(cashAtA.waiting).toMatchObject([{ method: 'cash', total: 100_000, since: '2026-11-27' }])
    expect(cashAtA.matched).toEqual([])
    expect(cashAtA.unexplained.map((l) => l.line.id)).toEqual(['L2', 'L3'])
  })

  it('shows each reading of an offer with its total and difference, exact first then nearest, and offers in date order', () => {
    const days = [
      deposit('cash', 'a', '2026-11-03', 100_000),
      deposit('cash', 'a', '2026-11-02', 90_000),
      deposit('cash', 'b', '2026-11-02', 95_000),
    ]
    const offer = (id: string, candidates: string[][]) => ({
      id: `main|${id}`,
      bankAccountId: 'main',
      bankLineIds: [id],
      candidates,
      candidateLineIds: candidates.map(() => [id]),
      reason: 'choose',
    })
    const overview = depositOverview(
      {
        ...inputs,
        expected: days,
        matches: [],
        lines: [line('M2', '2026-11-05', 95_000), line('M1', '2026-11-04', 95_000)],
        offers: [
          offer('M2', [[days[0]!.id], [days[2]!.id], [days[1]!.id]]),
          offer('M1', [[days[0]!.id, days[1]!.id], [days[1]!.id]]),
        ],
      },
      NO_DEPOSIT_FILTER,
      '2026-11-28',
    )
    expect(overview.offers.map((o) => o.offer.id)).toEqual(['main|M1', 'main|M2'])
    expect(
      overview.offers[1]!.readings.map((r) => [r.deposits.map((d) => d.id), r.total, r.difference]),
    ).toEqual([
      [[days[2]!.id], 95_000, 0],
      [[days[1]!.id], 90_000, 5_000],
      [[days[0]!.id], 100_000, -5_000],
    ])
    // A run's deposits in date order, its total theirs.
    expect(overview.offers[0]!.readings[1]).toMatchObject({
      deposits: [days[1], days[0]],
      total: 190_000,
      difference: -95_000,
    })
  })

  it('compares each account’s closing balance with the books: the opening plus the lines matched', () => {
    const withBalances = {
      ...inputs,
      lines: [
        { ...line('L1', '2026-11-27', 294_000), balance: 1_294_000 },
        { ...line('L4', '2026-11-26', -10_000), balance: 1_000_000 },
        line('L3', '2026-11-26', 75_000),
      ],
    }
    expect(depositOverview(withBalances, NO_DEPOSIT_FILTER, '2026-11-28').balances).toEqual([
      {
        bankAccountId: 'main',
        closing: { amount: 1_294_000, date: '2026-11-27' },
        books: 935_000 + 294_000,
        notMatched: { count: 2, total: 65_000 },
      },
    ])
    expect(depositOverview(inputs, NO_DEPOSIT_FILTER, '2026-11-28').balances[0]).toMatchObject({
      closing: null,
      books: 294_000,
    })
  })

  it('shows a match’s cash short as the export posts it: from the takings counted now, not when matched', () => {
    // Matched when the count said 100,000 and the bank got 95,000; the drawer was recounted at
    // 98,000 since, so the entry posts 3,000 short and the screen must say the same.
    const recounted = deposit('cash', 'a', '2026-11-24', 98_000)
    const banked = line('C1', '2026-11-25', 95_000)
    const asMatched = match('C1', [recounted.id], { shortfall: 5_000 })
    const gone = match('C2', ['cash|b|2026-11-01'], { shortfall: 1_000 })
    const overview = depositOverview(
      {
        ...inputs,
        expected: [recounted],
        lines: [banked, line('C2', '2026-11-02', 9_000)],
        matches: [asMatched, gone],
      },
      NO_DEPOSIT_FILTER,
      '2026-11-28',
    )
    const shown = overview.matched.find((m) => m.match.id === asMatched.id)!
    expect([shown.fee, shown.shortfall]).toEqual([0, 3_000])
    const entry = depositEntry(
      { match: asMatched, expected: [recounted], lines: [banked], bankAccount: bank },
      {
        accounts: new AccountResolver(EMPTY_MAPPING),
        timeZone: 'Asia/Jakarta',
        posted: NOTHING_POSTED,
      },
    )
    expect(entry.lines.find((l) => l.role === 'cash-over-short')?.amount).toBe(shown.shortfall)
    // A match whose takings are not in the cache keeps the figure it was matched with.
    expect(overview.matched.find((m) => m.match.id === gone.id)?.shortfall).toBe(1_000)
    expect(overview.shortfalls).toBe(3_000 + 1_000)
  })
})
