/**
 * Money inside the simulator is integer minor units. This module holds the currency rules:
 * the exponent, exact rendering to major units, integer arithmetic for shares and taxes, and
 * "nice" shop prices in any currency.
 */

import { InvalidOptionError } from './demo-errors'

/** Rough value of one major unit in US dollars, only to make prices look local. */
const UNITS_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  AUD: 1.52,
  SGD: 1.35,
  MYR: 4.7,
  THB: 36,
  PHP: 57,
  VND: 25000,
  IDR: 16000,
  INR: 83,
  JPY: 150,
  KRW: 1350,
  KWD: 0.31,
  BHD: 0.38,
  OMR: 0.38,
  JOD: 0.71,
  TND: 3.1,
}

export class Currency {
  readonly exponent: number
  private readonly scale: number

  constructor(readonly code: string) {
    if (!/^[A-Z]{3}$/.test(code)) {
      throw new InvalidOptionError(
        'currency',
        `expected an ISO 4217 code such as USD, got "${code}"`,
      )
    }
    this.exponent = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: code,
    }).resolvedOptions().maximumFractionDigits as number
    this.scale = 10 ** this.exponent
  }

  /** Minor units as a JSON-ready number in major units, built from the digits so it is exact. */
  toMajor(minor: number): number {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`)
    if (this.exponent === 0) return minor
    const digits = Math.abs(minor)
      .toString()
      .padStart(this.exponent + 1, '0')
    const cut = digits.length - this.exponent
    const text = `${minor < 0 ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`
    return Number(text)
  }

  /**
   * Major units (a JSON number or decimal text) as integer minor units, exactly; null when the
   * value is not a plain decimal with at most the currency's decimals.
   */
  toMinor(major: number | string): number | null {
    const text = typeof major === 'number' ? String(major) : major.trim()
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
    if (!match) return null
    const [, sign, whole, fraction = ''] = match
    if (fraction.replace(/0+$/, '').length > this.exponent) return null
    const minor = Number(`${whole}${fraction.padEnd(this.exponent, '0').slice(0, this.exponent)}`)
    if (!Number.isSafeInteger(minor)) return null
    return sign === '-' ? -minor : minor
  }

  /** A price of about `usd` US dollars in this currency, rounded to what a shop would charge. */
  priceFromUsd(usd: number): number {
    const rate = UNITS_PER_USD[this.code] ?? 1
    return niceRound(Math.max(1, Math.round(usd * rate * this.scale)))
  }
}

/** Rounds to half of the second significant digit's step (4 321 → 4 300, 61 234 → 61 000). */
export function niceRound(minor: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(minor)) - 1)
  const step = magnitude >= 2 ? magnitude / 2 : 1
  return Math.max(step, Math.round(minor / step) * step)
}

/** floor(a × b / c) for non-negative integers, exact even when a × b passes 2^53. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b
  if (Number.isSafeInteger(product)) return Math.floor(product / c)
  return Number((BigInt(a) * BigInt(b)) / BigInt(c))
}

/** round-half-up(a × b / c) for non-negative integers (floor(2x) − floor(x) rounds x half up). */
export function mulDivRound(a: number, b: number, c: number): number {
  return mulDivFloor(2 * a, b, c) - mulDivFloor(a, b, c)
}
