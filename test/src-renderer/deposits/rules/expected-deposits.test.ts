import { describe, expect, it } from 'vitest'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import {
  depositSession,
  expectedDeposits,
  type DepositSession,
} from '../../../../src-renderer/deposits/rules/expected-deposits'
import type { CashMovement } from '../../../../src-renderer/day-close/rules/cash-movements'
import { emptyTally } from '../../../../src-renderer/sessions/rules/session-tally'

const settings = defaultDepositSettings('IDR')

function session(overrides: Partial<DepositSession> = {}): DepositSession {
  return {
    id: 's1',
    locationId: 'kemang',
    businessDate: '2026-11-26', // a Thursday
    currency: 'IDR',
    methods: {},
    expectedCash: 0,
    countedCash: null,
    nextOpeningFloat: null,
    ...overrides,
  }
}

function movement(kind: CashMovement['kind'], amount: number, sessionId = 's1'): CashMovement {
  return {
    id: `${sessionId}-${kind}-${amount}`,
    sessionId,
    kind,
    amount,
    currency: 'IDR',
    category: null,
    at: 0,
    by: 'Ana',
    note: kind === 'pay-out' ? 'ice' : '',
    replaces: null,
  }
}

describe('expected deposits', () => {
  it('expects the counted cash less the float the next session opened with', () => {
    const [cash] = expectedDeposits(
      [session({ expectedCash: 1_500_000, countedCash: 1_480_000, nextOpeningFloat: 300_000 })],
      settings,
    )
    expect(cash).toEqual({
      id: 'cash|kemang|2026-11-26',
      method: 'cash',
      locationId: 'kemang',
      businessDate: '2026-11-26',
      dueDate: '2026-11-27',
      bankAccountId: 'main',
      currency: 'IDR',
      gross: 1_180_000,
      expectedFee: 0,
      amount: 1_180_000,
      sessionIds: ['s1'],
    })
  })

  it('takes the expected cash when the drawer was not counted, and the location’s float setting when the next session recorded none', () => {
    const s = structuredClone(settings)
    s.cash.floatByLocation = { kemang: 250_000 }
    const [cash] = expectedDeposits([session({ expectedCash: 1_000_000 })], s)
    expect(cash?.gross).toBe(750_000)
  })

  it('expects card money net of refunds, less the estimated fee, after the lag in business days', () => {
    const s = structuredClone(settings)
    s.settlements[0] = { ...s.settlements[0]!, feeBasisPoints: 290, feeFixed: 100 }
    const deposits = expectedDeposits(
      [session({ methods: { card: { collected: 1_000_000, returned: 50_000, entries: 12 } } })],
      s,
    )
    const card = deposits.find((d) => d.method === 'card')
    expect(card).toMatchObject({
      gross: 950_000,
      expectedFee: 27_550 + 1_200,
      amount: 950_000 - 28_750,
      dueDate: '2026-11-30', // Thursday + 2 business days: Monday
    })
  })

  it('adds up the sessions of one location and day, and keeps locations and days apart', () => {
    const card = (collected: number) => ({ card: { collected, returned: 0, entries: 1 } })
    const deposits = expectedDeposits(
      [
        session({ id: 'a', methods: card(100_000) }),
        session({ id: 'b', methods: card(200_000) }),
        session({ id: 'c', locationId: 'salmiya', methods: card(400_000) }),
        session({ id: 'd', businessDate: '2026-11-27', methods: card(800_000) }),
      ],
      settings,
    ).filter((d) => d.method === 'card')
    expect(deposits.map((d) => [d.id, d.gross, d.sessionIds])).toEqual([
      ['card|kemang|2026-11-26', 300_000, ['a', 'b']],
      ['card|kemang|2026-11-27', 800_000, ['d']],
      ['card|salmiya|2026-11-26', 400_000, ['c']],
    ])
  })

  it('expects nothing for a method no bank account receives, nor for a day that comes to nothing', () => {
    const deposits = expectedDeposits(
      [
        session({
          expectedCash: 300_000,
          nextOpeningFloat: 300_000,
          methods: {
            voucher: { collected: 50_000, returned: 0, entries: 1 },
            qris: { collected: 20_000, returned: 20_000, entries: 2 },
          },
        }),
      ],
      settings,
    )
    expect(deposits).toEqual([])
  })

  it('builds a session from its tally, movements and count: drops are out of the drawer already', () => {
    const tally = emptyTally('s1')
    tally.methods = { cash: { collected: 900_000, returned: 0, entries: 9 } }
    tally.cashExpenses = 50_000
    const built = depositSession(
      { id: 's1', locationId: 'kemang', businessDate: '2026-11-26', currency: 'IDR' },
      tally,
      null,
      [movement('float', 200_000), movement('drop', 400_000), movement('pay-in', 10_000)],
      null,
      [movement('float', 150_000, 's2')],
    )
    expect(built.expectedCash).toBe(200_000 + 900_000 - 50_000 - 400_000 + 10_000)
    expect(built.nextOpeningFloat).toBe(150_000)
    expect(built.countedCash).toBeNull()
    const [cash] = expectedDeposits([built], settings)
    expect(cash?.gross).toBe(660_000 - 150_000)
  })

  it('takes the standing count over the expected cash', () => {
    const built = depositSession(
      { id: 's1', locationId: 'kemang', businessDate: '2026-11-26', currency: 'IDR' },
      emptyTally('s1'),
      100_000,
      [],
      { countedCash: 95_000 },
      [],
    )
    expect([built.expectedCash, built.countedCash]).toEqual([100_000, 95_000])
  })
})
