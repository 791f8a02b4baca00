import { sumMinor } from '../../../src-shared/domain/money'
import { drawerChange } from './cash-movements'
import { CASH, type DayCloseFigures } from './day-close'

/**
 * The cash drawer of a session, a location's day or every location's: the lines a day close
 * shows and the expected cash they add up to. An opening cash no close event gave (and no float
 * was entered for) is not known: it adds nothing to the lines, and it is named, so the expected
 * cash reads as a floor, "at least …", never as if the opening were 0. An opening float recorded
 * as a cash movement is an opening known; pay-ins, pay-outs and drops are lines of their own.
 */
export interface CashDrawer {
  /** The openings known, added up; 0 when none is. */
  openingCash: number
  /** How many openings are known. */
  openingsKnown: number
  /** Whose opening cash is not known (a session, a location): while any is, a floor. */
  openingUnknown: string[]
  netCash: number
  cashExpenses: number
  /** Cash put into the drawer, taken out of it, and dropped to the safe (cash movements). */
  payIns: number
  payOuts: number
  drops: number
  /** openingCash + netCash − cashExpenses + payIns − payOuts − drops: the lines above it. */
  expectedCash: number
}

const expected = (d: Omit<CashDrawer, 'expectedCash'>): CashDrawer => ({
  ...d,
  expectedCash: d.openingCash + d.netCash - d.cashExpenses + drawerChange(d),
})

/** The drawer of one session's figures; `name` is how a person knows the session. */
export function drawerOf(figures: DayCloseFigures, name: string): CashDrawer {
  return expected({
    openingCash: figures.openingCash ?? 0,
    openingsKnown: figures.openingCash === null ? 0 : 1,
    openingUnknown: figures.openingCash === null ? [name] : [],
    netCash: figures.methods.find((m) => m.method === CASH)?.net ?? 0,
    cashExpenses: figures.cashExpenses,
    payIns: figures.payIns,
    payOuts: figures.payOuts,
    drops: figures.drops,
  })
}

/**
 * Drawers added up, line by line. Given `as` (a location's name for the sessions of its day),
 * an opening not known in any of them is said as not known for `as`.
 */
export function addDrawers(drawers: readonly CashDrawer[], as?: string): CashDrawer {
  const unknown = drawers.flatMap((d) => d.openingUnknown)
  return expected({
    openingCash: sumMinor(drawers, (d) => d.openingCash),
    openingsKnown: sumMinor(drawers, (d) => d.openingsKnown),
    openingUnknown: as === undefined || unknown.length === 0 ? unknown : [as],
    netCash: sumMinor(drawers, (d) => d.netCash),
    cashExpenses: sumMinor(drawers, (d) => d.cashExpenses),
    payIns: sumMinor(drawers, (d) => d.payIns),
    payOuts: sumMinor(drawers, (d) => d.payOuts),
    drops: sumMinor(drawers, (d) => d.drops),
  })
}
