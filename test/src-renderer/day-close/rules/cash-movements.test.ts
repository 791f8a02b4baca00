import { describe, expect, it } from 'vitest'
import type { Bill, Expense } from '../../../../src-shared/domain/records'
import {
  chainStart,
  movementProblem,
  movementSums,
  standingMovements,
  type CashMovement,
} from '../../../../src-renderer/day-close/rules/cash-movements'
import {
  dayCloseFigures,
  sumFigures,
  type SessionPayment,
} from '../../../../src-renderer/day-close/rules/day-close'
import { figuresOfTally, tallyOf } from '../../../../src-renderer/sessions/rules/session-tally'
import { makeBill } from '../../../support/bill-factory'

const AT = Date.UTC(2026, 10, 20, 1, 0)

function movement(
  id: string,
  kind: CashMovement['kind'],
  amount: number,
  more: Partial<CashMovement> = {},
): CashMovement {
  return {
    id,
    sessionId: 'S',
    kind,
    amount,
    currency: 'IDR',
    category: null,
    at: AT,
    by: 'Ana',
    note: kind === 'pay-out' ? 'ice for the cooler' : '',
    replaces: null,
    ...more,
  }
}

function paymentsOf(bills: Bill[]): SessionPayment[] {
  return bills.flatMap((b) => b.payments.map((p) => ({ ...p, billType: b.type })))
}

const cashExpense = (amount: number): Pick<Expense, 'amount' | 'paymentMethod'> => ({
  amount,
  paymentMethod: 'cash',
})

describe('expected cash with cash movements', () => {
  it('IDR: float + cash collected − cash paid back − cash expenses + pay-ins − pay-outs − drops, a corrected pay-out counted as corrected', () => {
    const bills = [
      makeBill({
        id: 'A',
        session: 'S',
        lines: [1_250_000],
        payments: [{ method: 'cash', amount: 1_250_000 }],
      }),
      makeBill({
        id: 'R',
        type: 'refund',
        parent: 'A',
        session: 'S',
        lines: [50_000],
        payments: [{ method: 'cash', amount: 50_000 }],
      }),
    ]
    const movements = [
      movement('f', 'float', 500_000),
      movement('in', 'pay-in', 200_000),
      movement('out', 'pay-out', 120_000, { category: 'supplies' }),
      movement('out-2', 'pay-out', 125_000, { category: 'supplies', replaces: 'out' }),
      movement('drop', 'drop', 1_000_000),
    ]
    const figures = dayCloseFigures({
      bills,
      payments: paymentsOf(bills),
      expenses: [cashExpense(75_000)],
      openingCash: null,
      movements,
    })
    expect(figures).toMatchObject({
      openingCash: 500_000,
      payIns: 200_000,
      payOuts: 125_000,
      drops: 1_000_000,
      expectedCash: 500_000 + 1_250_000 - 50_000 - 75_000 + 200_000 - 125_000 - 1_000_000,
    })
    expect(figures.expectedCash).toBe(700_000)
  })

  it('KWD (exponent 3): a cancelled pay-out moves nothing, and the tally gives the same figures', () => {
    const bills = [
      makeBill({
        id: 'K',
        session: 'S',
        lines: [12_345],
        payments: [{ method: 'cash', amount: 12_345 }],
      }),
    ]
    const movements = [
      movement('f', 'float', 50_000, { currency: 'KWD' }),
      movement('in', 'pay-in', 5_500, { currency: 'KWD' }),
      movement('out', 'pay-out', 1_250, { currency: 'KWD' }),
      movement('undo', 'cancel', 0, { currency: 'KWD', replaces: 'out', note: 'paid by card' }),
      movement('drop', 'drop', 20_000, { currency: 'KWD' }),
    ]
    const records = { bills, payments: paymentsOf(bills), expenses: [cashExpense(750)] }
    const figures = dayCloseFigures({ ...records, openingCash: null, movements })
    expect(figures.payOuts).toBe(0)
    expect(figures.expectedCash).toBe(50_000 + 12_345 - 750 + 5_500 - 20_000)
    expect(figuresOfTally(tallyOf('S', records), null, movements)).toEqual(figures)
  })

  it('takes the close event’s opening cash over a recorded float', () => {
    const figures = dayCloseFigures({
      bills: [],
      payments: [],
      expenses: [],
      openingCash: 300_000,
      movements: [movement('f', 'float', 500_000)],
    })
    expect(figures.openingCash).toBe(300_000)
    expect(figures.expectedCash).toBe(300_000)
  })

  it('adds up the movements of a day’s sessions', () => {
    const one = dayCloseFigures({
      bills: [],
      payments: [],
      expenses: [],
      openingCash: 0,
      movements: [movement('a', 'pay-in', 10), movement('b', 'drop', 4)],
    })
    const two = dayCloseFigures({
      bills: [],
      payments: [],
      expenses: [],
      openingCash: 0,
      movements: [movement('c', 'pay-out', 3), movement('d', 'drop', 1)],
    })
    expect(sumFigures([one, two])).toMatchObject({
      payIns: 10,
      payOuts: 3,
      drops: 5,
      expectedCash: 2,
    })
  })
})

describe('corrections', () => {
  const chain = [
    movement('a', 'pay-out', 100),
    movement('b', 'pay-out', 90, { replaces: 'a' }),
    movement('c', 'pay-in', 90, { replaces: 'b' }),
  ]

  it('the last of a chain stands; every link is kept', () => {
    expect(standingMovements(chain).map((m) => m.id)).toEqual(['c'])
    expect(movementSums(chain)).toEqual({ openingFloat: null, payIns: 90, payOuts: 0, drops: 0 })
  })

  it('a chain is known by its first movement', () => {
    const byId = new Map(chain.map((m) => [m.id, m]))
    expect(chain.map((m) => chainStart(m, byId))).toEqual(['a', 'a', 'a'])
  })
})

describe('what a new movement must be', () => {
  const earlier = [
    movement('f', 'float', 500_000),
    movement('a', 'pay-out', 100),
    movement('b', 'pay-out', 90, { replaces: 'a' }),
  ]
  const problem = (m: CashMovement, exponent = 0): string | null =>
    movementProblem(m, earlier, exponent)

  it('accepts a drop, a correction of what stands, and a float that replaces the float', () => {
    expect(problem(movement('d', 'drop', 1))).toBeNull()
    expect(problem(movement('c', 'cancel', 0, { replaces: 'b' }))).toBeNull()
    expect(problem(movement('f2', 'float', 450_000, { replaces: 'f' }))).toBeNull()
  })

  it('refuses amounts of zero, below zero, not whole, or above 999,999,999,999 major units', () => {
    expect(problem(movement('x', 'pay-in', 0))).toMatch(/above zero/)
    expect(problem(movement('x', 'pay-in', -5))).toMatch(/above zero/)
    expect(problem(movement('x', 'pay-in', 1.5))).toMatch(/above zero/)
    expect(problem(movement('x', 'pay-in', 1_000_000_000_000))).toMatch(/larger/)
    expect(problem(movement('x', 'pay-in', 999_999_999_999))).toBeNull()
    // KWD: the same bound in major units is a thousand times the minor units.
    expect(problem(movement('x', 'pay-in', 999_999_999_999_000), 3)).toBeNull()
    expect(problem(movement('x', 'pay-in', 999_999_999_999_001), 3)).toMatch(/larger/)
  })

  it('refuses a second float, a correction of a corrected movement, an unknown one, a bare cancel', () => {
    expect(problem(movement('f2', 'float', 1))).toMatch(/opening float already/)
    expect(problem(movement('x', 'pay-out', 80, { replaces: 'a' }))).toMatch(/corrected already/)
    expect(problem(movement('x', 'pay-out', 80, { replaces: 'zz' }))).toMatch(/not one of/)
    expect(problem(movement('x', 'cancel', 0))).toMatch(/names the movement/)
    expect(problem(movement('x', 'cancel', 5, { replaces: 'b' }))).toMatch(/moves no cash/)
  })

  it('asks what a pay-out was for, and who moved the cash', () => {
    expect(problem(movement('x', 'pay-out', 5, { note: ' ' }))).toMatch(/what the pay-out was for/)
    expect(problem(movement('x', 'pay-out', 5, { note: '', category: 'supplies' }))).toBeNull()
    expect(problem(movement('x', 'drop', 5, { category: 'supplies' }))).toMatch(/Only a pay-out/)
    expect(problem(movement('x', 'drop', 5, { by: '  ' }))).toMatch(/who moved/)
  })
})
