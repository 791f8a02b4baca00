import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { usePcsOnPostgres } from '../../../support/shared-books/pcs-on-postgres'
import type { ShopCommand } from '../../../support/shared-books/shop-commands'
import { shopProperty, shopScenario } from '../../../support/shared-books/shop-property'

/**
 * Three PCs running one shop on a real PostgreSQL, in random interleavings of what a shop does
 * (test/support/shared-books/shop-commands.ts), with PCs offline for a while and answers lost:
 * once all are back and in step they hold the same, each drawer is what the books' movements
 * say, backups restore, and no entry is posted twice or lost (shop-property.ts).
 * TILL_SHARED_BOOKS_RUNS sets how many random runs (10 by default, after the tour: each starts
 * four PCs' mains on the database).
 */

const books = usePcsOnPostgres()
const RUNS = Number(process.env.TILL_SHARED_BOOKS_RUNS ?? 10)

/** A run that does each thing at least once, in an order that makes it count. */
const TOUR: ShopCommand[] = [
  { kind: 'float', pc: 0, session: 'S', amount: 1000 },
  { kind: 'pay', pc: 1, session: 'S', amount: 500, out: false },
  { kind: 'sync', pc: 1 },
  { kind: 'sync', pc: 0 },
  // Both correct the float without hearing of each other's: the one the books take first stands.
  { kind: 'race', pcs: [0, 2], session: 'S', pick: 0, amount: 1200, cancel: false },
  { kind: 'sync', pc: 0 },
  { kind: 'sync', pc: 2 },
  { kind: 'choose', pc: 2, pick: 0, kept: true },
  { kind: 'import', pc: 1 },
  { kind: 'match', pc: 1, pick: 0, undo: true },
  { kind: 'match', pc: 1, pick: 0, undo: false },
  { kind: 'apart', pc: 2, how: 'proxy' },
  { kind: 'pay', pc: 2, session: 's1', amount: 300, out: true },
  { kind: 'count', pc: 2, cash: 5_600 },
  { kind: 'export', pc: 0, destination: 'xero', loseAnswer: true },
  { kind: 'lose', pc: 1 },
  { kind: 'correct', pc: 1, session: 'S', pick: 1, amount: 700, cancel: true },
  { kind: 'sync', pc: 1 },
  { kind: 'back', pc: 2 },
  { kind: 'sync', pc: 2 },
  { kind: 'reopen', pc: 2 },
  { kind: 'apart', pc: 0, how: 'link' },
  { kind: 'rename', pc: 0, location: 'loc1', name: 'Kemang' },
  { kind: 'back', pc: 0 },
  { kind: 'export', pc: 1, destination: 'second-organisation', loseAnswer: false },
]

describe('three PCs running a shop on one PostgreSQL', () => {
  it('hold the same, drawers as the books say, backups that restore, every entry posted once', async () => {
    const done = new Map<string, number>()
    await fc.assert(fc.asyncProperty(shopScenario, shopProperty(books, done)), {
      numRuns: RUNS,
      examples: [[TOUR]],
    })
    // Whatever the random runs drew, each kind of thing went through at least once.
    expect([...done.keys()].sort()).toEqual([...new Set(TOUR.map((c) => c.kind))].sort())
  }, 300_000)
})
