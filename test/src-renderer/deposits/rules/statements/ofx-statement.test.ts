import { describe, expect, it } from 'vitest'
import { readOfxStatement } from '../../../../../src-renderer/deposits/rules/statements/ofx-statement'
import { statementRefusal as refusal } from '../../../../support/statement-refusal'
import { MAX_LINE_ID } from '../../../../../src-renderer/deposits/rules/statements/line-bounds'
import { fixture } from './fixtures/read-fixture'

describe('OFX 1.x (SGML, unclosed value elements, CRLF)', () => {
  it('reads each transaction with its FITID, date, signed cents and names', () => {
    const statement = readOfxStatement(fixture('checking-sgml.ofx'))
    expect(statement).toEqual({
      format: 'ofx',
      accountRef: '4420001234',
      currency: 'USD',
      lines: [
        {
          id: '202611200001',
          date: '2026-11-20',
          amount: 123456,
          currency: 'USD',
          text: 'ACME PAY SETTLEMENT · BATCH 1118-1119',
          bankKind: 'CREDIT',
        },
        {
          id: '202611210001',
          date: '2026-11-21',
          amount: -1200,
          currency: 'USD',
          text: 'MONTHLY SERVICE FEE',
          bankKind: 'FEE',
        },
        {
          id: '202611230001',
          date: '2026-11-23',
          valueDate: '2026-11-22',
          amount: 80000,
          currency: 'USD',
          text: 'CASH DEPOSIT BRANCH 12 & ATM',
          bankKind: 'DEP',
        },
      ],
    })
  })

  it('refuses an amount that is not a number, at its line', () => {
    const error = refusal(() => readOfxStatement(fixture('checking-bad-amount.ofx')))
    expect(error.where).toBe('line 31 (<STMTTRN>) <TRNAMT>')
    expect(error.message).toContain('-12.0O')
  })

  it('refuses a transaction left open', () => {
    const error = refusal(() => readOfxStatement(fixture('checking-unclosed.ofx')))
    expect(error.where).toBe('line 45')
    expect(error.message).toContain('<STMTTRN> of line 23 is')
  })

  it('refuses a file with no OFX element', () => {
    expect(refusal(() => readOfxStatement('Date,Amount\n')).where).toBe('line 1')
  })
})

describe('OFX 2.x / QFX (XML)', () => {
  it('reads the overlapping statement: the shared line has the same id', () => {
    const sgml = readOfxStatement(fixture('checking-sgml.ofx'))
    const xml = readOfxStatement(fixture('checking-xml.qfx'))
    expect(xml.lines.map(({ id, date, amount, text }) => [id, date, amount, text])).toEqual([
      ['202611230001', '2026-11-23', 80000, 'CASH DEPOSIT BRANCH 12 & ATM'],
      ['202611240001', '2026-11-24', 200110, 'ACME PAY · BATCH 1120-1122'],
      ['202611250001', '2026-11-25', -15075, 'CHECK · check 1043'],
    ])
    expect(xml.lines[0]).toEqual(sgml.lines[2])
  })

  it('refuses a transaction in another currency than the statement', () => {
    const text = fixture('checking-xml.qfx').replace(
      '<TRNAMT>2001.10</TRNAMT>',
      '<TRNAMT>2001.10</TRNAMT><CURRENCY><CURRATE>1.1</CURRATE><CURSYM>EUR</CURSYM></CURRENCY>',
    )
    const error = refusal(() => readOfxStatement(text))
    expect(error.message).toContain('EUR')
    expect(error.where).toBe('line 34 (<STMTTRN>)')
  })

  it('refuses two transactions with one FITID', () => {
    const text = fixture('checking-xml.qfx').replace('202611250001', '202611240001')
    expect(refusal(() => readOfxStatement(text)).message).toContain('202611240001')
  })
})

describe('OFX text', () => {
  it('decodes character references and leaves one naming no character as written', () => {
    const text = fixture('checking-sgml.ofx').replace(
      '<NAME>MONTHLY SERVICE FEE',
      '<NAME>CAF&#xE9; &#233; &#99999999; &lt;3',
    )
    expect(readOfxStatement(text).lines[1]!.text).toBe('CAFé é &#99999999; <3')
  })
})

describe('OFX files of several statements', () => {
  const sgml = fixture('checking-sgml.ofx')
  const statement = sgml.slice(sgml.indexOf('<STMTTRNRS>'), sgml.indexOf('</STMTTRNRS>') + 12)

  it('reads the statements of one account together', () => {
    const second = statement
      .replace('<FITID>202611200001', '<FITID>A1')
      .replace('<FITID>202611210001', '<FITID>A2')
      .replace('<FITID>202611230001', '<FITID>A3')
    const text = sgml.replace('</STMTTRNRS>', `</STMTTRNRS>\r\n${second}`)
    expect(readOfxStatement(text).lines.map((line) => line.id)).toEqual([
      '202611200001',
      '202611210001',
      '202611230001',
      'A1',
      'A2',
      'A3',
    ])
  })

  it('refuses the statements of two accounts, at the second', () => {
    const second = statement.replace('<ACCTID>4420001234', '<ACCTID>999')
    const text = sgml.replace('</STMTTRNRS>', `</STMTTRNRS>\r\n${second}`)
    const error = refusal(() => readOfxStatement(text))
    expect(error.message).toContain('several accounts')
    expect(error.where).toBe('line 53 (<STMTRS>)')
  })
})

describe('an OFX FITID of 240 characters', () => {
  it('is kept as a hash within the bound, the same in every file that gives it', () => {
    const read = () => readOfxStatement(fixture('checking-long-fitid.qfx')).lines.map((l) => l.id)
    const ids = read()
    expect(ids).toEqual(['202611230001', expect.stringMatching(/^f:[0-9a-f]{16}$/), '202611250001'])
    expect(read()).toEqual(ids)
    expect(ids.every((id) => id.length <= MAX_LINE_ID)).toBe(true)
  })
})
