import { describe, expect, it } from 'vitest'
import {
  differenceToExplain,
  handSettlement,
} from '../../../../src-renderer/deposits/rules/differences'

const card = [{ method: 'card', gross: 100_000 }]
const cash = [{ method: 'cash', gross: 100_000 }]

describe('differences to explain', () => {
  it('takes a fee from zero to a tenth of the gross as a fee, and anything else as a difference', () => {
    expect(differenceToExplain(card, 100_000)).toBeNull()
    expect(differenceToExplain(card, 90_000)).toBeNull()
    expect(differenceToExplain(card, 89_999)).toBe(10_001)
    expect(differenceToExplain(card, 100_001)).toBe(-1)
    // A cash shortfall is no fee, however large.
    expect(differenceToExplain(cash, 50_000)).toBeNull()
  })

  it('records a believable fee as a fee, a difference only with a reason, and then never as a fee', () => {
    expect(handSettlement(card, 97_000)).toEqual({ fee: 3_000, shortfall: 0 })
    expect(handSettlement(card, 120_000)).toBeNull()
    expect(handSettlement(card, 120_000, 'over-banked')).toEqual({
      fee: 0,
      shortfall: -20_000,
      explained: 'over-banked',
    })
    expect(handSettlement(cash, 80_000)).toEqual({ fee: 0, shortfall: 20_000 })
  })
})
