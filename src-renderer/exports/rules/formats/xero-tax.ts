import type { RoleKey, XeroTaxRate } from '../accounts'
import type { JournalEntry, JournalLine } from '../journal-entry'

/**
 * Tax Xero's reports see, with amounts Xero books exactly as Till's journal.
 *
 * Xero's manual journal import takes an Amount with a taxable TaxRate as tax-exclusive and posts
 * the tax itself, to the rate's tax account (Xero's help, "Enter multiple manual journals using
 * an import template"). So a tax T of an entry, amount A at percentage r, is not written as its
 * own line: it becomes a line on the account the tax was charged on (Sales; an expense's
 * category) carrying T's Xero rate, with a tax-exclusive amount N such that the tax Xero works
 * out on N is A, and the no-tax line on that account shrinks by N. Per account Xero then holds
 * what Till's journal says: the base account (S − N) + N = S, the rate's tax account A.
 *
 * Xero's rounding, as its developer guide "Rounding in Xero" states it: tax is calculated per
 * line and rounded to two decimal places ("All monetary calculations in Xero are to two
 * decimals places"); third-party guides say the rounding is half to even. N is chosen so that
 * N × r / 100 lies strictly within half a hundredth of A, so any rounding to nearest gives A. For
 * a currency with two decimals a hundredth is the minor unit and such an N always exists
 * (0 < r ≤ 100: the steps of r / 100 are at most one minor unit); for a currency with fewer or
 * more decimals Xero's hundredths are not the currency's minor unit, an N may not exist, and the
 * tax then keeps its own no-tax line (and the Exports screen names the entry).
 */

/** A journal line as a Xero row: its TaxRate name, or null for the organisation's no-tax rate. */
export interface XeroLine extends JournalLine {
  taxRate: string | null
}

export interface XeroTaxSplit {
  lines: XeroLine[]
  /** Taxes with a Xero rate that keep their own no-tax line: no base amount gives their tax. */
  unmatched: string[]
}

const TAX_PAYABLE = 'tax-payable:'
const INPUT_TAX: RoleKey = 'input-tax'
/** How far from the first guess the base amount is searched, each way, in minor units. */
const SEARCH_STEPS = 3

/** The decimal digits of a percentage as a whole number over a power of ten: 7.7 → 77 / 10. */
function asFraction(percent: number): { numerator: bigint; scale: bigint } {
  const [whole = '0', fraction = ''] = String(percent).split('.')
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return { numerator: 0n, scale: 1n }
  return { numerator: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) }
}

/**
 * The tax-exclusive amount, in minor units of a currency with `exponent` decimals, on which Xero
 * works out exactly `tax` at `percent` (see the module comment); null when there is none near.
 */
function taxExclusiveBase(tax: number, percent: number, exponent: number): number | null {
  if (!(percent > 0 && percent <= 100) || !Number.isSafeInteger(tax) || tax === 0) return null
  const { numerator, scale } = asFraction(percent)
  if (numerator === 0n) return null
  // Xero's tax is A when it rounds to hundredths: for exponent > 2, A must be a whole number of
  // hundredths itself.
  if (exponent > 2 && tax % 10 ** (exponent - 2) !== 0) return null
  // |N × r / 100 − A| < ½ hundredth of the major unit, with r = p / s, in whole numbers:
  // 2 · |N·p − 100·s·A| < s · 10^exponent.
  const target = 100n * scale * BigInt(tax)
  const bound = scale * 10n ** BigInt(exponent)
  const exact = (base: bigint): boolean => {
    const difference = base * numerator - target
    return 2n * (difference < 0n ? -difference : difference) < bound
  }
  const guess = Math.round((tax * 100) / percent)
  for (let step = 0; step <= SEARCH_STEPS; step += 1)
    for (const base of step === 0 ? [guess] : [guess - step, guess + step])
      if (Math.sign(base) === Math.sign(tax) && exact(BigInt(base))) return base
  return null
}

/** The base role a tax line's tax was charged on: Sales for a bill's tax, the expense's category. */
function baseLineOf(entry: JournalEntry, taxLine: JournalLine): JournalLine | undefined {
  if (taxLine.role.startsWith(TAX_PAYABLE)) return entry.lines.find((l) => l.role === 'sales')
  if (taxLine.role === INPUT_TAX) return entry.lines.find((l) => l.role.startsWith('expense:'))
  return undefined
}

function taxName(role: RoleKey): string {
  return role.startsWith(TAX_PAYABLE) ? role.slice(TAX_PAYABLE.length) : 'Input tax'
}

/**
 * An entry's lines as Xero rows: each tax with a Xero rate (by its role key) and a known
 * percentage becomes a taxed line on its base account, the base line's no-tax amount reduced by
 * it; every other line keeps its amount and the no-tax rate. Zero lines are left out.
 */
export function xeroTaxLines(
  entry: JournalEntry,
  rates: Readonly<Record<RoleKey, XeroTaxRate>>,
  exponent: number,
): XeroTaxSplit {
  const reduction = new Map<JournalLine, number>()
  const taxed = new Map<JournalLine, XeroLine>()
  const unmatched: string[] = []
  for (const line of entry.lines) {
    const rate = rates[line.role]
    if (!rate) continue
    const percent = rate.percent ?? line.taxPercent
    const base = baseLineOf(entry, line)
    const amount = percent === undefined ? null : taxExclusiveBase(line.amount, percent, exponent)
    if (base === undefined || amount === null) {
      unmatched.push(taxName(line.role))
      continue
    }
    reduction.set(base, (reduction.get(base) ?? 0) + amount)
    taxed.set(line, {
      role: base.role,
      account: base.account,
      amount,
      memo: line.memo,
      taxRate: rate.name,
    })
  }
  const lines: XeroLine[] = entry.lines.map(
    (line) =>
      taxed.get(line) ?? {
        ...line,
        amount: line.amount - (reduction.get(line) ?? 0),
        taxRate: null,
      },
  )
  return { lines: lines.filter((line) => line.amount !== 0), unmatched }
}
