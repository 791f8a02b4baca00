import { describe, expect, it } from 'vitest'
import {
  settleSession,
  type PlacedMovement,
} from '../../../../src-renderer/shared-books/rules/movement-rivals'
import {
  standingMovements,
  type CashMovement,
} from '../../../../src-renderer/day-close/rules/cash-movements'

function placed(
  id: string,
  change: number,
  more: Partial<CashMovement> = {},
  by = 'Office PC',
): PlacedMovement {
  const movement: CashMovement = {
    id,
    sessionId: 's1',
    kind: 'pay-in',
    amount: 1_000,
    currency: 'USD',
    category: null,
    at: 0,
    by: 'Ana',
    note: '',
    replaces: null,
    ...more,
  }
  return { movement, change, by }
}

const ids = (list: readonly { movement: CashMovement }[]) => list.map((p) => p.movement.id).sort()

describe('settling one session’s movements', () => {
  it('is the same whatever order the PC holds them in', () => {
    const all = [
      placed('m1', 1),
      placed('m2', 4, { replaces: 'm1' }),
      placed('m3', 3, { replaces: 'm1', kind: 'cancel', amount: 0 }, 'Laptop'),
      placed('f1', 2, { kind: 'float' }),
      placed('f2', Infinity, { kind: 'float' }, 'this PC'),
    ]
    const settled = settleSession(all)
    expect(ids(settled.stands)).toEqual(['f1', 'm1', 'm3'])
    expect(ids(settled.aside.map((a) => a.placed))).toEqual(['f2', 'm2'])
    const reversed = settleSession([...all].reverse())
    expect(ids(reversed.stands)).toEqual(ids(settled.stands))
    expect(reversed.aside.map((a) => a.reason)).toEqual(
      expect.arrayContaining(settled.aside.map((a) => a.reason)),
    )
  })

  it('a float given after the first was taken back is no rival', () => {
    const settled = settleSession([
      placed('f1', 1, { kind: 'float' }),
      placed('c1', 2, { kind: 'cancel', amount: 0, replaces: 'f1' }),
      placed('f2', 3, { kind: 'float' }),
    ])
    expect(settled.aside).toEqual([])
  })

  it('a correction of a movement not held waits for it; corrections in a circle stand nowhere', () => {
    const settled = settleSession([
      placed('m2', 2, { replaces: 'm1' }),
      placed('a', 3, { replaces: 'b' }),
      placed('b', 4, { replaces: 'a' }),
    ])
    expect(settled.stands).toEqual([])
    expect(settled.aside.map((a) => [a.placed.movement.id, a.rival, a.reason])).toEqual([
      ['m2', null, 'It corrects movement m1, which this PC does not hold: it waits for it.'],
      ['a', null, 'Its corrections go round in a circle.'],
      ['b', null, 'Its corrections go round in a circle.'],
    ])
  })

  it('a float that loses is kept aside with the floats it corrects, so one float stands', () => {
    // The laptop gave float g1 and corrected it (g2) while the office's f1 went up first.
    const settled = settleSession([
      placed('f1', 1, { kind: 'float' }),
      placed('g1', 2, { kind: 'float' }, 'Laptop'),
      placed('g2', 3, { kind: 'float', amount: 1_500, replaces: 'g1' }, 'Laptop'),
    ])
    expect(ids(settled.stands)).toEqual(['f1'])
    expect(settled.aside.map((a) => [a.placed.movement.id, a.rival?.movement.id ?? null])).toEqual([
      ['g2', 'f1'],
      ['g1', null],
    ])
    expect(standingMovements(settled.stands.map((p) => p.movement)).map((m) => m.id)).toEqual([
      'f1',
    ])
  })
})
