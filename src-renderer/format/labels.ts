/**
 * The one way Till prints a code the service sends (payment method, expense category) and a tax:
 * every screen, filter and journal description goes through here, so `bank_transfer` reads
 * "Bank transfer" everywhere and an unknown code is made readable instead of shown raw.
 */

const METHOD_NAMES: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  qris: 'QRIS',
  bank_transfer: 'Bank transfer',
  e_wallet: 'E-wallet',
}

/** Words with their first letter made a capital: "the pay-in …" → "The pay-in …". */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** `pos_voucher` → "Pos voucher", `late-fee` → "Late fee"; text already readable stays. */
function humanise(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim()
  return words === '' ? code : capitalised(words)
}

/** A payment method as people say it. */
export function methodLabel(method: string): string {
  return METHOD_NAMES[method] ?? humanise(method)
}

/** The method inside a sentence: "Counted card", "Net QRIS". */
export function methodLabelInText(method: string): string {
  const name = methodLabel(method)
  return name === name.toUpperCase() ? name : name[0]!.toLowerCase() + name.slice(1)
}

/** An expense category as people say it. */
export function categoryLabel(category: string): string {
  return humanise(category)
}

/**
 * "VAT 11%", or the name alone when the service gave no rate or the name states it already
 * ("VAT 5%" at 5 stays "VAT 5%", not "VAT 5% 5 %").
 */
export function taxLabel(tax: { name: string; rate: number | null }): string {
  if (tax.rate === null) return tax.name
  const stated = new RegExp(`(^|[^0-9.])${String(tax.rate).replace('.', '\\.')}\\s*%`)
  return stated.test(tax.name) ? tax.name : `${tax.name} ${tax.rate}%`
}
