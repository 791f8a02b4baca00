import { dayCloseFigures, type DayCloseFigures } from '../../src-renderer/domain/ledger/day-close'

/** A session's figures from its cash takings, cash expenses and opening (null: not known). */
export function cashFigures(
  cash: number,
  cashExpenses: number,
  openingCash: number | null,
): DayCloseFigures {
  return dayCloseFigures({
    bills: [],
    payments: [{ method: 'cash', amount: cash, reversedAt: null, billType: 'sale' }],
    expenses: [{ amount: cashExpenses, paymentMethod: 'cash' }],
    openingCash,
  })
}
