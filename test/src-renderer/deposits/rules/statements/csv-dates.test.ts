import { describe, expect, it } from 'vitest'
import { csvDate } from '../../../../../src-renderer/deposits/rules/statements/csv-dates'

describe('csvDate', () => {
  it.each([
    ['2026-11-20', 'YYYY-MM-DD', '2026-11-20'],
    ['2026/1/5 14:03:00', 'YYYY-MM-DD', '2026-01-05'],
    ['20/11/2026', 'DD/MM/YYYY', '2026-11-20'],
    ['20-11-2026', 'DD/MM/YYYY', '2026-11-20'],
    ['5.1.2026', 'DD/MM/YYYY', '2026-01-05'],
    ['11/20/2026', 'MM/DD/YYYY', '2026-11-20'],
    ['20/11/26', 'DD/MM/YY', '2026-11-20'],
    ['20 Nov 2026', 'DD MMM YYYY', '2026-11-20'],
    ['3 September 2026', 'DD MMM YYYY', '2026-09-03'],
  ] as const)('%s written %s is %s', (text, format, date) => {
    expect(csvDate(text, format)).toBe(date)
  })

  it('reads a two-digit year in a window around this year', () => {
    expect(csvDate('31/12/99', 'DD/MM/YY', 2026)).toBe('1999-12-31')
    expect(csvDate('01/01/46', 'DD/MM/YY', 2026)).toBe('2046-01-01')
    expect(csvDate('01/01/47', 'DD/MM/YY', 2026)).toBe('1947-01-01')
    expect(csvDate('31/12/99', 'DD/MM/YY', 2085)).toBe('2099-12-31')
  })

  it.each([
    ['31/11/2026', 'DD/MM/YYYY'],
    ['11/20/2026', 'DD/MM/YYYY'],
    ['29/02/2027', 'DD/MM/YYYY'],
    ['2026-11-20', 'DD/MM/YYYY'],
    ['20 Noo 2026', 'DD MMM YYYY'],
    ['', 'YYYY-MM-DD'],
  ] as const)('%j is not a date written %s', (text, format) => {
    expect(csvDate(text, format)).toBeNull()
  })
})
