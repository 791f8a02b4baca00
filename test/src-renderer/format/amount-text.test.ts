import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountExample,
  formatAmountText,
  numberMarks,
  parseAmountText,
  regroupAmountText,
  type NumberMarks,
} from '../../../src-renderer/format/amount-text'

const marks = (decimal: '.' | ',', group: string): NumberMarks => ({ locale: 'en', decimal, group })

/** Every decimal and grouping convention a shop's locale can have. */
const CONVENTIONS: readonly NumberMarks[] = [
  marks('.', ','),
  marks(',', '.'),
  marks('.', "'"),
  marks('.', '’'),
  marks('.', ' '),
  marks(',', ' '),
  marks(',', '\u00a0'),
  marks(',', '\u202f'),
]

/** A currency of each exponent: 0, 2 and 3 decimals. */
const CURRENCIES = [
  ['IDR', 0],
  ['JPY', 0],
  ['USD', 2],
  ['EUR', 2],
  ['KWD', 3],
  ['BHD', 3],
] as const

const english = numberMarks('en-US')
/** The largest amount a field takes, in major units (issue 22). */
const MAX_MAJOR_UNITS = 999_999_999_999

describe('the marks of a locale', () => {
  it('come from Intl, in Latin digits', () => {
    expect(numberMarks('de-DE')).toMatchObject({ decimal: ',', group: '.' })
    expect(numberMarks('fr-FR')).toMatchObject({ decimal: ',', group: '\u202f' })
    expect(numberMarks('de-CH')).toMatchObject({
      decimal: '.',
      group: expect.stringMatching(/^['’]$/),
    })
    expect(numberMarks('ar-KW')).toMatchObject({ decimal: '.', group: ',' })
    expect(amountExample(numberMarks('id-ID'))).toBe('1.234.567,89')
    expect(amountExample(numberMarks('en-US'))).toBe('1,234,567.89')
  })

  it('fall back to English for a tag Intl refuses', () => {
    expect(numberMarks('not a locale!')).toEqual({ locale: 'en', decimal: '.', group: ',' })
  })
})

describe('an amount as typed or pasted', () => {
  it('may carry the currency’s code or symbol before or after it', () => {
    const cases: [string, string, number][] = [
      ['idr 5.000', 'IDR', 5000],
      ['Rp. 5.000', 'IDR', 5000],
      ['5.000 Rp', 'IDR', 5000],
      ['US$ 12.50', 'USD', 1250],
      ['$12.50', 'USD', 1250],
      ['12.50 USD', 'USD', 1250],
      ['€1,234.56', 'EUR', 123_456],
      ['¥12,000', 'JPY', 12_000],
      ['￥12,000', 'JPY', 12_000],
      ['KWD 1.250', 'KWD', 1250],
    ]
    for (const [text, currency, minor] of cases)
      expect(parseAmountText(text, currency, english), text).toEqual({ ok: true, minor })
  })

  it('takes every kind of space, and digits of other scripts', () => {
    const french = numberMarks('fr-FR')
    for (const text of [
      '1 234,56',
      '1\u00a0234,56',
      '1\u202f234,56',
      ' 1234,56 ',
      '1234,56\u00a0€',
    ])
      expect(parseAmountText(text, 'EUR', french), text).toEqual({ ok: true, minor: 123_456 })
    expect(parseAmountText('١٢٣٤', 'IDR', english)).toEqual({ ok: true, minor: 1234 })
    expect(parseAmountText('１２３４', 'IDR', english)).toEqual({ ok: true, minor: 1234 })
  })

  it('takes a minus only where the field allows one, as either sign', () => {
    expect(parseAmountText('-5', 'USD', english)).toEqual({
      ok: false,
      message: 'Enter the amount without a minus sign.',
    })
    for (const text of ['-5', '\u22125', '-$5', '$-5'])
      expect(parseAmountText(text, 'USD', english, { allowNegative: true }), text).toEqual({
        ok: true,
        minor: -500,
      })
  })

  it('refuses marks the shop’s locale would not write, saying how it writes them', () => {
    const german = numberMarks('de-DE')
    expect(parseAmountText('12.50', 'EUR', german)).toEqual({
      ok: false,
      message:
        'Not an amount as this shop writes them: a dot groups thousands and a comma comes before the decimals, e.g. 1.234.500,00.',
    })
    for (const text of ['1,5', '1,23,456', '12,34', '1.2.3', '1..5', ',', 'abc', ''])
      expect(parseAmountText(text, 'USD', english).ok, text).toBe(false)
    for (const text of ['1.50', '300.000,000', '300,000.000', '3000.000', '.300'])
      expect(parseAmountText(text, 'IDR', english).ok, text).toBe(false)
  })

  it('names another currency rather than reading its amount', () => {
    expect(parseAmountText('USD 12', 'IDR', english)).toEqual({
      ok: false,
      message: 'This is an amount in USD; the shop counts in IDR.',
    })
  })

  it('reads dots and commas as thousands where the currency has no decimals', () => {
    for (const text of ['300.000', '300,000', '300 000', '300000'])
      expect(parseAmountText(text, 'IDR', numberMarks('de-DE')), text).toEqual({
        ok: true,
        minor: 300_000,
      })
  })

  it('stops at 999,999,999,999 major units in every currency', () => {
    for (const [currency, exponent] of CURRENCIES) {
      const largest = MAX_MAJOR_UNITS * 10 ** exponent
      expect(
        parseAmountText(formatAmountText(largest, currency, english), currency, english),
      ).toEqual({ ok: true, minor: largest })
      const above = parseAmountText(
        formatAmountText(largest + 1, currency, english),
        currency,
        english,
      )
      expect(above.ok, currency).toBe(false)
      expect(parseAmountText('9'.repeat(400), currency, english).ok).toBe(false)
    }
  })
})

describe('an amount regrouped as it is typed', () => {
  it('groups digits the locale’s way, moving the groups as digits come', () => {
    expect(regroupAmountText('300000', english)).toBe('300,000')
    expect(regroupAmountText('3,0000', english)).toBe('30,000')
    expect(regroupAmountText('12,34', english)).toBe('1,234')
    expect(regroupAmountText('-2500.5', english)).toBe('-2,500.5')
    expect(regroupAmountText('007', english)).toBe('7')
    expect(regroupAmountText('1234567,8', numberMarks('de-DE'))).toBe('1.234.567,8')
  })

  it('keeps every mark it did not put there', () => {
    for (const text of ['', '-', '1.5.', '1,234,5', '1,', '300.000', 'Rp 5000', '1e3'])
      expect(regroupAmountText(text, english), text).toBe(text)
  })
})

const amountAlphabet = fc.constantFrom(
  ..."0123456789.,'’ -−\u00a0\u202f$€¥Rp IDRKDUSe".split(''),
  '١',
  'US$',
)

describe('formatting and parsing', () => {
  it('is the identity for every exponent and convention, with or without the currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CONVENTIONS),
        fc.bigInt({ min: -999_999_999_999_999n, max: 999_999_999_999_999n }),
        fc.constantFrom('bare', 'code before', 'code after'),
        ([currency, exponent], convention, big, dress) => {
          const minor = Number(big) % (MAX_MAJOR_UNITS * 10 ** exponent + 1)
          const text = formatAmountText(minor, currency, convention)
          const written =
            dress === 'bare'
              ? text
              : dress === 'code before'
                ? `${currency}\u00a0${text}`
                : `${text} ${currency}`
          expect(parseAmountText(written, currency, convention, { allowNegative: true })).toEqual({
            ok: true,
            minor,
          })
          expect(regroupAmountText(text, convention)).toBe(text)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('never throws on any text, and regrouping never changes what a text means', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.array(amountAlphabet).map((a) => a.join('')),
        ),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CONVENTIONS),
        (text, [currency], convention) => {
          const read = parseAmountText(text, currency, convention, { allowNegative: true })
          expect(typeof read.ok).toBe('boolean')
          const regrouped = regroupAmountText(text, convention)
          if (read.ok)
            expect(
              parseAmountText(regrouped, currency, convention, { allowNegative: true }),
            ).toEqual(read)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
