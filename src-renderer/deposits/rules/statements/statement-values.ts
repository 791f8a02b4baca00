import { currencyExponent, MoneyError, toMinorUnits } from '../../../../src-shared/domain/money'
import { StatementReadError } from '../bank-line'

/**
 * The values machine-written statements (OFX, CAMT.053, MT940) carry, read exactly: decimal
 * amounts into minor units (never through a float) and calendar dates checked to exist.
 */

const MACHINE_DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/

/**
 * "1500000.00", "-12.5", "12,50" (MT940 and some OFX write a comma): minor units of `currency`.
 * Zeros past the currency's decimals are fine (IDR "150000.00"); any other digit there, or
 * anything not a plain decimal, refuses the file at `where`.
 */
export function machineAmount(text: string, currency: string, where: string): number {
  const plain = text.trim()
  if (!MACHINE_DECIMAL.test(plain))
    throw new StatementReadError(`“${text}” is not an amount`, where)
  try {
    return toMinorUnits(plain.replace(',', '.'), currencyExponent(currency))
  } catch (error) {
    if (error instanceof MoneyError) throw new StatementReadError(error.message, where)
    throw error
  }
}

/** A three-letter currency code Intl knows, upper-cased; else the file is refused at `where`. */
export function currencyCode(text: string, where: string): string {
  const code = text.trim().toUpperCase()
  try {
    currencyExponent(code)
  } catch {
    throw new StatementReadError(`“${text}” is not a currency code`, where)
  }
  return code
}

/**
 * Refuses, at `where`, a statement of a file that does not open at the balance the one before it
 * closed at (a statement missing between them, or out of order); either unknown is not refused.
 */
export function checkChained(
  opening: number | undefined,
  closedBefore: number | undefined,
  where: string,
): void {
  if (opening === undefined || closedBefore === undefined || opening === closedBefore) return
  throw new StatementReadError(
    `this statement opens at ${opening} minor units, but the one before it closed at ${closedBefore}: a statement is missing between them or they are out of order`,
    where,
  )
}

/** The years a bank line may be booked in: a statement of 2999 is a typing or export fault. */
const FIRST_YEAR = 1900
const LAST_YEAR = 2099

/**
 * The year a two-digit year means, in the window from 79 years before `thisYear` to 20 after it:
 * in 2026, MT940's "991231" is 1999-12-31 and "300101" 2030-01-01.
 */
export function fullYear(twoDigits: number, thisYear: number): number {
  const year = thisYear - (thisYear % 100) + twoDigits
  if (year > thisYear + 20) return year - 100
  if (year <= thisYear - 80) return year + 100
  return year
}

/** YYYY-MM-DD of a year, month and day, if that day exists in a year a bank books; else null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) return null
  const time = Date.UTC(year, month - 1, day)
  const date = new Date(time)
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/** "20261120", "20261120120000.000[+7:WIB]" (OFX), "2026-11-20", "2026-11-20T10:00:00+07:00" (CAMT). */
export function machineDate(text: string, where: string): string {
  const match = /^\s*(\d{4})-?(\d{2})-?(\d{2})(?:$|[T\d\s[])/.exec(text)
  const date = match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null
  if (!date) throw new StatementReadError(`“${text}” is not a date`, where)
  return date
}

/** The longest code or reference the formats allow (CAMT's Max35Text; MT940's are shorter). */
const MAX_BANK_CODE = 35
const NO_REFERENCE = new Set(['NONREF', 'NOTPROVIDED'])

/**
 * A line's transaction kind and reference as `StatementLine` keeps them: trimmed, and left out
 * when empty, when they say there is none (NONREF, NOTPROVIDED), or when longer than any format
 * allows.
 */
export function bankCodes(
  kind: string | undefined,
  reference: string | undefined,
): { bankKind?: string; bankReference?: string } {
  const kept = (value: string | undefined) => {
    const code = value?.trim() ?? ''
    return code !== '' && code.length <= MAX_BANK_CODE && !NO_REFERENCE.has(code) ? code : null
  }
  const [bankKind, bankReference] = [kept(kind), kept(reference)]
  return { ...(bankKind ? { bankKind } : {}), ...(bankReference ? { bankReference } : {}) }
}
