import { describe, expect, it } from 'vitest'
import { addBusinessDays } from '../../../../src-renderer/deposits/rules/business-days'

describe('business days', () => {
  it('skips weekends when counting business days', () => {
    expect(addBusinessDays('2026-11-25', 2)).toBe('2026-11-27') // Wednesday → Friday
    expect(addBusinessDays('2026-11-26', 2)).toBe('2026-11-30') // Thursday → Monday
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30') // Friday → Monday
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-12-01') // Saturday → Tuesday
  })

  it('takes a weekend date with no lag to the Monday after, and a weekday to itself', () => {
    expect(addBusinessDays('2026-11-29', 0)).toBe('2026-11-30')
    expect(addBusinessDays('2026-11-26', 0)).toBe('2026-11-26')
  })

  it('crosses months and years', () => {
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addBusinessDays('2027-01-01', 1)).toBe('2027-01-04')
  })
})
