import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import {
  defaultAccount,
  type AccountRole,
  roleKey,
} from '../../../../../src-renderer/exports/rules/accounts'
import {
  balancedEntry,
  type JournalEntry,
} from '../../../../../src-renderer/exports/rules/journal-entry'
import { formatDate } from '../../../../../src-renderer/exports/rules/formats/dates'
import { writeJournalCsv } from '../../../../../src-renderer/exports/rules/formats/journal-csv'
import {
  QUICKBOOKS_DEFAULTS,
  writeQuickBooksJournal,
} from '../../../../../src-renderer/exports/rules/formats/quickbooks'
import {
  writeXeroJournal,
  XERO_DEFAULTS,
} from '../../../../../src-renderer/exports/rules/formats/xero'
import { collectParts, collectText, slices } from '../../../../support/exports/collect'
import { parseCsvFile } from '../../../../support/exports/csv-parse'
import { perBill } from '../../../../support/exports/journals'
import { shopArbitrary } from '../../../../support/exports/shop'

const ROLES: AccountRole[] = [
  { type: 'sales' },
  { type: 'receivable' },
  { type: 'clearing', method: 'cash' },
  { type: 'clearing', method: 'card' },
  { type: 'tax-payable', tax: 'VAT' },
  { type: 'discounts' },
]

/** A balanced entry: `count` − 1 lines of alternating sign, then the line that balances them. */
function entry(id: string, count: number, amounts: number[]): JournalEntry {
  const lineFor = (i: number, amount: number) => {
    const role = ROLES[i % ROLES.length]!
    return { role: roleKey(role), account: defaultAccount(role).account, amount, memo: `line ${i}` }
  }
  const lines = Array.from({ length: count - 1 }, (_, i) =>
    lineFor(i, (amounts[i % amounts.length] ?? 1) * (i % 2 === 0 ? 1 : -1)),
  )
  lines.push(lineFor(count - 1, -lines.reduce((sum, l) => sum + l.amount, 0)))
  return balancedEntry({
    id,
    kind: 'bill',
    date: '2026-11-20',
    currency: 'USD',
    description: `Sale ${id}`,
    payee: null,
    billId: id,
    registerSessionId: 's1',
    locationId: 'loc1',
    paymentIds: [],
    lines,
  })
}

const entries = fc
  .array(
    fc.record({
      count: fc.integer({ min: 2, max: 40 }),
      amounts: fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 5 }),
    }),
    { maxLength: 40 },
  )
  .map((specs) => specs.map((s, i) => entry(`b${i + 1}`, s.count, s.amounts)))

/** The entries of a few generated shops, ids made unique across shops. */
function shopEntries(...seeds: number[]): JournalEntry[] {
  return seeds.flatMap((seed) => {
    const [shop] = fc.sample(shopArbitrary({ consistent: false }), { seed, numRuns: 1 })
    if (!shop) throw new Error('no shop')
    return perBill(shop).entries.map((e) => ({ ...e, id: `${seed}/${e.id}` }))
  })
}

describe('generic journal CSV', () => {
  it('writes one row per journal line with the generic journal columns, debit or credit, balanced per entry', async () => {
    const all = shopEntries(1, 2, 3)
    const text = await collectText(writeJournalCsv(slices(all, 4)))
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFentry_id,date,account_code,account_name,debit,credit,currency,description,bill_id,register_session_id,location_id',
    )
    const rows = parseCsvFile(text)
    expect(rows).toHaveLength(all.reduce((n, e) => n + e.lines.length, 0))
    for (const e of all) {
      const mine = rows.filter((r) => r.entry_id === e.id)
      const exponent = currencyExponent(e.currency)
      let balance = 0
      for (const [i, row] of mine.entries()) {
        expect((row.debit === '') !== (row.credit === '')).toBe(true)
        const amount = row.debit
          ? toMinorUnits(row.debit, exponent)
          : -toMinorUnits(row.credit ?? '', exponent)
        expect(amount).toBe(e.lines[i]?.amount)
        expect(row.account_code).toBe(e.lines[i]?.account.code)
        balance += amount
      }
      expect(balance).toBe(0)
    }
  })
})

describe('Xero manual journal', () => {
  async function xeroFiles(list: JournalEntry[], maxLinesPerFile: number, size = 7) {
    const parts = await collectParts(
      writeXeroJournal(slices(list, size), { ...XERO_DEFAULTS, maxLinesPerFile }),
    )
    return parts.map(parseCsvFile)
  }

  it('never puts more than 300 lines in a file and never splits an entry', async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.constantFrom(300, 40, 57), async (list, max) => {
        const files = await xeroFiles(list, max)
        const lineCount = list.reduce((n, e) => n + e.lines.length, 0)
        expect(files.flat()).toHaveLength(lineCount)
        const fileOf = new Map<string, number>()
        if (list.length === 0) expect(files).toEqual([[]])
        for (const [i, rows] of files.entries()) {
          expect(rows.length).toBeLessThanOrEqual(max)
          if (list.length > 0) expect(rows.length).toBeGreaterThan(0)
          for (const row of rows) {
            const key = `${row.Narration}|${row.Date}`
            expect(fileOf.get(key) ?? i).toBe(i)
            fileOf.set(key, i)
          }
        }
        expect(fileOf.size).toBe(list.length)
        // Files are filled in order: no file could have taken the next file's first entry.
        for (let i = 0; i + 1 < files.length; i++) {
          const next = files[i + 1]![0]!
          const firstEntryLines = files[i + 1]!.filter((r) => r.Narration === next.Narration).length
          expect(files[i]!.length + firstEntryLines).toBeGreaterThan(max)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('writes signed amounts, Xero dates, the tax rate and the location as tracking option', async () => {
    const e = entry('b1', 3, [1250])
    const [rows] = await xeroFiles([{ ...e, locationId: 'loc2' }], 300)
    expect(rows?.map((r) => r.Amount)).toEqual(
      ['12.50', '-12.50', '0.00'].filter((a, i) => e.lines[i]) &&
        e.lines.map((l) => (l.amount / 100).toFixed(2)),
    )
    expect(rows?.[0]).toMatchObject({
      Narration: 'Sale b1 [b1]',
      Date: '20 Nov 2026',
      Description: 'line 0',
      AccountCode: '4000',
      TaxRate: 'Tax Exempt',
      TrackingName1: 'Location',
      TrackingOption1: 'Location loc2',
    })
    const [labelled] = await collectParts(
      writeXeroJournal([[e]], {
        ...XERO_DEFAULTS,
        dateFormat: 'DD/MM/YYYY',
        locationLabels: { loc1: 'Main street' },
      }),
    )
    expect(parseCsvFile(labelled ?? '')[0]).toMatchObject({
      Date: '20/11/2026',
      TrackingOption1: 'Main street',
    })
  })

  it('gives each tax and each expense category its own account code', async () => {
    // The generated shop of those sampled with the most taxes and categories.
    const roles = (entries: JournalEntry[]) =>
      new Set(
        entries
          .flatMap((e) => e.lines.map((l) => l.role))
          .filter((r) => /^(tax-payable|expense):/.test(r)),
      ).size
    const list = fc
      .sample(shopArbitrary({ consistent: false }), { seed: 8, numRuns: 20 })
      .map((shop) => perBill(shop).entries)
      .sort((a, b) => roles(b) - roles(a))[0]!
    const rows = (await xeroFiles(list, 300, 50)).flat()
    const codeOf = new Map<string, Set<string>>()
    for (const entry of list)
      for (const line of entry.lines)
        if (/^(tax-payable|expense):/.test(line.role))
          codeOf.set(line.role, (codeOf.get(line.role) ?? new Set()).add(line.account.code))
    expect(codeOf.size).toBeGreaterThan(2)
    for (const codes of codeOf.values()) expect(codes.size).toBe(1)
    const codes = [...codeOf.values()].map((c) => [...c][0])
    expect(new Set(codes).size).toBe(codeOf.size)
    for (const code of codes) expect(rows.some((r) => r.AccountCode === code)).toBe(true)
  })

  it('writes a tax with a Xero tax rate as the tax-exclusive sales Xero taxes to it; others stay Tax Exempt', async () => {
    const sale = (currency: string, sign: 1 | -1, amounts: [number, number, number]) => {
      const [sales, ppn, pb1] = amounts
      const lineOf = (role: AccountRole, amount: number, memo: string) => ({
        role: roleKey(role),
        account: defaultAccount(role).account,
        amount: sign * amount,
        memo,
      })
      return balancedEntry({
        ...entry('b1', 2, [1]),
        currency,
        lines: [
          lineOf({ type: 'sales' }, -sales, 'Sales'),
          { ...lineOf({ type: 'tax-payable', tax: 'PPN' }, -ppn, 'Tax PPN'), taxPercent: 11 },
          { ...lineOf({ type: 'tax-payable', tax: 'PB1' }, -pb1, 'Tax PB1'), taxPercent: 10 },
          lineOf({ type: 'receivable' }, sales + ppn + pb1, 'Unpaid bills'),
        ],
      })
    }
    const unmatched: string[][] = []
    const rows = async (e: JournalEntry) =>
      parseCsvFile(
        (
          await collectParts(
            writeXeroJournal(
              [[e]],
              { ...XERO_DEFAULTS, taxRates: { 'tax-payable:PPN': { name: 'Tax on Sales 11%' } } },
              (e, taxes) => unmatched.push([e.id, ...taxes]),
            ),
          )
        )[0]!,
      ).map((r) => [r.AccountCode, r.TaxRate, r.Amount])
    const sales = defaultAccount({ type: 'sales' }).account.code
    const pb1 = defaultAccount({ type: 'tax-payable', tax: 'PB1' }).account.code
    const receivable = defaultAccount({ type: 'receivable' }).account.code
    // USD 11.01 at 11 %: Xero taxes 100.09 to 11.0099, 11.01; Sales keeps 100.00 in all.
    expect(await rows(sale('USD', 1, [10_000, 1101, 1000]))).toEqual([
      [sales, 'Tax Exempt', '0.09'],
      [sales, 'Tax on Sales 11%', '-100.09'],
      [pb1, 'Tax Exempt', '-10.00'],
      [receivable, 'Tax Exempt', '121.01'],
    ])
    // A refund: the same, sides swapped; the exempt Sales line of 0 is left out.
    expect(await rows(sale('USD', -1, [10_000, 1100, 1000]))).toEqual([
      [sales, 'Tax on Sales 11%', '100.00'],
      [pb1, 'Tax Exempt', '10.00'],
      [receivable, 'Tax Exempt', '-121.00'],
    ])
    expect(unmatched).toEqual([])
    // IDR 1,101 at 11 %: no amount Xero taxes, in hundredths, to exactly 1,101: a line of its own.
    const idr = await rows(sale('IDR', 1, [10_000, 1101, 1000]))
    expect(idr).toContainEqual([
      defaultAccount({ type: 'tax-payable', tax: 'PPN' }).account.code,
      'Tax Exempt',
      '-1101',
    ])
    expect(unmatched).toEqual([['b1', 'PPN']])
  })

  it('refuses a date that is not ISO rather than guess its order', () => {
    expect(() => formatDate('20/11/2026', 'DD MMM YYYY')).toThrow(
      expect.objectContaining({ name: 'DateTextError' }),
    )
    expect(formatDate('2026-02-03', 'MM/DD/YYYY')).toBe('02/03/2026')
  })

  it('refuses an entry larger than a file', async () => {
    await expect(xeroFiles([entry('b1', 12, [5])], 10)).rejects.toThrow(
      expect.objectContaining({ name: 'XeroEntryTooLargeError' }),
    )
  })
})

describe('QuickBooks Online journal', () => {
  it('puts the customer on receivable lines only, and keeps journal numbers within 21 characters', async () => {
    const all = shopEntries(4, 5, 6)
    const long = { ...all[0]!, id: 'payment:0f8fad5b-d9cb-469f-a165-70867728950e:reversal' }
    const list = [...all, long]
    const rows = parseCsvFile(
      await collectText(writeQuickBooksJournal(slices(list, 5), QUICKBOOKS_DEFAULTS)),
    )
    const receivable = list.flatMap((e) => e.lines.map((l) => l.role === 'receivable'))
    expect(receivable.some(Boolean)).toBe(true)
    expect(rows.map((r) => r.Name !== '')).toEqual(receivable)
    expect(rows.filter((r) => r.Name !== '').every((r) => r.Name === 'POS customers')).toBe(true)
    expect(rows.every((r) => r['Journal No.']!.length <= 21)).toBe(true)
    const numbers = new Set(rows.map((r) => r['Journal No.']))
    expect(numbers.size).toBe(list.length)
    expect(rows[0]).toMatchObject({
      'Journal Date': '11/20/2026',
      Location: `Location ${list[0]?.locationId}`,
    })
    const longRows = rows.filter((r) => r.Description!.includes(`[${long.id}]`))
    expect(longRows.length).toBeGreaterThan(0)
    for (const r of longRows) expect(r['Journal No.']).toMatch(/^T-[0-9a-f]{16}$/)
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Journal No.',
      'Journal Date',
      'Account Name',
      'Description',
      'Debits',
      'Credits',
      'Name',
      'Location',
    ])
  })
})
