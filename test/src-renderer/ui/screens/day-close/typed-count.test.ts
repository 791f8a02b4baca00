import { describe, expect, it } from 'vitest'
import type { CountDraftFields } from '../../../../../src-renderer/database/cached-records'
import { numberMarks } from '../../../../../src-renderer/format/amount-text'
import type { DayCloseFigures } from '../../../../../src-renderer/day-close/rules/day-close'
import { readTypedCount } from '../../../../../src-renderer/ui/screens/day-close/typed-count'

/** A session that took 40.00 in cash over a 10.00 float, and 25.00 by card. */
const figures: DayCloseFigures = {
  saleCount: 2,
  refundCount: 0,
  voidCount: 0,
  grossSales: 6500,
  discounts: 0,
  fees: 0,
  refunds: 0,
  voids: 0,
  netSales: 6500,
  tax: 0,
  taxByRate: [],
  methods: [
    { method: 'cash', collected: 4000, returned: 0, net: 4000 },
    { method: 'card', collected: 2500, returned: 0, net: 2500 },
  ],
  totalCollected: 6500,
  receivableChange: 0,
  expenses: 0,
  cashExpenses: 0,
  openingCash: 1000,
  payIns: 0,
  payOuts: 0,
  drops: 0,
  expectedCash: 5000,
  billsAwaitingDetail: 0,
}

const empty: CountDraftFields = {
  countedCash: '',
  countedByMethod: {},
  countedBy: '',
  note: '',
  pieces: {},
}

function read(fields: Partial<CountDraftFields>, midShiftMissing = false) {
  return readTypedCount({
    fields: { ...empty, ...fields },
    figures,
    denominations: [
      { value: 2000, kind: 'note' },
      { value: 500, kind: 'note' },
    ],
    currency: 'USD',
    marks: numberMarks('en-US'),
    midShiftMissing,
  })
}

describe('the drawer count as typed', () => {
  it('has no variance and cannot be confirmed while nothing is typed', () => {
    const typed = read({})
    expect(typed.cashParsed).toBeNull()
    expect(typed.count).toBeNull()
    expect(typed.noteNeeded).toBe(false)
    expect(typed.pieces.used).toBe(false)
    expect(typed.blocker).not.toBeNull()
  })

  it('offers a count field for every method but cash', () => {
    expect(read({}).otherMethods.map((m) => m.method)).toEqual(['card'])
  })

  it('confirms a drawer that holds what was expected, with who counted', () => {
    const typed = read({ countedCash: '50.00', countedBy: 'AB' })
    expect(typed.count?.countedCash).toBe(5000)
    expect(typed.count?.cashVariance).toBe(0)
    expect(typed.noteNeeded).toBe(false)
    expect(typed.blocker).toBeNull()
  })

  it('asks for a note when the cash differs, and confirms once there is one', () => {
    const short = read({ countedCash: '45.00', countedBy: 'AB' })
    expect(short.count?.cashVariance).toBe(-500)
    expect(short.noteNeeded).toBe(true)
    expect(short.blocker).not.toBeNull()
    expect(
      read({ countedCash: '45.00', countedBy: 'AB', note: 'Change given twice' }).blocker,
    ).toBeNull()
  })

  it('counts another method, negative if need be, and leaves out a field that does not parse', () => {
    const counted = read({ countedCash: '50', countedBy: 'AB', countedByMethod: { card: '-5' } })
    expect(counted.countedByMethod).toEqual({ card: -500 })
    expect(counted.count?.methods).toEqual([
      { method: 'card', counted: -500, expected: 2500, variance: -3000 },
    ])

    const refused = read({ countedCash: '50', countedBy: 'AB', countedByMethod: { card: 'x' } })
    expect(refused.methodParsed['card']?.ok).toBe(false)
    expect(refused.countedByMethod).toEqual({})
    expect(refused.blocker).toContain('Counted card')
  })

  it('totals the notes and coins typed, and holds the confirm while they disagree with the cash', () => {
    const pieces = { 'note-2000': '2', 'note-500': '1' }
    expect(read({ pieces }).pieces.total).toBe(4500)
    expect(read({ pieces, countedCash: '45.00', countedBy: 'AB' }).blocker).not.toBeNull()
    expect(
      read({ pieces, countedCash: '45.00', countedBy: 'AB', note: 'short' }).blocker,
    ).toBeNull()
    expect(read({ pieces, countedCash: '50.00', countedBy: 'AB' }).blocker).not.toBeNull()
  })

  it('holds the confirm of a session still trading until mid-shift is chosen', () => {
    expect(read({ countedCash: '50.00', countedBy: 'AB' }, true).blocker).not.toBeNull()
  })
})
