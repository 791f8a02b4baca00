import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDrawers, drawerOf } from '../../../../src-renderer/day-close/rules/cash-drawer'
import { sumFigures } from '../../../../src-renderer/day-close/rules/day-close'
import { checkProperty } from '../../../support/fuzz-settings'
import { cashFigures } from '../../../support/cash-figures'

const amount = fc.integer({ min: 0, max: 10_000_000 })
const session = fc.record({
  cash: amount,
  expenses: amount,
  opening: amount,
  moved: fc.record({ payIn: amount, payOut: amount, drop: amount }),
})

/** Every way of knowing or not knowing each of `n` openings. */
const knownMasks = (n: number): boolean[][] =>
  Array.from({ length: 2 ** n }, (_, mask) =>
    Array.from({ length: n }, (_, i) => !(mask & (1 << i))),
  )

describe('the cash drawer of a day', () => {
  it('adds up its lines for every combination of known and unknown openings', async () => {
    await checkProperty(
      fc.property(fc.array(session, { minLength: 1, maxLength: 4 }), (sessions) => {
        for (const known of knownMasks(sessions.length)) {
          const figures = sessions.map((s, i) =>
            cashFigures(s.cash, s.expenses, known[i] ? s.opening : null, s.moved),
          )
          const names = sessions.map((_, i) => `Session ${i + 1}`)
          const day = addDrawers(figures.map((f, i) => drawerOf(f, names[i]!)))
          // The expected cash is the sum of the lines shown above it.
          expect(day.expectedCash).toBe(
            day.openingCash + day.netCash - day.cashExpenses + day.payIns - day.payOuts - day.drops,
          )
          // The opening line is the openings known, and names every one not known.
          expect(day.openingCash).toBe(
            sessions.reduce((sum, s, i) => sum + (known[i] ? s.opening : 0), 0),
          )
          expect(day.openingsKnown).toBe(known.filter(Boolean).length)
          expect(day.openingUnknown).toEqual(names.filter((_, i) => !known[i]))
          expect(day.netCash).toBe(sessions.reduce((sum, s) => sum + s.cash, 0))
          expect(day.cashExpenses).toBe(sessions.reduce((sum, s) => sum + s.expenses, 0))
          expect(day.payIns).toBe(sessions.reduce((sum, s) => sum + s.moved.payIn, 0))
          expect(day.payOuts).toBe(sessions.reduce((sum, s) => sum + s.moved.payOut, 0))
          expect(day.drops).toBe(sessions.reduce((sum, s) => sum + s.moved.drop, 0))
          // And it is what the sessions' own expected cash adds up to, as the day's figures say.
          expect(day.expectedCash).toBe(figures.reduce((sum, f) => sum + f.expectedCash, 0))
          expect(day.expectedCash).toBe(sumFigures(figures).expectedCash)
        }
      }),
      100,
    )
  })

  it('names a location for the openings its sessions do not know', () => {
    const salmiya = addDrawers(
      [drawerOf(cashFigures(500, 0, 100), 'a'), drawerOf(cashFigures(300, 0, null), 'b')],
      'Salmiya',
    )
    const moved = { payIn: 40, payOut: 30, drop: 500 }
    const hawally = addDrawers([drawerOf(cashFigures(200, 50, 1000, moved), 'c')], 'Hawally')
    expect(salmiya).toMatchObject({ openingCash: 100, openingUnknown: ['Salmiya'] })
    expect(hawally.openingUnknown).toEqual([])
    const all = addDrawers([salmiya, hawally])
    expect(all).toEqual({
      openingCash: 1100,
      openingsKnown: 2,
      openingUnknown: ['Salmiya'],
      netCash: 1000,
      cashExpenses: 50,
      payIns: 40,
      payOuts: 30,
      drops: 500,
      expectedCash: 1560,
    })
  })
})
