const NAMES: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  qris: 'QRIS',
  bank_transfer: 'Bank transfer',
  e_wallet: 'E-wallet',
}

/** A payment method as people say it; an unknown method keeps its own name, made readable. */
export function methodName(method: string): string {
  const known = NAMES[method]
  if (known) return known
  const words = method.replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : method
}

/** The name inside a sentence: "Counted card", "Net QRIS". */
export function methodNameInText(method: string): string {
  const name = methodName(method)
  return name === name.toUpperCase() ? name : name[0]!.toLowerCase() + name.slice(1)
}
