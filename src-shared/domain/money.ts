/**
 * Money inside Till is integer minor units (cents, fils, rupiah), converted exactly: a whole
 * number by multiplication while the product stays a safe integer, anything else from its decimal
 * text, never by multiplying a fraction. The exponent comes from the currency.
 */

const exponents = new Map<string, number>()

export class MoneyError extends Error {
  override name = 'MoneyError'
}

/** Digits after the decimal point for a currency: IDR 0, USD 2, KWD 3. */
export function currencyExponent(currency: string): number {
  const code = currency.trim().toUpperCase()
  let exponent = exponents.get(code)
  if (exponent === undefined) {
    if (!/^[A-Z]{3}$/.test(code)) throw new MoneyError(`“${currency}” is not a currency code`)
    try {
      exponent = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
      }).resolvedOptions().maximumFractionDigits as number
    } catch {
      throw new MoneyError(`“${currency}” is not a currency code`)
    }
    exponents.set(code, exponent)
  }
  return exponent
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/**
 * Parses a decimal amount (JSON number or numeric text such as "12.50", "-3", "1e3") into minor
 * units. Throws when the value has more precision than the currency allows (12.345 USD) or is not
 * a finite number: such a record is quarantined rather than rounded.
 */
export function toMinorUnits(value: number | string, exponent: number): number {
  // A whole number times 10^exponent is exact while the product stays a safe integer; the text
  // below handles the rest (IDR's amounts are all whole, and this runs for every amount synced).
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    const minor = value * 10 ** exponent
    if (Number.isSafeInteger(minor)) return minor === 0 ? 0 : minor
  }
  // A JS number's shortest round-trip text is exactly the decimal the JSON carried.
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/_/g, '')
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === ''))
    throw new MoneyError(`“${text}” is not an amount`)
  const [, sign, whole = '', fraction = '', exp = '0'] = match
  const shift = Number(exp) + exponent
  let digits = whole + fraction
  let point = whole.length + shift
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  const integerDigits = digits.slice(0, point).padEnd(point, '0')
  const rest = digits.slice(point)
  if (/[1-9]/.test(rest)) throw new MoneyError(`${text} has more than ${exponent} decimal places`)
  const minor = Number(integerDigits || '0')
  if (!Number.isSafeInteger(minor)) throw new MoneyError(`${text} is too large`)
  return sign === '-' && minor !== 0 ? -minor : minor
}

/** Plain decimal text in major units: 1250 → "12.50" (USD), 25000 → "25000" (IDR). */
export function formatMinorUnits(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor))
    throw new MoneyError(`${minor} is not a whole number of minor units`)
  const negative = minor < 0
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0')
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
  return negative ? `-${text}` : text
}

/** Adds two amounts, refusing to leave the range where integers are exact (no array per step). */
export function addMinor(a: number, b: number): number {
  const total = a + b
  if (!Number.isSafeInteger(total)) throw new MoneyError('A sum left the range of exact integers')
  return total
}

/** Adds amounts, or each item's `amount`, refusing to leave the range where integers are exact. */
export function sumMinor(values: Iterable<number>): number
export function sumMinor<T>(items: Iterable<T>, amount: (item: T) => number): number
export function sumMinor<T>(items: Iterable<T>, amount?: (item: T) => number): number {
  let total = 0
  for (const item of items) total = addMinor(total, amount ? amount(item) : (item as number))
  return total
}

/** Basis points of an amount, rounded half up, exactly (no float multiplication). */
export function basisPointsOf(amount: number, basisPoints: number): number {
  const result = (BigInt(amount) * BigInt(basisPoints) + 5000n) / 10000n
  const minor = Number(result)
  if (!Number.isSafeInteger(minor)) throw new MoneyError('A fee left the range of exact integers')
  return minor
}
