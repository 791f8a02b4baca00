import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import {
  roleKey,
  type RoleKey,
  type XeroTaxRate,
} from '../../../../../src-renderer/exports/rules/accounts'
import type { JournalEntry } from '../../../../../src-renderer/exports/rules/journal-entry'
import {
  writeXeroJournal,
  XERO_DEFAULTS,
} from '../../../../../src-renderer/exports/rules/formats/xero'
import { xeroTaxLines } from '../../../../../src-renderer/exports/rules/formats/xero-tax'
import { collectParts } from '../../../../support/exports/collect'
import { parseCsvFile } from '../../../../support/exports/csv-parse'
import { perBill, perSession } from '../../../../support/exports/journals'
import { shopArbitrary, TAX_NAMES, type Shop } from '../../../../support/exports/shop'

/** Round half to even of num / den (den > 0), as Xero rounds tax (see xero-tax.ts). */
function roundHalfEven(num: bigint, den: bigint): bigint {
  const floor = num >= 0n ? num / den : -((-num + den - 1n) / den)
  const twice = 2n * (num - floor * den)
  if (twice > den || (twice === den && floor % 2n !== 0n)) return floor + 1n
  return floor
}

/** A percentage as p / s in whole numbers, read from its decimal text. */
function fraction(percent: number): [bigint, bigint] {
  const [whole, decimals = ''] = String(percent).split('.')
  return [BigInt(`${whole}${decimals}`), 10n ** BigInt(decimals.length)]
}

/**
 * Amounts per account after Xero imports the rows, as Xero's help and developer guide describe
 * it: a row with a taxable rate is tax-exclusive, and Xero adds the rate's tax, worked out per row
 * and rounded half to even to hundredths of the major unit, to the rate's tax account. Amounts in
 * units of 10^−max(exponent, 2) of the major unit, so that hundredths and minor units both fit.
 */
function xeroBooks(
  rows: Record<string, string>[],
  exponent: number,
  rates: ReadonlyMap<string, { percent: number; taxAccount: string }>,
): { perAccount: Map<string, bigint>; perJournal: Map<string, bigint> } {
  const digits = Math.max(exponent, 2)
  const fromMinor = 10n ** BigInt(digits - exponent)
  const fromHundredths = 10n ** BigInt(digits - 2)
  const perAccount = new Map<string, bigint>()
  const perJournal = new Map<string, bigint>()
  const add = (map: Map<string, bigint>, key: string, amount: bigint): void => {
    map.set(key, (map.get(key) ?? 0n) + amount)
  }
  for (const row of rows) {
    const minor = BigInt(toMinorUnits(row.Amount!, exponent))
    add(perAccount, row.AccountCode!, minor * fromMinor)
    add(perJournal, row.Narration!, minor * fromMinor)
    if (row.TaxRate === XERO_DEFAULTS.taxRate) continue
    const rate = rates.get(row.TaxRate!)
    if (!rate) throw new Error(`No rate ${row.TaxRate}`)
    const [p, s] = fraction(rate.percent)
    const tax = roundHalfEven(minor * p, 10n ** BigInt(exponent) * s) * fromHundredths
    add(perAccount, rate.taxAccount, tax)
    add(perJournal, row.Narration!, tax)
  }
  return { perAccount, perJournal }
}

/** Debit-positive movement per account code of Till's own journal, in the same units. */
function journalBooks(entries: readonly JournalEntry[], exponent: number): Map<string, bigint> {
  const fromMinor = 10n ** BigInt(Math.max(exponent, 2) - exponent)
  const books = new Map<string, bigint>()
  for (const entry of entries)
    for (const line of entry.lines)
      books.set(
        line.account.code,
        (books.get(line.account.code) ?? 0n) + BigInt(line.amount) * fromMinor,
      )
  return books
}

const nonZero = (books: Map<string, bigint>): [string, bigint][] =>
  [...books].filter(([, amount]) => amount !== 0n).sort(([a], [b]) => a.localeCompare(b))

const percent = fc.oneof(
  fc.constantFrom(11, 12.5, 7.7, 0.1, 10, 15, 100),
  fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
)

/** The shop with each tax charged at its own percentage, as the bills would carry it. */
function atRates(shop: Shop, percents: readonly number[]): Shop {
  const rateOf = (name: string): number => percents[TAX_NAMES.indexOf(name)] ?? 10
  return {
    ...shop,
    bills: shop.bills.map((bill) => ({
      ...bill,
      taxes: bill.taxes.map((t) => ({ ...t, rate: rateOf(t.name) })),
    })),
  }
}

/**
 * The tax-exclusive amount Xero's row for a sale's `tax` at `percent` carries, or null when the
 * tax is left unmatched (kept on a no-tax line of its own).
 */
function taxExclusiveBase(tax: number, percent: number, exponent: number): number | null {
  const entry: JournalEntry = {
    id: 'bill:1',
    kind: 'bill',
    date: '2026-11-20',
    currency: 'USD',
    description: 'Sale',
    payee: null,
    billId: '1',
    registerSessionId: null,
    locationId: '101',
    paymentIds: [],
    lines: [
      {
        role: 'sales',
        account: { code: '4000', name: 'Sales', kind: 'income' },
        amount: -(tax * 100),
        memo: 'Sales',
      },
      {
        role: 'tax-payable:VAT',
        account: { code: '2100', name: 'VAT', kind: 'liability' },
        amount: tax,
        memo: 'VAT',
        taxPercent: percent,
      },
    ],
  }
  const split = xeroTaxLines(entry, { 'tax-payable:VAT': { name: 'VAT on Income' } }, exponent)
  if (split.unmatched.length > 0) return null
  return split.lines.find((line) => line.taxRate === 'VAT on Income')!.amount
}

describe('the tax-exclusive amount of a Xero row', () => {
  it('finds the amount Xero taxes to exactly the tax posted', () => {
    expect(taxExclusiveBase(1100, 11, 2)).toBe(10_000)
    // 12.5 % of 8.01 is 1.00125, rounding to 1.00.
    expect(taxExclusiveBase(100, 12.5, 2)).toBe(800)
    expect(taxExclusiveBase(-77, 7.7, 2)).toBe(-1000)
    expect(taxExclusiveBase(1, 0.1, 2)).toBe(1000)
  })

  it('finds none where Xero’s hundredths cannot give the tax of a whole-unit currency', () => {
    // IDR 1,101 at 11 %: N × 0.11 is never within half a hundredth of 1,101.
    expect(taxExclusiveBase(1101, 11, 0)).toBeNull()
    expect(taxExclusiveBase(1100, 11, 0)).toBe(10_000)
    // KWD 0.105 is no whole number of hundredths, which is all Xero's tax can be.
    expect(taxExclusiveBase(105, 10, 3)).toBeNull()
  })

  it('exists within its search for every tax and percentage of a two-decimal currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), percent, (tax, r) => {
        fc.pre(tax !== 0)
        const base = taxExclusiveBase(tax, r, 2)
        expect(base).not.toBeNull()
        const [p, s] = fraction(r)
        expect(roundHalfEven(BigInt(base!) * p, 100n * s)).toBe(BigInt(tax))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('Xero rows with mapped tax rates', () => {
  it('leave every account, once Xero adds its tax, where the journal puts it, and every journal balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        shopArbitrary({ consistent: false }),
        fc.array(percent, { minLength: TAX_NAMES.length, maxLength: TAX_NAMES.length }),
        fc.boolean(),
        percent,
        fc.boolean(),
        async (generated, percents, perSessionMode, inputPercent, mapAll) => {
          const shop = atRates(generated, percents)
          const exponent = currencyExponent(shop.currency)
          const build = (perSessionMode ? perSession : perBill)(shop)
          // Every tax mapped, or every other one (the rest stay Tax Exempt with their own line).
          const mapped = TAX_NAMES.filter((_, i) => mapAll || i % 2 === 0)
          const taxRates: Record<RoleKey, XeroTaxRate> = {
            'input-tax': { name: 'GST on Expenses', percent: inputPercent },
          }
          const rates = new Map<string, { percent: number; taxAccount: string }>()
          const taxAccount = (key: RoleKey): string | undefined =>
            build.entries.flatMap((e) => e.lines).find((l) => l.role === key)?.account.code
          for (const [i, name] of TAX_NAMES.entries()) {
            if (!mapped.includes(name)) continue
            const key = roleKey({ type: 'tax-payable', tax: name })
            taxRates[key] = { name: `${name} on Income` }
            rates.set(`${name} on Income`, {
              percent: percents[i]!,
              taxAccount: taxAccount(key) ?? '-',
            })
          }
          rates.set('GST on Expenses', {
            percent: inputPercent,
            taxAccount: taxAccount('input-tax') ?? '-',
          })
          const unmatched: string[] = []
          const parts = await collectParts(
            writeXeroJournal(
              [build.entries],
              { ...XERO_DEFAULTS, taxRates, maxLinesPerFile: 100_000 },
              (entry, taxes) => unmatched.push(...taxes.map((t) => `${entry.id} ${t}`)),
            ),
          )
          const rows = parts.flatMap(parseCsvFile)
          const xero = xeroBooks(rows, exponent, rates)
          expect(nonZero(xero.perAccount)).toEqual(nonZero(journalBooks(build.entries, exponent)))
          for (const [journal, sum] of xero.perJournal)
            expect([journal, sum]).toEqual([journal, 0n])
          // The mapped taxes of a two-decimal currency all go out taxed, but where an entry has
          // no line the tax was charged on.
          if (exponent === 2)
            for (const miss of unmatched) {
              const entry = build.entries.find((e) => miss.startsWith(`${e.id} `))!
              const base = miss.endsWith(' Input tax') ? /^expense:/ : /^sales$/
              expect(entry.lines.some((l) => base.test(l.role))).toBe(false)
            }
          const taxed = rows.filter((r) => r.TaxRate !== XERO_DEFAULTS.taxRate)
          // An entry whose mapped tax Xero could not put on a line (reported as unmatched) has
          // nothing to tax, so only the others must bring taxed rows.
          const taxable = build.entries.filter(
            (e) =>
              e.lines.some((l) => taxRates[l.role]) &&
              !unmatched.some((miss) => miss.startsWith(`${e.id} `)),
          )
          if (exponent === 2 && taxable.length > 0) expect(taxed.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 150 },
    )
  })
})
