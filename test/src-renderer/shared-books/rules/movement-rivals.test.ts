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
      ['m2', null, 'It corrects a movement this PC does not hold yet: it waits for it.'],
      ['a', null, 'Its corrections go round in a circle.'],
      ['b', null, 'Its corrections go round in a circle.'],
    ])
  })

  it('names each PC as people know it, telling apart two of the same name, and each movement by what it was', () => {
    const reasonOf = (standingBy: string, keptBy: string): string =>
      settleSession([
        placed('m1', 1),
        placed('m2', 2, { replaces: 'm1', amount: 5_000 }, standingBy),
        placed('m3', 3, { replaces: 'm1', amount: 7_000 }, keptBy),
      ]).aside[0]!.reason
    expect(reasonOf('Office #0a1b2c3d', 'Laptop #9f8e7d6c')).toBe(
      'The pay-in of $10.00 by Ana was corrected on two PCs. Standing on every PC: Office’s Pay-in $50.00 ' +
        '(change 2), the one the shared books took first. Kept aside until a person chooses: ' +
        'Laptop’s Pay-in $70.00 (change 3).',
    )
    const follower = settleSession([
      placed('m1', 1),
      placed('m2', 2, { replaces: 'm1', amount: 5_000 }),
      placed('m3', 3, { replaces: 'm1', amount: 7_000 }),
      placed('m4', 4, { replaces: 'm3', amount: 7_500 }),
    ]).aside.find((a) => a.placed.movement.id === 'm4')
    expect(follower!.reason).toBe(
      'It corrects the pay-in of $70.00 by Ana, which is kept aside: it stands with it.',
    )
    const alike = reasonOf('Office #0a1b2c3d', 'Office #9f8e7d6c')
    expect(alike).toContain('Office (0a1b)’s Pay-in $50.00')
    expect(alike).toContain('Office (9f8e)’s Pay-in $70.00')
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
