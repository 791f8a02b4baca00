import { describe, expect, it } from 'vitest'
import {
  rowMeaningProblem,
  type StoreFacts,
} from '../../../../src-renderer/backup/rules/row-meaning'

/** A store holding session S in IDR (no minor digits), its movements `held`. */
function facts(held: Record<string, number>): StoreFacts {
  return {
    hasSession: (id) => id === 'S',
    currency: 'IDR',
    movementAmounts: () => new Map(Object.entries(held)),
  }
}

const payIn = (id: string, amount: number) => ({
  id,
  sessionId: 'S',
  kind: 'pay-in',
  amount,
  currency: 'IDR',
  category: null,
  at: 0,
  by: 'Ana',
  note: '',
  replaces: null,
})

/** The most a drawer holds in IDR, each movement within it. */
const DRAWER = 999_999_999_999

describe('what a row from outside must mean in this store', () => {
  it('a session’s movements stay within exact integers, each within what a drawer holds', () => {
    const many = Object.fromEntries(
      Array.from({ length: 9_007 }, (_, i) => [`m${i}`, DRAWER] as const),
    )
    expect(rowMeaningProblem('cashMovements', payIn('new', DRAWER), facts(many))).toEqual({
      reason: 'with it, the movements of session S would add up past the exact range of amounts',
      waits: false,
    })
    // The same movement again (by its id) is counted once.
    expect(rowMeaningProblem('cashMovements', payIn('m0', DRAWER), facts(many))).toBeNull()
  })

  it('a movement of a session the store does not hold waits; a wrong currency is refused outright', () => {
    const other = { ...payIn('m', 100), sessionId: 'T' }
    expect(rowMeaningProblem('cashMovements', other, facts({}))).toMatchObject({ waits: true })
    expect(
      rowMeaningProblem('cashMovements', { ...other, currency: 'USD' }, facts({})),
    ).toMatchObject({ waits: false, reason: 'it is in USD, and the shop counts in IDR' })
  })

  it('a bank line’s value date is checked like its date; other tables mean what their form says', () => {
    const line = { date: '2026-11-20', valueDate: '1899-12-31' }
    expect(rowMeaningProblem('statementLines', line, facts({}))?.reason).toBe(
      'it is dated 1899-12-31, outside the years a bank books (1900 to 2099)',
    )
    expect(rowMeaningProblem('locationNames', { locationId: 'x', name: 'y' }, facts({}))).toBeNull()
  })
})
