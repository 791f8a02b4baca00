import { describe, expect, it } from 'vitest'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import {
  checkStatementCurrency,
  previewStatement,
  readStatement,
  statementFormatOf,
  StatementCurrencyError,
} from '../../../../../src-renderer/deposits/rules/statements/read-statement'
import { statementRefusal as refusal } from '../../../../support/statement-refusal'
import { fixture } from './fixtures/read-fixture'

describe('the format of a file', () => {
  it.each([
    ['checking-sgml.ofx', 'ofx'],
    ['checking-xml.qfx', 'ofx'],
    ['idr-camt053.xml', 'camt053'],
    ['eur-two-days.mt940', 'mt940'],
    ['us-checking-1.csv', 'csv'],
    ['idr-internet-banking.csv', 'csv'],
  ])('%s is %s', (name, format) => {
    expect(statementFormatOf(fixture(name))).toBe(format)
  })
})

describe('readStatement', () => {
  it('reads a recognised format without being told it', () => {
    const statement = readStatement(fixture('eur-two-days.mt940'), { currency: 'EUR' })
    expect(statement.format).toBe('mt940')
    expect(statement.lines).toHaveLength(5)
  })

  it('asks for a column mapping before it reads a CSV file', () => {
    const error = refusal(() => readStatement(fixture('us-checking-1.csv'), { currency: 'USD' }))
    expect(error.message).toContain('columns mapped')
  })

  it('reads a file the way the person said it is, refusing it when it is not', () => {
    const error = refusal(() =>
      readStatement(fixture('us-checking-1.csv'), { format: 'ofx', currency: 'USD' }),
    )
    expect(error.message).toContain('not an OFX file')
  })
})

describe('previewStatement', () => {
  it('shows the first lines and how many there are', () => {
    const text = fixture('idr-internet-banking.csv')
    const preview = previewStatement(
      text,
      { csv: recogniseCsvLayout(text, 'IDR')!.mapping, currency: 'IDR' },
      2,
    )
    expect(preview).toMatchObject({ ok: true, format: 'csv', total: 4, currency: 'IDR' })
    expect(preview.ok && preview.lines.map((line) => line.amount)).toEqual([3276300, 1482650])
  })

  it('shows why a file cannot be read, and nothing of it', () => {
    const preview = previewStatement(fixture('eur-bad-line.mt940'), { currency: 'EUR' })
    expect(preview.ok).toBe(false)
    expect(!preview.ok && preview.error.where).toBe('line 10 (:61:)')
  })
})

describe('checkStatementCurrency', () => {
  const account = { name: 'Chase checking', currency: 'USD' }

  it('refuses a statement in another currency than the account, saying both', () => {
    const statement = readStatement(fixture('euro-sgml.ofx'), { currency: 'USD' })
    expect(() => checkStatementCurrency(statement, account)).toThrow(StatementCurrencyError)
    expect(() => checkStatementCurrency(statement, account)).toThrow(
      'This statement is in EUR, but Chase checking is kept in USD',
    )
  })

  it('lets a statement in the account’s currency through', () => {
    const statement = readStatement(fixture('checking-sgml.ofx'), { currency: 'USD' })
    expect(() => checkStatementCurrency(statement, account)).not.toThrow()
  })
})
