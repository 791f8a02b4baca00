import { expect, it } from 'vitest'
import { recountStart } from '../../../../../src-renderer/ui/screens/day-close/recount-start'
import { parseAmountText } from '../../../../../src-renderer/format/amount-text'
import { countByPieces } from '../../../../../src-renderer/ui/screens/day-close/piece-count'
import { defaultDenominations } from '../../../../../src-renderer/day-close/rules/denominations'
import { numberMarks } from '../../../../../src-renderer/format/amount-text'

const MARKS = numberMarks('en-US')

it('a recount starts from the pieces, cash and methods of the count it replaces, not its counter', () => {
  const start = recountStart(
    {
      countedCash: 35_050,
      countedByMethod: { card: 120_000 },
      breakdown: [
        { value: 10_000, kind: 'note', pieces: 3 },
        { value: 5_000, kind: 'note', pieces: 1 },
        { value: 25, kind: 'coin', pieces: 2 },
      ],
    },
    'USD',
    MARKS,
  )
  expect(start.countedBy).toBe('')
  expect(start.note).toBe('')
  // What the form reads back from the text is what was counted.
  expect(parseAmountText(start.countedCash, 'USD', MARKS)).toMatchObject({
    ok: true,
    minor: 35_050,
  })
  expect(parseAmountText(start.countedByMethod.card!, 'USD', MARKS)).toMatchObject({
    ok: true,
    minor: 120_000,
  })
  const pieces = countByPieces(defaultDenominations('USD').denominations, start.pieces, 'USD')
  expect(pieces.total).toBe(35_050)
})

it('a count typed as an amount gives no pieces to start from', () => {
  const start = recountStart(
    { countedCash: 500, countedByMethod: {}, breakdown: null },
    'IDR',
    MARKS,
  )
  expect(start.pieces).toEqual({})
  expect(parseAmountText(start.countedCash, 'IDR', MARKS)).toMatchObject({ ok: true, minor: 500 })
})
