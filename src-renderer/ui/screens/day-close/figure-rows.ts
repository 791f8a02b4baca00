import type { DayCloseFigures } from '../../../day-close'
import { drawerOf, type CashDrawer } from '../../../day-close'
import { methodLabelInText, taxLabel } from '../../../format/labels'

/** The day-close figures as labelled rows: the tables, the print and the frozen-vs-now list. */

export interface FigureRow {
  label: string
  /** Null: not known (an opening cash no close event has given yet). */
  value: number | null
  kind: 'count' | 'money'
  total?: boolean
  /** Whose opening cash is not known: the value leaves it out. */
  missing?: string[]
  /** The value is a floor (an opening it adds up is not known). */
  atLeast?: boolean
}

export interface FigureSection {
  title: string
  rows: FigureRow[]
}

const count = (label: string, value: number): FigureRow => ({ label, value, kind: 'count' })
const money = (label: string, value: number | null, total = false): FigureRow => ({
  label,
  value,
  kind: 'money',
  ...(total ? { total } : {}),
})

/** The unnamed session whose figures these are, in "opening cash of … not known". */
const THIS_SESSION = 'this session'

/**
 * The figures' sections; the cash drawer's lines are `drawer`'s (a day's, its sessions added up
 * with their names), so the expected cash is always the sum of the lines above it.
 */
export function figureSections(
  f: DayCloseFigures,
  drawer: CashDrawer = drawerOf(f, THIS_SESSION),
): FigureSection[] {
  const missing = drawer.openingUnknown.length > 0 ? { missing: drawer.openingUnknown } : {}
  return [
    {
      title: 'Sales',
      rows: [
        count('Sale bills', f.saleCount),
        count('Refund bills', f.refundCount),
        count('Void bills', f.voidCount),
        money('Gross sales', f.grossSales),
        money('Less discounts', f.discounts),
        money('Plus fees', f.fees),
        money('Less refunds', f.refunds),
        money('Less voids', f.voids),
        money('Net sales', f.netSales, true),
        money('Tax included', f.tax),
      ],
    },
    {
      title: 'Takings',
      rows: [
        money('Total collected (net of money returned)', f.totalCollected, true),
        money('Receivable change (net sales not yet paid)', f.receivableChange),
        money('Expenses (all methods)', f.expenses),
      ],
    },
    {
      title: 'Cash drawer',
      rows: [
        {
          ...money('Opening cash', drawer.openingsKnown === 0 ? null : drawer.openingCash),
          ...missing,
        },
        money('Plus net cash takings', drawer.netCash),
        money('Less cash expenses', drawer.cashExpenses),
        money('Plus pay-ins', drawer.payIns),
        money('Less pay-outs', drawer.payOuts),
        money('Less drops to the safe', drawer.drops),
        {
          ...money('Expected cash', drawer.expectedCash, true),
          ...missing,
          ...(drawer.openingUnknown.length > 0 ? { atLeast: true } : {}),
        },
      ],
    },
  ]
}

export interface ChangedFigure {
  label: string
  kind: FigureRow['kind']
  frozen: number | null
  current: number | null
}

/** The figures that differ between a frozen reconciliation and the cache now. */
export function changedFigures(frozen: DayCloseFigures, current: DayCloseFigures): ChangedFigure[] {
  const rows = (f: DayCloseFigures): Map<string, FigureRow> => {
    const all = figureSections(f).flatMap((s) => s.rows)
    for (const m of f.methods) all.push(money(`Net ${methodLabelInText(m.method)}`, m.net))
    for (const t of f.taxByRate) all.push(money(`Tax ${taxLabel(t)}`, t.amount))
    return new Map(all.map((r) => [r.label, r]))
  }
  const before = rows(frozen)
  const now = rows(current)
  const labels = [...new Set([...before.keys(), ...now.keys()])]
  return labels.flatMap((label) => {
    const a = before.get(label)
    const b = now.get(label)
    // A method or tax rate only one side has is 0 on the other.
    const frozenValue = a ? a.value : 0
    const currentValue = b ? b.value : 0
    if (frozenValue === currentValue) return []
    return [{ label, kind: (a ?? b)!.kind, frozen: frozenValue, current: currentValue }]
  })
}
