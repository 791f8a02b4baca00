import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { defaultDenominations } from '../../../../../src-renderer/day-close/rules/denominations'
import { countByPieces } from '../../../../../src-renderer/ui/screens/day-close/piece-count'

/** A field of pieces of a 100 yen coin, as the count reads it. */
function readPieces(typed: string) {
  const count = countByPieces([{ value: 100, kind: 'coin' }], { 'coin-100': typed }, 'JPY')
  const [row] = count.rows
  if (row!.pieces.ok) {
    expect(count.total).toBe(100 * row!.pieces.pieces)
    expect(count.problems).toEqual([])
  } else expect(count.problems).toEqual([`¥100 coins: ${row!.pieces.message}`])
  return row!.pieces
}

describe('a field of pieces', () => {
  it('is a whole number of 0 or more, blank being none', () => {
    expect(readPieces('')).toEqual({ ok: true, pieces: 0 })
    expect(readPieces(' 12 ')).toEqual({ ok: true, pieces: 12 })
    expect(readPieces('0')).toEqual({ ok: true, pieces: 0 })
    expect(readPieces('9999999')).toEqual({ ok: true, pieces: 9_999_999 })
  })

  it.each([
    [
      '2.5',
      '“2.5” is not a whole number of pieces: type digits only, without a decimal or thousands mark.',
    ],
    [
      '1,000',
      '“1,000” is not a whole number of pieces: type digits only, without a decimal or thousands mark.',
    ],
    ['-3', '“-3” is negative: pieces are 0 or more.'],
    ['3 pcs', '“3 pcs” is not a number of pieces: type digits only.'],
    ['1e3', '“1e3” is not a number of pieces: type digits only.'],
    ['10000000', '“10000000” is more pieces than a drawer holds (9,999,999 at most).'],
  ])('refuses %s, saying why', (typed, message) => {
    expect(readPieces(typed)).toEqual({ ok: false, message })
  })

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const read = readPieces(typed)
        if (read.ok) expect(Number.isSafeInteger(read.pieces) && read.pieces >= 0).toBe(true)
      }),
    )
  })
})

describe('a drawer counted by notes and coins', () => {
  const usd = defaultDenominations('USD').denominations
  const typed = { 'note-10000': '3', 'note-500': '1', 'coin-25': '4' }

  it('totals what is on screen and names each row by its value', () => {
    const count = countByPieces(usd, typed, 'USD')
    expect(count.total).toBe(30_000 + 500 + 100)
    expect(count.used).toBe(true)
    expect(count.problems).toEqual([])
    expect(count.rows.map((r) => r.label).slice(0, 2)).toEqual(['$100.00 notes', '$50.00 notes'])
    expect(count.rows.find((r) => r.key === 'coin-25')?.amount).toBe(100)
    expect(count.breakdown).toEqual([
      { value: 10_000, kind: 'note', pieces: 3 },
      { value: 500, kind: 'note', pieces: 1 },
      { value: 25, kind: 'coin', pieces: 4 },
    ])
  })

  it('has no total while a field is not a number of pieces, never the last good one, and names the field', () => {
    const count = countByPieces(usd, { ...typed, 'note-500': '2.5', 'coin-1': '-3' }, 'USD')
    expect(count.total).toBeNull()
    expect(count.problems).toEqual([
      '$5.00 notes: “2.5” is not a whole number of pieces: type digits only, without a decimal or thousands mark.',
      '$0.01 coins: “-3” is negative: pieces are 0 or more.',
    ])
    expect(count.rows.find((r) => r.key === 'note-500')?.amount).toBeNull()
  })

  it('is not used while every field is blank', () => {
    const count = countByPieces(usd, { 'note-10000': ' ' }, 'USD')
    expect(count).toMatchObject({ used: false, total: 0, breakdown: [] })
  })

  it('says so, rather than throwing, when the pieces add up past exact integers', () => {
    const huge = [{ value: Number.MAX_SAFE_INTEGER, kind: 'note' as const }]
    const count = countByPieces(huge, { [`note-${Number.MAX_SAFE_INTEGER}`]: '2' }, 'JPY')
    expect(count.total).toBeNull()
    expect(count.problems).toEqual([
      'The notes and coins add up to more than Till can count exactly.',
    ])
  })
})
