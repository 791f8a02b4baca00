import { currencyExponent, formatMinorUnits } from '../../src-shared/domain/money'

const formatters = new Map<string, Intl.NumberFormat>()

/** What a screen or a run says in place of amounts while the shop's currency is unknown: never assumed. */
export const CURRENCY_UNKNOWN =
  'Till does not know the shop’s currency yet. It learns it from the first bills synced, or you can set it in Settings.'

/**
 * An amount in the merchant's currency format. The decimal text goes to Intl as a string, which it
 * formats exactly (no float division). A word joiner holds a leading minus to what follows: a line
 * may break after a hyphen-minus, which would leave "-" alone at the end of a line.
 */
export function formatMoney(minor: number, currency: string): string {
  let format = formatters.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency })
    formatters.set(currency, format)
  }
  const text = format.format(
    formatMinorUnits(minor, currencyExponent(currency)) as unknown as number,
  )
  return text.replace(/^-(?=\D)/, '-\u2060')
}
