import { describe, expect, it } from 'vitest'
import {
  amountPlaceholder,
  amountTextHint,
  numberMarks,
  parseAmountText,
  regroupAmountText,
  type NumberMarks,
} from '../../../src-renderer/format/amount-text'

const english = numberMarks('en-US')
const german = numberMarks('de-DE')

/** What a field holds after `text` is typed into it one character at a time. */
function typed(text: string, marks: NumberMarks): string {
  let value = ''
  for (const character of text) value = regroupAmountText(value + character, marks)
  return value
}

describe('a counted amount as typed or pasted', () => {
  it('ends as 1234.56 when 1.234,56 is typed key by key in a comma-decimal locale', () => {
    expect(typed('1.234,56', german)).toBe('1.234,56')
    expect(parseAmountText(typed('1.234,56', german), 'EUR', german)).toEqual({
      ok: true,
      minor: 123_456,
    })
  })

  it('refuses 1.234,56 typed key by key in an English-grouping IDR shop, keeping what was typed', () => {
    const field = typed('1.234,56', english)
    expect(field).toBe('1.234,56')
    expect(parseAmountText(field, 'IDR', english).ok).toBe(false)
  })

  it('takes a pasted amount with the currency’s code or symbol in an IDR shop', () => {
    for (const marks of [english, numberMarks('id-ID')]) {
      expect(parseAmountText('IDR 3,276,300', 'IDR', marks)).toEqual({ ok: true, minor: 3_276_300 })
      expect(parseAmountText('Rp 3.276.300', 'IDR', marks)).toEqual({ ok: true, minor: 3_276_300 })
    }
  })

  it('refuses amounts above 999,999,999,999 with a message instead of throwing', () => {
    const tooLarge = {
      ok: false,
      message: 'Too large: an amount is at most 999,999,999,999 IDR.',
    }
    expect(parseAmountText('999,999,999,999,999', 'IDR', english)).toEqual(tooLarge)
    expect(parseAmountText('9999999999999999', 'IDR', english)).toEqual(tooLarge)
    expect(parseAmountText('9999999999999999', 'USD', english).ok).toBe(false)
    expect(parseAmountText('999,999,999,999', 'IDR', english)).toEqual({
      ok: true,
      minor: 999_999_999_999,
    })
  })

  it('reads the three decimals of the Kuwaiti dinar', () => {
    expect(parseAmountText('KD 1.250', 'KWD', english)).toEqual({ ok: true, minor: 1250 })
    expect(parseAmountText('0.005', 'KWD', english)).toEqual({ ok: true, minor: 5 })
    expect(parseAmountText('1.2505', 'KWD', english)).toEqual({
      ok: false,
      message: 'KWD has at most 3 decimals.',
    })
    expect(amountPlaceholder('KWD', english)).toBe('0.000')
  })

  it('says what it accepts in the hint, in the shop’s marks', () => {
    expect(amountTextHint('IDR', german)).toBe('Whole amounts, e.g. 1.234.500 or 1234500.')
    expect(amountTextHint('USD', english)).toBe(
      'Amounts with a dot before the 2 decimals, e.g. 1,234,500.00.',
    )
  })
})
