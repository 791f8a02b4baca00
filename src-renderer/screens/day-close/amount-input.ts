import { currencyExponent, formatMinorUnits, toMinorUnits } from '../../../src-shared/domain/money'

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string }

/**
 * An amount typed by the manager, in major units with a dot for decimals ("1250000", "12.50").
 * Spaces are ignored; a comma is refused rather than guessed (in many locales it is the decimal
 * point, in others a thousands separator).
 */
export function parseAmount(
  text: string,
  currency: string,
  { allowNegative = false } = {},
): ParsedAmount {
  const exponent = currencyExponent(currency)
  const example = formatMinorUnits(125_000 * 10 ** exponent, exponent)
  const compact = text.replace(/[\s\u00a0\u202f]/g, '')
  const pattern = allowNegative ? /^-?\d+(\.\d*)?$/ : /^\d+(\.\d*)?$/
  if (!pattern.test(compact))
    return { ok: false, message: `Enter digits only, with a dot for decimals, e.g. ${example}.` }
  const decimals = compact.split('.')[1]?.length ?? 0
  if (decimals > exponent)
    return {
      ok: false,
      message:
        exponent === 0
          ? `${currency} has no decimals.`
          : `${currency} has at most ${exponent} decimals.`,
    }
  return { ok: true, minor: toMinorUnits(compact, exponent) }
}

/** What an empty amount field shows: "0", "0.00", "0.000". */
export function amountPlaceholder(currency: string): string {
  return formatMinorUnits(0, currencyExponent(currency))
}
