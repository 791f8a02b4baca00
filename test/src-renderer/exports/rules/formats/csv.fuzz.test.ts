import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  encodeRow,
  type CsvCell,
  type CsvNumber,
} from '../../../../../src-renderer/exports/rules/formats/csv'
import { checkProperty } from '../../../../support/fuzz-settings'

const BOM = '\uFEFF'

/** Reads CSV text with csv-parse (an independent RFC 4180 reader), BOM and CRLF included. */
function readCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false, record_delimiter: '\r\n' })
}

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('"', ',', '\r', '\n', '=', '+', '-', '@', '\t', ' ', 'a', '1', '.'),
    maxLength: 20,
  }),
)
const plainNumber = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.option(fc.nat({ max: 999999 })))
  .map(([negative, whole, fraction]) => ({
    number: `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${String(fraction).padStart(6, '0')}`}`,
  }))
const cell: fc.Arbitrary<CsvCell> = fc.oneof(anyText, plainNumber, fc.constant(null))

const FORMULA_START = /^[=+\-@\t\r]/
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/
const runsAsFormula = (text: string): boolean =>
  FORMULA_START.test(text) && !NUMERIC_TEXT.test(text)
/** What a text cell must read back as: itself, or with the apostrophe that disarms a formula. */
const readBackAs = (text: string): string => (runsAsFormula(text) ? `'${text}` : text)

describe('CSV cells under fuzzing', () => {
  it('any row of text, numbers and empties reads back cell for cell through csv-parse', async () => {
    await checkProperty(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), (cells) => {
        const [read] = readCsv(BOM + encodeRow(cells))
        expect(read).toHaveLength(cells.length)
        cells.forEach((written, i) => {
          const got = read![i]!
          if (written === null) expect(got).toBe('')
          else if (typeof written === 'object') expect(got).toBe((written as CsvNumber).number)
          else expect(got).toBe(readBackAs(written))
        })
      }),
      500,
    )
  })

  it('never lets text a spreadsheet would run as a formula through unprefixed', async () => {
    await checkProperty(
      fc.property(anyText, (text) => {
        const [[got]] = readCsv(encodeRow([text])) as [[string]]
        expect(got).toBe(readBackAs(text))
        expect(runsAsFormula(got)).toBe(false)
      }),
      1000,
    )
  })

  it('writes number cells exactly as given, however they start', async () => {
    await checkProperty(
      fc.property(plainNumber, (number) => {
        expect(encodeRow([number])).toBe(`${number.number}\r\n`)
      }),
      300,
    )
  })

  it('refuses a number cell that is not plain decimal text, writing nothing', async () => {
    await checkProperty(
      fc.property(
        fc.string({ maxLength: 12 }).filter((s) => !/^-?\d+(\.\d+)?$/.test(s)),
        (text) => {
          expect(() => encodeRow([{ number: text }])).toThrow(/not plain decimal text/)
        },
      ),
      300,
    )
  })
})
