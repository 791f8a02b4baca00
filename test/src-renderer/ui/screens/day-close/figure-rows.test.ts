import { describe, expect, it } from 'vitest'
import {
  changedFigures,
  figureSections,
} from '../../../../../src-renderer/ui/screens/day-close/figure-rows'
import { addDrawers, drawerOf } from '../../../../../src-renderer/day-close/rules/cash-drawer'
import { dayCloseFigures, sumFigures } from '../../../../../src-renderer/day-close/rules/day-close'
import { makeBill } from '../../../../support/bill-factory'
import { cashFigures } from '../../../../support/cash-figures'

/** The day total's cash drawer lines as the screen and the printed sheet show them. */
function drawerRows(openings: (number | null)[]) {
  const figures = openings.map((opening, i) =>
    cashFigures(1000 * (i + 1), 100, opening, { payIn: 50 * (i + 1), payOut: 20, drop: 300 }),
  )
  const drawer = addDrawers(figures.map((f, i) => drawerOf(f, `Session ${i + 1}`)))
  const section = figureSections(sumFigures(figures), drawer).find(
    (s) => s.title === 'Cash drawer',
  )!
  return Object.fromEntries(section.rows.map((r) => [r.label, r]))
}

describe('the day total’s cash drawer', () => {
  it.each([
    [[500, 700], []],
    [[500, null], ['Session 2']],
    [[null, 700], ['Session 1']],
    [
      [null, null],
      ['Session 1', 'Session 2'],
    ],
  ])('with openings %j is the sum of its lines, naming %j as not known', (openings, unknown) => {
    const rows = drawerRows(openings)
    const opening = rows['Opening cash']!
    const expected = rows['Expected cash']!
    expect(expected.value).toBe(
      (opening.value ?? 0) +
        rows['Plus net cash takings']!.value! -
        rows['Less cash expenses']!.value! +
        rows['Plus pay-ins']!.value! -
        rows['Less pay-outs']!.value! -
        rows['Less drops to the safe']!.value!,
    )
    // The cash moved in and out of the drawers is a line each, added up over the sessions.
    expect([rows['Plus pay-ins']!.value, rows['Less pay-outs']!.value]).toEqual([150, 40])
    expect(rows['Less drops to the safe']!.value).toBe(600)
    // An opening not known is never a silent 0: the expected cash is a floor, and says whose.
    expect(opening.value).toBe(
      unknown.length === 2 ? null : openings.reduce<number>((s, o) => s + (o ?? 0), 0),
    )
    expect(expected.atLeast ?? false).toBe(unknown.length > 0)
    expect(expected.missing ?? []).toEqual(unknown)
  })
})

describe('frozen against current figures', () => {
  const bill = makeBill({
    id: 'A',
    session: 'S',
    lines: [1000],
    payments: [{ method: 'card', amount: 1000 }],
  })
  const inputs = {
    bills: [bill],
    payments: bill.payments.map((p) => ({ ...p, billType: bill.type })),
    expenses: [],
    openingCash: null,
  }

  it('lists only what moved, a method one side lacks counting as 0', () => {
    const frozen = dayCloseFigures(inputs)
    const paidMore = makeBill({ id: 'B', session: 'S', lines: [], payments: [] })
    const current = dayCloseFigures({
      ...inputs,
      payments: [
        ...inputs.payments,
        { method: 'qris', amount: 300, reversedAt: null, billType: 'sale' },
      ],
      bills: [bill, paidMore],
      openingCash: 5000,
    })
    expect(changedFigures(frozen, current)).toEqual([
      { label: 'Sale bills', kind: 'count', frozen: 1, current: 2 },
      {
        label: 'Total collected (net of money returned)',
        kind: 'money',
        frozen: 1000,
        current: 1300,
      },
      {
        label: 'Receivable change (net sales not yet paid)',
        kind: 'money',
        frozen: 0,
        current: -300,
      },
      { label: 'Opening cash', kind: 'money', frozen: null, current: 5000 },
      { label: 'Expected cash', kind: 'money', frozen: 0, current: 5000 },
      { label: 'Net QRIS', kind: 'money', frozen: 0, current: 300 },
    ])
    expect(changedFigures(frozen, frozen)).toEqual([])
  })
})
