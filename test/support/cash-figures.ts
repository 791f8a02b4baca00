import { dayCloseFigures, type DayCloseFigures } from '../../src-renderer/day-close/rules/day-close'
import type { CashMovement, MovementKind } from '../../src-renderer/day-close/rules/cash-movements'

/** Cash moved in or out of a drawer, in minor units, as the session's cash movements. */
export interface Moved {
  payIn: number
  payOut: number
  drop: number
}

const NOTHING_MOVED: Moved = { payIn: 0, payOut: 0, drop: 0 }

function movementsOf(moved: Moved): CashMovement[] {
  const kinds: [MovementKind, number][] = [
    ['pay-in', moved.payIn],
    ['pay-out', moved.payOut],
    ['drop', moved.drop],
  ]
  return kinds
    .filter(([, amount]) => amount > 0)
    .map(([kind, amount], i) => ({
      id: `m${i}`,
      sessionId: 's',
      kind,
      amount,
      currency: 'USD',
      category: null,
      at: i,
      by: 'AB',
      note: kind === 'pay-out' ? 'Window cleaner' : '',
      replaces: null,
    }))
}

/**
 * A session's figures from its cash takings, cash expenses, opening (null: not known) and the
 * cash moved in and out of its drawer.
 */
export function cashFigures(
  cash: number,
  cashExpenses: number,
  openingCash: number | null,
  moved: Moved = NOTHING_MOVED,
): DayCloseFigures {
  return dayCloseFigures({
    bills: [],
    payments: [{ method: 'cash', amount: cash, reversedAt: null, billType: 'sale' }],
    expenses: [{ amount: cashExpenses, paymentMethod: 'cash' }],
    openingCash,
    movements: movementsOf(moved),
  })
}
