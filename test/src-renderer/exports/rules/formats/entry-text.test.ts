import fc from 'fast-check'
import { PAID_FROM_MAIN } from '../../../../support/journal-context'
import { describe, expect, it } from 'vitest'
import {
  boundedEntry,
  locationNameText,
} from '../../../../../src-renderer/exports/rules/formats/entry-text'
import { writeJournalCsv } from '../../../../../src-renderer/exports/rules/formats/journal-csv'
import {
  QUICKBOOKS_DEFAULTS,
  writeQuickBooksJournal,
} from '../../../../../src-renderer/exports/rules/formats/quickbooks'
import {
  writeXeroJournal,
  XERO_DEFAULTS,
} from '../../../../../src-renderer/exports/rules/formats/xero'
import { expenseEntries } from '../../../../../src-renderer/exports/rules/journal'
import { collectParts, collectText } from '../../../../support/exports/collect'
import { parseCsvFile } from '../../../../support/exports/csv-parse'
import { expense } from '../../../../support/exports/fixtures'
import { context } from '../../../../support/exports/journals'

describe('service text as the journals receive it', () => {
  const [anEntry] = expenseEntries([expense({})], context(), PAID_FROM_MAIN)
  /** An entry's description as the journals receive it (300 code units at most). */
  const described = (text: string): string =>
    boundedEntry({ ...anEntry!, description: text }).description

  it('is one line: white space, control characters and line separators are one space', () => {
    expect(described(' a\tb\r\nc\u2028d\u0000e \u00a0\u000bf\u0085g\uFEFF ')).toBe('a b c d e f g')
    expect(described('half \uD800 pair')).toBe('half \uFFFD pair')
  })

  it('is the text with each run of breaks one space and lone surrogates replaced, for any text', () => {
    const rule = (text: string): string =>
      text
        .replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
        .replace(/\p{Cs}/gu, '\uFFFD')
        .trim()
    const ascii = fc.string({
      unit: fc.constantFrom(' ', 'a', 'Z', '0', '~', '!', '\t', '\n', '\u007f'),
      maxLength: 30,
    })
    fc.assert(
      fc.property(fc.oneof(ascii, fc.string({ unit: 'binary', maxLength: 30 })), (text) => {
        expect(described(text)).toBe(rule(text))
      }),
    )
  })

  it('is cut with an ellipsis at its bound, never inside a surrogate pair', () => {
    expect(described('x'.repeat(400))).toBe(`${'x'.repeat(299)}…`)
    expect(described('😀'.repeat(200))).toBe(`${'😀'.repeat(149)}…`)
    expect(described('word '.repeat(100))).toBe(`${'word '.repeat(59)}word…`)
    expect(described('x'.repeat(300))).toBe('x'.repeat(300))
  })

  it('keeps two long names that start alike two, each within its bound', () => {
    const a = locationNameText('1', { '1': `${'Branch '.repeat(40)}North` })
    const b = locationNameText('2', { '2': `${'Branch '.repeat(40)}South` })
    expect(a).not.toBe(b)
    for (const name of [a, b]) {
      expect(name.length).toBeLessThanOrEqual(100)
      expect(name).toMatch(/^Branch Branch .*…[0-9a-f]{8}$/)
    }
    expect(locationNameText('3', { '3': 'Branch\nNorth' })).toBe('Branch North')
    expect(locationNameText('4', {})).toBe('Location 4')
  })

  it('bounds every text field of an entry; a blank supplier is no payee', () => {
    const [entry] = expenseEntries(
      [
        expense({
          category: 'Rent '.repeat(20_000),
          description: 'note '.repeat(20_000),
          number: '#'.repeat(1_000),
          supplier: ' \n\t ',
        }),
      ],
      context(),
      PAID_FROM_MAIN,
    )
    const bounded = boundedEntry({ ...entry!, id: 'i'.repeat(1_000) })
    expect(bounded.payee).toBeNull()
    expect(bounded.description.length).toBe(300)
    expect(bounded.id.length).toBe(200)
    for (const line of bounded.lines) {
      expect(line.memo.length).toBeLessThanOrEqual(150)
      expect(line.account.name.length).toBeLessThanOrEqual(200)
    }
  })
  it('bounds a copy, leaving the entry it was given as it was', () => {
    const [entry] = expenseEntries(
      [expense({ category: 'Rent\nhall', description: 'note\nnote' })],
      context(),
      PAID_FROM_MAIN,
    )
    const before = structuredClone(entry!)
    const bounded = boundedEntry(entry!)
    expect(entry).toEqual(before)
    expect(bounded.description).toBe('Expense EXP-1: note note')
    expect(bounded.lines.map((l) => [l.role, l.amount, l.account.kind])).toEqual(
      entry!.lines.map((l) => [l.role, l.amount, l.account.kind]),
    )
    expect(bounded.lines.some((l) => l.account.name.includes('Rent hall'))).toBe(true)
    expect(boundedEntry(bounded)).toBe(bounded)
  })
})

describe('service text in the CSV journals', () => {
  const [entry] = expenseEntries(
    [expense({ category: 'Rent '.repeat(20_000), description: 'note\n'.repeat(20_000) })],
    context(),
    PAID_FROM_MAIN,
  )
  const locationLabels = { loc1: 'Branch '.repeat(20_000) }

  /** The longest cell of each file, and its rows. */
  function cells(text: string): { longest: number; rows: number } {
    const rows = parseCsvFile(text)
    const lengths = rows.flatMap((row) => Object.values(row).map((cell) => cell.length))
    return { longest: Math.max(...lengths), rows: rows.length }
  }

  it('keeps every cell of a 100 kB category, note and location name within bounds, one row per line', async () => {
    const written = [
      await collectText(writeJournalCsv([[entry!]])),
      await collectText(
        writeQuickBooksJournal([[entry!]], { ...QUICKBOOKS_DEFAULTS, locationLabels }),
      ),
      ...(await collectParts(writeXeroJournal([[entry!]], { ...XERO_DEFAULTS, locationLabels }))),
    ]
    for (const text of written) {
      const { longest, rows } = cells(text)
      expect(rows).toBe(2)
      // The longest cell any of them holds: QuickBooks' description, id and memo in one.
      expect(longest).toBeLessThanOrEqual(300 + 200 + 150 + 5)
    }
  })
})
