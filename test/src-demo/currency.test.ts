/** Money (amounts: exact major units, exponent from Intl), time zones and options. */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidOptionError } from '../../src-demo/demo-errors'
import { Currency, mulDivFloor, mulDivRound, niceRound } from '../../src-demo/currency'
import { resolveOptions } from '../../src-demo/options'
import { MerchantTimeZone } from '../../src-demo/time-zone'

describe('Currency', () => {
  it('takes the exponent from Intl: IDR 0, JPY 0, USD 2, KWD 3', () => {
    expect(['IDR', 'JPY', 'USD', 'KWD'].map((code) => new Currency(code).exponent)).toEqual([
      0, 0, 2, 3,
    ])
  })

  it('renders minor units as exact major-unit JSON numbers', () => {
    expect(JSON.stringify(new Currency('USD').toMajor(1250))).toBe('12.5')
    expect(JSON.stringify(new Currency('IDR').toMajor(25000))).toBe('25000')
    expect(JSON.stringify(new Currency('KWD').toMajor(1250))).toBe('1.25')
    expect(JSON.stringify(new Currency('KWD').toMajor(1))).toBe('0.001')
    expect(JSON.stringify(new Currency('USD').toMajor(-5))).toBe('-0.05')
    expect(JSON.stringify(new Currency('USD').toMajor(0))).toBe('0')
  })

  it('round-trips any amount through its JSON text, in every exponent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('IDR', 'USD', 'KWD'),
        fc.integer({ min: -1e13, max: 1e13 }),
        (code, minor) => {
          const currency = new Currency(code)
          const text = JSON.stringify(currency.toMajor(minor))
          const [whole, fraction = ''] = text.replace('-', '').split('.')
          expect(fraction.length).toBeLessThanOrEqual(currency.exponent)
          const back = Number(`${whole}${fraction.padEnd(currency.exponent, '0')}`)
          expect(minor < 0 ? -back : back).toBe(minor)
          expect(currency.toMinor(text)).toBe(minor)
        },
      ),
    )
  })

  it('reads major units exactly and refuses more decimals than the currency has', () => {
    const usd = new Currency('USD')
    expect(usd.toMinor(1.5)).toBe(150)
    expect(usd.toMinor('45.10')).toBe(4510)
    expect(usd.toMinor('1.500')).toBe(150)
    expect(usd.toMinor(1.005)).toBeNull()
    expect(usd.toMinor('1,50')).toBeNull()
    expect(new Currency('IDR').toMinor(25000.5)).toBeNull()
  })

  it('refuses a code that is not ISO 4217 shaped', () => {
    expect(() => new Currency('usd')).toThrow(InvalidOptionError)
    expect(() => new Currency('DOLLAR')).toThrow(InvalidOptionError)
  })

  it('prices look like shop prices in each currency', () => {
    expect(new Currency('USD').priceFromUsd(3.8)).toBe(380)
    expect(new Currency('IDR').priceFromUsd(3.8) % 500).toBe(0)
    expect(new Currency('KWD').priceFromUsd(3.8) % 5).toBe(0)
    expect([4321, 61234, 7, 1].map(niceRound)).toEqual([4300, 61000, 7, 1])
  })
})

describe('integer share arithmetic', () => {
  it('mulDivFloor is exact past 2^53', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (a, b, c) => {
          expect(mulDivFloor(a, b, c)).toBe(Number((BigInt(a) * BigInt(b)) / BigInt(c)))
        },
      ),
    )
  })

  it('mulDivRound rounds half up', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3)
    expect(mulDivRound(4, 1, 3)).toBe(1)
    expect(mulDivRound(110, 10, 110)).toBe(10)
    expect(mulDivRound(105, 10, 110)).toBe(10) // 9.545… → 10
  })
})

describe('MerchantTimeZone', () => {
  it('formats ISO 8601 with the offset of the moment, across DST', () => {
    const newYork = new MerchantTimeZone('America/New_York')
    expect(newYork.formatIso(Date.parse('2026-01-15T17:00:00Z') / 1000)).toBe(
      '2026-01-15T12:00:00-05:00',
    )
    expect(newYork.formatIso(Date.parse('2026-07-15T16:00:00Z') / 1000)).toBe(
      '2026-07-15T12:00:00-04:00',
    )
    expect(new MerchantTimeZone('Asia/Kolkata').formatIso(0)).toBe('1970-01-01T05:30:00+05:30')
    expect(new MerchantTimeZone('Asia/Jakarta').formatIso(1795000000)).toMatch(/\+07:00$/)
  })

  it('finds the instant of a local wall time, also on DST days', () => {
    const london = new MerchantTimeZone('Europe/London')
    const day = { year: 2026, month: 3, day: 29 } // clocks go forward at 01:00 UTC
    expect(london.formatIso(london.instantAt(day, 12 * 3600))).toBe('2026-03-29T12:00:00+01:00')
    expect(london.formatIso(london.instantAt(day, 25 * 3600))).toBe('2026-03-30T01:00:00+01:00')
    expect(london.localDate(london.instantAt(day, 0))).toEqual(day)
  })

  it('parses ISO 8601 bounds: Z, offsets, local times and bare dates; null when malformed', () => {
    const jakarta = new MerchantTimeZone('Asia/Jakarta')
    const instant = Date.parse('2026-11-20T12:05:00Z')
    expect(jakarta.parseIso('2026-11-20T12:05:00Z')).toBe(instant)
    expect(jakarta.parseIso('2026-11-20T19:05:00+07:00')).toBe(instant)
    expect(jakarta.parseIso('2026-11-20T19:05:00+0700')).toBe(instant)
    expect(jakarta.parseIso('2026-11-20T19:05')).toBe(instant)
    expect(jakarta.parseIso('2026-11-20T19:05:00.250+07:00')).toBe(instant + 250)
    expect(jakarta.parseIso('2026-11-21')).toBe(Date.parse('2026-11-20T17:00:00Z'))
    for (const bad of ['2026-11-31', '2026-13-01T00:00:00Z', '2026-11-20T24:00:00Z', 'now', '']) {
      expect(jakarta.parseIso(bad)).toBeNull()
    }
  })

  it('refuses an unknown zone', () => {
    expect(() => new MerchantTimeZone('Mars/Olympus_Mons')).toThrow(InvalidOptionError)
  })
})

describe('options', () => {
  it('defaults: both scopes, random secrets with a whsec_ signing secret, now to the minute', () => {
    const a = resolveOptions({})
    const b = resolveOptions({})
    expect(a.scopes).toEqual(['r/history-bill', 'r/read-expenses'])
    expect(a.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/)
    expect(a.appKey).not.toBe(b.appKey)
    expect(a.controlToken).not.toBe(a.appKey)
    expect(a.startAt % 60).toBe(0)
    expect(a.port).toBe(0)
  })

  it.each([
    [{ webhookSecret: 'secret' }, 'webhookSecret'],
    [{ appKey: 'same', controlToken: 'same' }, 'controlToken'],
    [{ now: 'tomorrow' }, 'now'],
    [{ days: -1 }, 'days'],
    [{ locations: 0 }, 'locations'],
    [{ billsPerSession: 2.5 }, 'billsPerSession'],
    [{ webhookDuplicateRate: 2 }, 'webhookDuplicateRate'],
    [{ livePace: 0 }, 'livePace'],
    [{ webhookUrl: 'ftp://x' }, 'webhookUrl'],
  ])('refuses %j naming %s', (given, option) => {
    expect(() => resolveOptions(given)).toThrow(InvalidOptionError)
    expect(() => resolveOptions(given)).toThrow(option)
  })
})
