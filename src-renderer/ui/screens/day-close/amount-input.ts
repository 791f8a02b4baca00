import {
  currencyExponent,
  formatMinorUnits,
  toMinorUnits,
} from '../../../../src-shared/domain/money'

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string }

const SPACES = /[\s\u00a0\u202f]/g
/** Digits in groups of three, every group after the first after the same separator. */
const GROUPED = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/

/**
 * An amount typed by the manager, in major units. Spaces are ignored. In a currency without
 * decimals (IDR, JPY) a dot and a comma can only group thousands, so "300.000" and "300,000" are
 * both three hundred thousand, as each locale writes it. In a currency with decimals the dot is the
 * decimal point and a comma is refused rather than guessed (in many locales it is the decimal
 * point, in others a thousands separator).
 */
export function parseAmount(
  text: string,
  currency: string,
  { allowNegative = false } = {},
): ParsedAmount {
  const exponent = currencyExponent(currency)
  const compact = text.replace(SPACES, '')
  const negative = allowNegative && compact.startsWith('-')
  const magnitude = negative ? compact.slice(1) : compact
  if (exponent === 0 && GROUPED.test(magnitude)) {
    const digits = magnitude.replace(/[.,]/g, '')
    return { ok: true, minor: toMinorUnits(negative ? `-${digits}` : digits, 0) }
  }
  if (!/^\d+(\.\d*)?$/.test(magnitude)) return { ok: false, message: amountHint(currency) }
  const decimals = magnitude.split('.')[1]?.length ?? 0
  if (decimals > exponent)
    return {
      ok: false,
      message:
        exponent === 0
          ? `${currency} has no decimals: ${amountHint(currency)}`
          : `${currency} has at most ${exponent} decimals.`,
    }
  return { ok: true, minor: toMinorUnits(compact, exponent) }
}

/** What an amount field accepts, in words, with an example in the currency's own decimals. */
export function amountHint(currency: string): string {
  const exponent = currencyExponent(currency)
  if (exponent === 0)
    return 'Enter whole amounts; 300.000, 300,000 and 300000 all mean three hundred thousand.'
  return `Enter digits with a dot for decimals, e.g. ${formatMinorUnits(125_000 * 10 ** exponent, exponent)}.`
}

const groupSeparator =
  new Intl.NumberFormat().formatToParts(1000).find((p) => p.type === 'group')?.value ?? ','

/**
 * The text of an amount field regrouped as it is typed, in a currency without decimals: plain
 * digits, digits grouped by threes, or digits with this locale's group separator (the ones this
 * function put there) come back grouped the locale's way ("300000" and "300.000" become "300,000"
 * in an English locale). Any other text is left as typed, for the parser to explain.
 */
export function groupAsTyped(text: string, currency: string): string {
  if (currencyExponent(currency) !== 0) return text
  const match = /^(-?)(.*)$/.exec(text.replace(SPACES, ''))!
  const [, sign, body] = match as unknown as [string, string, string]
  const ours = body.split(groupSeparator).every((part) => /^\d*$/.test(part))
  if (!/\d/.test(body) || !(ours || GROUPED.test(body))) return text
  const digits = body.replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  return `${sign}${digits.replace(/\B(?=(\d{3})+$)/g, groupSeparator)}`
}

/** What an empty amount field shows: "0", "0.00", "0.000". */
export function amountPlaceholder(currency: string): string {
  return formatMinorUnits(0, currencyExponent(currency))
}
