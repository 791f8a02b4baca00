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
  id,
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
    expect(overview.matched.map((m) => [m.match.id, m.banked])).toEqual([['L1', 294_000]])
    expect(overview.unmatched.map((m) => m.match.unmatchedBy)).toEqual(['Ana'])
    expect(overview.unexplained.map((l) => l.id)).toEqual(['L2', 'L3'])
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
    expect(cashAtA.unexplained.map((l) => l.id)).toEqual(['L2', 'L3'])
  })
})
