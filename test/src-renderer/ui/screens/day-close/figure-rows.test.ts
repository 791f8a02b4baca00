import { describe, expect, it } from 'vitest'
import { figureSections } from '../../../../../src-renderer/ui/screens/day-close/figure-rows'
import { addDrawers, drawerOf } from '../../../../../src-renderer/domain/ledger/cash-drawer'
import { sumFigures } from '../../../../../src-renderer/domain/ledger/day-close'
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
