import { describe, expect, it } from 'vitest'
import { guessCsvMapping } from '../../../../../src-renderer/deposits/rules/statements/csv-guess'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { readCsvStatement } from '../../../../../src-renderer/deposits/rules/statements/csv-statement'
import { fixture } from './fixtures/read-fixture'

describe('guessCsvMapping', () => {
  it('maps a German export from its header words, day-first dotted dates and decimal commas', () => {
    const text = fixture('de-girokonto.csv')
    expect(guessCsvMapping(text, 'EUR')).toEqual({
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
    const statement = readCsvStatement(text, guessCsvMapping(text, 'EUR')!, 'EUR')
    expect(statement.lines.map((line) => [line.date, line.amount, line.balance])).toEqual([
      ['2026-11-20', 123456, 223456],
      ['2026-11-21', -1200, 222256],
    ])
  })

  it('maps money in and money out columns, ISO dates and grouped rupiah', () => {
    const text = fixture('money-in-out.csv')
    const mapping = guessCsvMapping(text, 'IDR')!
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

  it('reads three digits after a lone mark as the currency writes them: decimals in KWD, thousands in IDR', () => {
    const text = fixture('kwd-semicolon.csv')
    const kwd = guessCsvMapping(text, 'KWD')!
    expect(kwd.decimalMark).toBe(',')
    expect(readCsvStatement(text, kwd, 'KWD').lines.map((line) => line.amount)).toEqual([
      673000, -1250,
    ])
    const dotted = text.replaceAll(',', '.')
    expect(guessCsvMapping(dotted, 'KWD')!.decimalMark).toBe('.')
    const idr = guessCsvMapping(dotted, 'IDR')!
    expect(idr.decimalMark).toBe(',')
    expect(readCsvStatement(dotted, idr, 'IDR').lines.map((line) => line.amount)).toEqual([
      673000, -1250,
    ])
    expect(guessCsvMapping(text, 'USD')!.decimalMark).toBe('.')
  })

  it('takes the last of two different marks for the decimal one, whatever the currency', () => {
    const text = 'Date;Amount\n2026-11-20;1.234,567\n'
    expect(guessCsvMapping(text, 'KWD')!.decimalMark).toBe(',')
    expect(guessCsvMapping(text.replace('1.234,567', '1,234.567'), 'KWD')!.decimalMark).toBe('.')
  })

  it('finds nothing in a file without a date and an amount column', () => {
    expect(guessCsvMapping('Name,Email\nAna,ana@example.com\n', 'USD')).toBeNull()
  })

  it('is what recogniseCsvLayout offers when no known layout fits, saying it is a guess', () => {
    expect(recogniseCsvLayout(fixture('de-girokonto.csv'), 'EUR')?.name).toContain('guessed')
    expect(recogniseCsvLayout(fixture('us-checking-1.csv'), 'USD')?.name).not.toContain('guessed')
  })
})
