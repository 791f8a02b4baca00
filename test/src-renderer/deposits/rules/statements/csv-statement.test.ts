import { describe, expect, it } from 'vitest'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import {
  readCsvStatement,
  type CsvMapping,
} from '../../../../../src-renderer/deposits/rules/statements/csv-statement'
import { statementRefusal as refusal } from '../../../../support/statement-refusal'
import { fixture } from './fixtures/read-fixture'

function mappingOf(text: string, currency: string): CsvMapping {
  const layout = recogniseCsvLayout(text, currency)
  if (!layout) throw new Error('layout not recognised')
  return layout.mapping
}

describe('a US checking CSV (signed amounts, month first, quoted fields, CRLF)', () => {
  const text = fixture('us-checking-1.csv')

  it('reads every line in cents, signed, with its running balance', () => {
    const statement = readCsvStatement(text, mappingOf(text, 'USD'), 'USD')
    expect(statement.currency).toBe('USD')
    expect(
      statement.lines.map(({ date, amount, text: words, balance }) => [
        date,
        amount,
        words,
        balance,
      ]),
    ).toEqual([
      ['2026-11-20', 123456, 'CARD SETTLEMENT 1118-1119 ACME PAY', 523456],
      ['2026-11-21', -1200, 'MONTHLY SERVICE FEE', 522256],
      ['2026-11-23', 80000, 'CASH DEPOSIT, BRANCH 12', 602256],
    ])
  })

  it('gives a line without a bank id a hashed id that an overlapping file gives it again', () => {
    const first = readCsvStatement(text, mappingOf(text, 'USD'), 'USD')
    const laterText = fixture('us-checking-2.csv')
    const later = readCsvStatement(laterText, mappingOf(laterText, 'USD'), 'USD')
    expect(first.lines.every((line) => line.id.startsWith('h:'))).toBe(true)
    expect(later.lines[0]!.id).toBe(first.lines[2]!.id)
    expect(new Set([...first.lines, ...later.lines].map((line) => line.id)).size).toBe(5)
  })

  it('reads a BOM, a quote inside a quoted field and grouped thousands', () => {
    const laterText = fixture('us-checking-2.csv')
    const later = readCsvStatement(laterText, mappingOf(laterText, 'USD'), 'USD')
    expect(later.lines[1]).toMatchObject({
      date: '2026-11-24',
      amount: 200110,
      text: 'CARD SETTLEMENT 1120-1122 ACME PAY "BATCH"',
      balance: 802366,
    })
    expect(later.lines[2]).toMatchObject({ amount: -15075, balance: 787291 })
  })

  it('refuses the whole file at a date that does not exist, naming its line', () => {
    const bad = fixture('us-checking-bad-date.csv')
    const error = refusal(() => readCsvStatement(bad, mappingOf(bad, 'USD'), 'USD'))
    expect(error.where).toBe('line 3, column “Posting Date”')
    expect(error.message).toContain('11/31/2026')
  })
})

describe('an Indonesian internet-banking CSV (debit and credit columns, decimal comma, IDR)', () => {
  const text = fixture('idr-internet-banking.csv')

  it('skips the account lines above the header and reads rupiah without the ",00"', () => {
    const mapping = mappingOf(text, 'IDR')
    expect(mapping.skipRows).toBe(2)
    const statement = readCsvStatement(text, mapping, 'IDR')
    expect(statement.lines.map(({ date, amount, balance }) => [date, amount, balance])).toEqual([
      ['2026-11-20', 3276300, 13276300],
      ['2026-11-21', 1482650, 14758950],
      ['2026-11-22', -15000, 14743950],
      ['2026-11-24', -2500000, 12243950],
    ])
    expect(statement.lines[1]!.text).toBe('QRIS SETTLEMENT; 18-20/11')
  })

  it('refuses an amount with real decimals in a currency that has none', () => {
    const text2 = text.replace('15.000,00', '15.000,50')
    const error = refusal(() => readCsvStatement(text2, mappingOf(text2, 'IDR'), 'IDR'))
    expect(error.where).toBe('line 6, column “Debit”')
    expect(error.message).toContain('IDR has no decimals')
  })

  it('reads the account number the bank writes above the header', () => {
    expect(readCsvStatement(text, mappingOf(text, 'IDR'), 'IDR').accountRef).toBe('1234567890')
    const german = fixture('de-girokonto.csv')
    expect(readCsvStatement(german, mappingOf(german, 'EUR'), 'EUR').accountRef).toBe(
      'DE89370400440532013000',
    )
  })

  it('refuses an amount in other digits than 0–9 (①②③ is not 123)', () => {
    const text2 = text.replace('15.000,00', '①②③')
    const error = refusal(() => readCsvStatement(text2, mappingOf(text2, 'IDR'), 'IDR'))
    expect(error.where).toBe('line 6, column “Debit”')
    expect(error.message).toContain('other digits')
  })

  it('refuses a row with fewer fields than the header', () => {
    const text2 = text.replace(
      '22/11/2026;BIAYA ADMINISTRASI;15.000,00;;14.743.950,00',
      '22/11/2026;BIAYA',
    )
    expect(refusal(() => readCsvStatement(text2, mappingOf(text2, 'IDR'), 'IDR')).where).toBe(
      'line 6',
    )
  })
})

describe('a Wise CSV (bank ids and a currency per line)', () => {
  it('takes the bank ids as line ids and the currency from the file', () => {
    const text = fixture('wise-usd.csv')
    const statement = readCsvStatement(text, mappingOf(text, 'EUR'), 'EUR')
    expect(statement.currency).toBe('USD')
    expect(statement.lines).toEqual([
      {
        id: 'TRANSFER-1001',
        date: '2026-11-20',
        amount: 25000,
        currency: 'USD',
        text: 'Received money from ACME PAY · settlement 1119',
        balance: 125000,
      },
      {
        id: 'TRANSFER-1002',
        date: '2026-11-21',
        amount: -4050,
        currency: 'USD',
        text: 'Card transaction at OFFICE DEPOT',
        balance: 120950,
      },
    ])
  })

  it('refuses a file mixing currencies at the first line in another one', () => {
    const text = fixture('wise-mixed-currency.csv')
    const error = refusal(() => readCsvStatement(text, mappingOf(text, 'USD'), 'USD'))
    expect(error.where).toBe('line 4')
    expect(error.message).toContain('EUR')
  })
})

describe('a mapping that does not fit the file', () => {
  it('names the missing column at the header line', () => {
    const text = fixture('us-checking-1.csv')
    const mapping: CsvMapping = { ...mappingOf(text, 'USD'), balance: 'Saldo' }
    const error = refusal(() => readCsvStatement(text, mapping, 'USD'))
    expect(error.where).toBe('line 1')
    expect(error.message).toContain('“Saldo”')
  })

  it('reads "DR" and "CR" marks and brackets as signs', () => {
    const text =
      'Date;Text;Amount\n20/11/2026;fee;12,50 DR\n21/11/2026;in;1.000,00 CR\n22/11/2026;back;(3,00)\n'
    const mapping: CsvMapping = {
      delimiter: ';',
      skipRows: 0,
      footerRows: 0,
      date: 'Date',
      dateFormat: 'DD/MM/YYYY',
      amount: { signed: 'Amount' },
      text: ['Text'],
      decimalMark: ',',
    }
    expect(readCsvStatement(text, mapping, 'EUR').lines.map((line) => line.amount)).toEqual([
      -1250, 100000, -300,
    ])
  })
})
