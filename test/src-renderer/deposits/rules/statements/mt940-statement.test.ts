import { describe, expect, it } from 'vitest'
import { readMt940Statement } from '../../../../../src-renderer/deposits/rules/statements/mt940-statement'
import { statementRefusal as refusal } from '../../../../support/statement-refusal'
import { fixture } from './fixtures/read-fixture'

describe('MT940 (EUR, two statements in one file)', () => {
  it('reads the lines of both statements, signed, with booking and value dates', () => {
    const statement = readMt940Statement(fixture('eur-two-days.mt940'))
    expect(statement.accountRef).toBe('DE89370400440532013000')
    expect(statement.currency).toBe('EUR')
    expect(
      statement.lines.map(({ id, date, valueDate, amount }) => [id, date, valueDate, amount]),
    ).toEqual([
      ['B6K20ABC01', '2026-11-20', undefined, 123456],
      ['B6K21FEE01', '2026-11-21', undefined, -1200],
      ['B6K23CSH01', '2026-11-22', '2026-11-23', 80000],
      [expect.stringMatching(/^h:/), '2026-11-24', undefined, 5000],
      ['B6K-YE-01', '2027-01-02', '2026-12-31', 10000],
    ])
  })

  it('joins :86: across its wrapped lines with the supplementary details, without NONREF', () => {
    const [settlement, , , reversal] = readMt940Statement(fixture('eur-two-days.mt940')).lines
    expect(settlement!.text).toBe('ACME PAY SETTLEMENT BATCH 1118-1119 · SEPA CREDIT')
    expect(reversal!.text).toBe('RETURNED DIRECT DEBIT · 1234')
  })

  it('keeps the :61: transaction type and the reference for the account owner, without NONREF', () => {
    const lines = readMt940Statement(fixture('eur-two-days.mt940')).lines
    expect(lines.map((line) => [line.bankKind, line.bankReference])).toEqual([
      ['NTRF', undefined],
      ['NCHG', undefined],
      ['NTRF', 'DEP-12'],
      ['NRTI', '1234'],
      ['NTRF', undefined],
    ])
    const long = fixture('eur-two-days.mt940').replace('DEP-12//', `${'R'.repeat(36)}//`)
    expect(readMt940Statement(long).lines[2]!.bankReference).toBeUndefined()
  })

  it('refuses a statement line it cannot read, naming its line', () => {
    const error = refusal(() => readMt940Statement(fixture('eur-bad-line.mt940')))
    expect(error.where).toBe('line 10 (:61:)')
  })

  it('refuses a statement that does not add up to its closing balance', () => {
    const text = fixture('eur-two-days.mt940').replace(
      ':62F:C261121EUR2222,56',
      ':62F:C261121EUR2223,56',
    )
    expect(refusal(() => readMt940Statement(text)).where).toBe('line 12 (:62F:)')
  })

  it('refuses a file without a statement', () => {
    expect(refusal(() => readMt940Statement(':20:X\n:25:Y\n')).message).toContain('no statement')
  })
})

describe('MT940 separators', () => {
  it('takes a "$" line between statements as a separator, not as text', () => {
    const text = fixture('eur-two-days.mt940').replace(
      ':62F:C261121EUR2222,56\r\n',
      ':62F:C261121EUR2222,56\r\n$\r\n',
    )
    expect(readMt940Statement(text).lines).toHaveLength(5)
  })
})

describe('MT940 as a bank means it', () => {
  const statement = (opening: string, lines: string, closing: string) =>
    `:20:S\n:25:DE89370400440532013000\n:60F:${opening}\n${lines}\n:62F:${closing}\n-\n`

  it('reads a two-digit year in a window around this year: 991231 is 1999, 300101 is 2030', () => {
    const text =
      statement('C991230EUR100,00', ':61:991231C5,00NTRFNONREF//Y99\n:86:OLD', 'C991231EUR105,00') +
      statement('C991231EUR105,00', ':61:300101C5,00NTRFNONREF//Y30\n:86:NEW', 'C300101EUR110,00')
    const lines = readMt940Statement(text, 2026).lines
    expect(lines.map((l) => l.date)).toEqual(['1999-12-31', '2030-01-01'])
  })

  it('reads a statement the file holds twice once, though its lines have no bank reference', () => {
    const day = statement(
      'C261119EUR10,00',
      ':61:261120C5,00NTRFNONREF\n:86:CASH',
      'C261120EUR15,00',
    )
    const lines = readMt940Statement(day + day, 2026).lines
    expect(lines.map((l) => [l.date, l.amount, l.text])).toEqual([['2026-11-20', 500, 'CASH']])
  })

  it('refuses statements that do not chain, naming the one that opens elsewhere', () => {
    const text =
      statement('C261119EUR10,00', ':61:261120C5,00NTRFNONREF\n:86:CASH', 'C261120EUR15,00') +
      statement('C261121EUR20,00', ':61:261122C5,00NTRFNONREF\n:86:CASH', 'C261122EUR25,00')
    const error = refusal(() => readMt940Statement(text, 2026))
    expect(error.where).toBe('line 10 (:60F:)')
    expect(error.message).toContain('2000')
    expect(error.message).toContain('1500')
  })
})
