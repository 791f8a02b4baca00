import { describe, expect, it } from 'vitest'
import { guessCsvMapping } from '../../../../../src-renderer/deposits/rules/statements/csv-guess'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { readCsvStatement } from '../../../../../src-renderer/deposits/rules/statements/csv-statement'
import { fixture } from './fixtures/read-fixture'

describe('guessCsvMapping', () => {
  it('maps a German export from its header words, day-first dotted dates and decimal commas', () => {
    const text = fixture('de-girokonto.csv')
    expect(guessCsvMapping(text)).toEqual({
      delimiter: ';',
      skipRows: 2,
      footerRows: 0,
      date: 'Buchungstag',
      dateFormat: 'DD/MM/YYYY',
      valueDate: 'Wertstellung',
      amount: { signed: 'Betrag' },
      text: ['Verwendungszweck'],
      balance: 'Saldo',
      decimalMark: ',',
    })
    const statement = readCsvStatement(text, guessCsvMapping(text)!, 'EUR')
    expect(statement.lines.map((line) => [line.date, line.amount, line.balance])).toEqual([
      ['2026-11-20', 123456, 223456],
      ['2026-11-21', -1200, 222256],
    ])
  })

  it('maps money in and money out columns, ISO dates and grouped rupiah', () => {
    const text = fixture('money-in-out.csv')
    const mapping = guessCsvMapping(text)!
    expect(mapping).toMatchObject({
      delimiter: ',',
      dateFormat: 'YYYY-MM-DD',
      amount: { credit: 'Money In', debit: 'Money Out' },
      text: ['Description'],
    })
    expect(readCsvStatement(text, mapping, 'IDR').lines.map((line) => line.amount)).toEqual([
      1482650, -15000,
    ])
  })

  it('finds nothing in a file without a date and an amount column', () => {
    expect(guessCsvMapping('Name,Email\nAna,ana@example.com\n')).toBeNull()
  })

  it('is what recogniseCsvLayout offers when no known layout fits, saying it is a guess', () => {
    expect(recogniseCsvLayout(fixture('de-girokonto.csv'))?.name).toContain('guessed')
    expect(recogniseCsvLayout(fixture('us-checking-1.csv'))?.name).not.toContain('guessed')
  })
})
