import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import {
  decimal,
  encodeRow,
  money,
  writeCsv,
  type CsvCell,
} from '../../../../../src-renderer/exports/rules/formats/csv'
import { inBatches } from '../../../../../src-renderer/exports/rules/formats/output'
import { collectParts } from '../../../../support/exports/collect'
import { parseCsv, parseCsvFile } from '../../../../support/exports/csv-parse'

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r']

/** Any text, with the characters that need quoting or neutralising over-represented. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', '"', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', "'", ' '),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
  ),
  maxLength: 12,
})

function roundTrip(cells: CsvCell[]): string[] {
  const rows = parseCsv(encodeRow(cells))
  expect(rows).toHaveLength(1)
  return rows[0] ?? []
}

describe('CSV cells', () => {
  it('neutralises text that starts like a formula and is not a number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMULA_STARTS), text, (start, rest) => {
        const value = start + rest
        const numeric = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)
        expect(roundTrip([value])).toEqual([numeric ? value : `'${value}`])
      }),
    )
    expect(roundTrip(['=HYPERLINK("x")', '+1+2', '-1+2', '@SUM(A1)', '\tx', '\rx'])).toEqual([
      `'=HYPERLINK("x")`,
      "'+1+2",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ])
  })

  it('leaves numbers alone, negative ones included, whether number cells or numeric text', () => {
    expect(
      encodeRow([money(-1250, 'USD'), money(-25000, 'IDR'), money(-5, 'KWD'), '-12.50', '+3']),
    ).toBe('-12.50,-25000,-0.005,-12.50,+3\r\n')
  })

  it('round-trips any text through an RFC 4180 reader, commas, quotes and line breaks included', () => {
    fc.assert(
      fc.property(fc.array(fc.option(text), { minLength: 1, maxLength: 6 }), (cells) => {
        const expected = cells.map((c) =>
          c === null
            ? ''
            : /^[=+\-@\t\r]/.test(c) && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(c)
              ? `'${c}`
              : c,
        )
        expect(roundTrip(cells)).toEqual(expected)
      }),
    )
  })

  it('writes amounts as exact major-unit text in the currency exponent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('IDR', 'USD', 'KWD', 'JPY', 'BHD'),
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        (currency, minor) => {
          const [cell] = roundTrip([money(minor, currency)])
          expect(cell).toMatch(/^-?\d+(\.\d+)?$/)
          expect(toMinorUnits(cell ?? '', currencyExponent(currency))).toBe(minor)
          expect((cell ?? '').split('.')[1]?.length ?? 0).toBe(currencyExponent(currency))
        },
      ),
    )
  })

  it('writes quantities without exponent notation and refuses a number cell that is not one', () => {
    expect(decimal(1e-7).number).toBe('0.0000001')
    expect(decimal(1e21).number).toBe('1000000000000000000000')
    expect(decimal(-2.5).number).toBe('-2.5')
    expect(() => decimal(Number.NaN)).toThrow(expect.objectContaining({ name: 'CsvNumberError' }))
    expect(() => encodeRow([{ number: '=1+1' }])).toThrow(
      expect.objectContaining({ name: 'CsvNumberError' }),
    )
    expect(() => encodeRow([{ number: '1,000.00' }])).toThrow(
      expect.objectContaining({ name: 'CsvNumberError' }),
    )
  })
})

describe('CSV files', () => {
  const columns = [
    { header: 'name', cell: (r: { name: string; amount: number }) => r.name },
    { header: 'amount', cell: (r: { name: string; amount: number }) => money(r.amount, 'USD') },
  ]

  it('starts with a BOM and the header, ends every record with CRLF, one chunk per batch', async () => {
    const batches = [
      [{ name: 'a', amount: 1 }],
      [],
      [
        { name: 'b\nc', amount: -2 },
        { name: 'd', amount: 3 },
      ],
    ]
    const chunks = []
    for await (const chunk of writeCsv(columns, batches)) chunks.push(chunk)
    expect(chunks.map((c) => c.part)).toEqual([1, 1, 1])
    const [head, ...rest] = chunks.map((c) => c.text)
    expect(head).toBe('\uFEFFname,amount\r\n')
    expect(rest).toEqual(['a,0.01\r\n', '"b\nc",-0.02\r\nd,0.03\r\n'])
    expect(parseCsvFile(chunks.map((c) => c.text).join(''))).toEqual([
      { name: 'a', amount: '0.01' },
      { name: 'b\nc', amount: '-0.02' },
      { name: 'd', amount: '0.03' },
    ])
  })

  it('writes the header alone when there are no rows', async () => {
    expect(await collectParts(writeCsv(columns, []))).toEqual(['\uFEFFname,amount\r\n'])
  })

  it('groups a source that yields one row at a time into batches', async () => {
    async function* rows() {
      for (let i = 1; i <= 7; i++) yield i
    }
    const batches: number[][] = []
    for await (const batch of inBatches(rows(), 3)) batches.push(batch)
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]])
  })
})
