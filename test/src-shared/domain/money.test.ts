import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  currencyExponent,
  formatMinorUnits,
  MoneyError,
  sumMinor,
  toMinorUnits,
} from '../../../src-shared/domain/money'

const exponents = fc.constantFrom(0, 2, 3)

/** An independent reference: BigInt arithmetic on the digits, no floats anywhere. */
function referenceMinor(sign: string, whole: string, fraction: string, exponent: number): bigint {
  const value = BigInt((whole || '0') + fraction.padEnd(exponent, '0'))
  return sign === '-' ? -value : value
}

describe('money in minor units', () => {
  it('takes the exponent from the currency', () => {
    expect(currencyExponent('IDR')).toBe(0)
    expect(currencyExponent('usd')).toBe(2)
    expect(currencyExponent('KWD')).toBe(3)
    expect(currencyExponent('JPY')).toBe(0)
    expect(() => currencyExponent('dollars')).toThrow(MoneyError)
  })

  it('converts any decimal text exactly', () => {
    fc.assert(
      fc.property(
        exponents,
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^[0-9]{0,12}$/),
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        (exponent, sign, whole, fractionLength, seed) => {
          const fraction = String(seed)
            .padStart(8, '0')
            .slice(0, Math.min(fractionLength, exponent))
          if (whole === '' && fraction === '') return
          const text = `${sign}${whole}${fraction ? '.' + fraction : ''}`
          expect(BigInt(toMinorUnits(text, exponent))).toBe(
            referenceMinor(sign, whole, fraction, exponent),
          )
        },
      ),
    )
  })

  it('reads JSON numbers exactly, never through multiplication', () => {
    fc.assert(
      fc.property(exponents, fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (exponent, minor) => {
        const asJsonNumber = JSON.parse(formatMinorUnits(minor, exponent)) as number
        expect(toMinorUnits(asJsonNumber, exponent)).toBe(minor)
      }),
    )
    // The classic float traps: 0.29·100 = 28.999999999999996, 1.005·100 = 100.49999999999999.
    expect(toMinorUnits(0.29, 2)).toBe(29)
    expect(toMinorUnits(1.005, 3)).toBe(1005)
    expect(toMinorUnits(19.99, 2)).toBe(1999)
    expect(toMinorUnits(1.5e3, 2)).toBe(150000)
    expect(() => toMinorUnits(1e21, 0)).toThrow(/too large/)
  })

  it('reads whole JSON numbers as it reads their text, up to the edge of exact integers', () => {
    const wholeNumbers = fc.oneof(
      fc.maxSafeInteger(),
      fc.constantFrom(0, -0, 2 ** 53 - 1, -(2 ** 53 - 1), 90_071_992_547_409, 9_007_199_254_741),
    )
    fc.assert(
      fc.property(exponents, wholeNumbers, (exponent, value) => {
        const asText = (): number => toMinorUnits(String(value), exponent)
        let expected: number | MoneyError
        try {
          expected = asText()
        } catch (error) {
          expected = error as MoneyError
        }
        if (expected instanceof MoneyError)
          expect(() => toMinorUnits(value, exponent)).toThrow(expected.message)
        else expect(Object.is(toMinorUnits(value, exponent), expected)).toBe(true)
      }),
    )
  })

  it('round-trips through the export text', () => {
    fc.assert(
      fc.property(exponents, fc.maxSafeInteger(), (exponent, minor) => {
        expect(toMinorUnits(formatMinorUnits(minor, exponent), exponent)).toBe(minor)
      }),
    )
    expect(formatMinorUnits(1250, 2)).toBe('12.50')
    expect(formatMinorUnits(-5, 2)).toBe('-0.05')
    expect(formatMinorUnits(25000, 0)).toBe('25000')
    expect(formatMinorUnits(1, 3)).toBe('0.001')
  })

  it('accepts the forms the service may send and refuses what cannot be exact', () => {
    expect(toMinorUnits('12.50', 2)).toBe(1250)
    expect(toMinorUnits(' 12.500 ', 2)).toBe(1250)
    expect(toMinorUnits('.5', 2)).toBe(50)
    expect(toMinorUnits('5.', 0)).toBe(5)
    expect(toMinorUnits('1.5e3', 0)).toBe(1500)
    expect(toMinorUnits('-0.00', 2)).toBe(0)
    expect(() => toMinorUnits('12.345', 2)).toThrow(/more than 2 decimal places/)
    expect(() => toMinorUnits(0.1 + 0.2, 2)).toThrow(MoneyError)
    for (const bad of ['', '.', '12,50', 'abc', '1.2.3', 'NaN', 'Infinity', '--1']) {
      expect(() => toMinorUnits(bad, 2)).toThrow(MoneyError)
    }
    expect(() => toMinorUnits('99999999999999999999', 2)).toThrow(/too large/)
  })

  it('keeps sums exact integers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { maxLength: 200 }), (values) => {
        const total = sumMinor(values)
        expect(Number.isInteger(total)).toBe(true)
        expect(BigInt(total)).toBe(values.reduce((a, v) => a + BigInt(v), 0n))
      }),
    )
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 10])).toThrow(MoneyError)
  })
})
