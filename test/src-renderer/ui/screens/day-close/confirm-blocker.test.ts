import { describe, expect, it } from 'vitest'
import {
  confirmBlocker,
  type CountFormState,
} from '../../../../../src-renderer/ui/screens/day-close/confirm-blocker'

const ready: CountFormState = {
  currency: 'USD',
  pieceProblems: [],
  piecesTotal: null,
  amountProblems: [],
  countedCash: 4000,
  countedBy: 'AB',
  noteMissing: false,
  midShiftMissing: false,
}

describe('why a count cannot be confirmed', () => {
  it('is nothing once every field is ready', () => {
    expect(confirmBlocker(ready)).toBeNull()
    expect(confirmBlocker({ ...ready, piecesTotal: 4000 })).toBeNull()
  })

  it('names each field of pieces that is not a number, before anything else', () => {
    const one = '$5.00 notes: “2.5” is not a whole number of pieces.'
    const two = '$0.01 coins: “-3” is negative: pieces are 0 or more.'
    expect(confirmBlocker({ ...ready, pieceProblems: [one], countedCash: null })).toBe(
      `${one} Correct it to confirm.`,
    )
    expect(confirmBlocker({ ...ready, pieceProblems: [one, two] })).toBe(
      `${one} ${two} Correct them to confirm.`,
    )
  })

  it('names the amount field the parser refused', () => {
    expect(
      confirmBlocker({
        ...ready,
        countedCash: null,
        amountProblems: [{ field: 'Counted cash', message: 'USD has at most 2 decimals.' }],
      }),
    ).toBe('Counted cash: USD has at most 2 decimals.')
  })

  it('asks for the counted cash and who counted', () => {
    const ask = 'Enter the counted cash and who counted to confirm.'
    expect(confirmBlocker({ ...ready, countedCash: null })).toBe(ask)
    expect(confirmBlocker({ ...ready, countedBy: '  ' })).toBe(ask)
  })

  it('refuses counted cash that is not what the notes and coins add up to', () => {
    expect(confirmBlocker({ ...ready, piecesTotal: 4025 })).toBe(
      'Counted cash is $40.00, but the notes and coins add up to $40.25: correct one of them to confirm.',
    )
  })

  it('asks for the variance note, then for a mid-shift count to be chosen', () => {
    expect(confirmBlocker({ ...ready, noteMissing: true, midShiftMissing: true })).toBe(
      'Say why the count differs in the variance note to confirm.',
    )
    expect(confirmBlocker({ ...ready, midShiftMissing: true })).toBe(
      'Choose “Count mid-shift” to count a session that can still be trading.',
    )
  })
})
