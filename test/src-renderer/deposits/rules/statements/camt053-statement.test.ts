import { describe, expect, it } from 'vitest'
import { readCamt053Statement } from '../../../../../src-renderer/deposits/rules/statements/camt053-statement'
import { statementRefusal as refusal } from '../../../../support/statement-refusal'
import { MAX_LINE_TEXT } from '../../../../../src-renderer/deposits/rules/statements/line-bounds'
import { fixture } from './fixtures/read-fixture'

describe('CAMT.053 (IDR, no decimals)', () => {
  it('reads the booked entries signed by CdtDbtInd, with the bank reference as id', () => {
    const statement = readCamt053Statement(fixture('idr-camt053.xml'))
    expect(statement.format).toBe('camt053')
    expect(statement.accountRef).toBe('1234567890')
    expect(statement.currency).toBe('IDR')
    expect(
      statement.lines.map(({ id, date, valueDate, amount }) => [id, date, valueDate, amount]),
    ).toEqual([
      ['BNK20261120-77', '2026-11-20', '2026-11-20', 3276300],
      ['E-0002', '2026-11-21', '2026-11-22', 1482650],
      [expect.stringMatching(/^h:[0-9a-f]{16}$/), '2026-11-22', undefined, -15000],
      ['BNK20261124-03', '2026-11-24', undefined, -2500000],
    ])
  })

  it('joins the parties, the remittance lines and the additional information as the text', () => {
    const [deposit, qris, fee, supplier] = readCamt053Statement(fixture('idr-camt053.xml')).lines
    expect(deposit!.text).toBe('SETORAN TUNAI')
    expect(qris!.text).toBe('PT QRIS NUSANTARA · QRIS SETTLEMENT · 18-20/11')
    expect(fee!.text).toBe('BIAYA ADMINISTRASI')
    expect(supplier!.text).toBe('CV BIJI KOPI')
  })

  it('keeps the bank’s kind of transaction (BkTxCd) and the payer’s end-to-end reference', () => {
    const [deposit, qris, fee] = readCamt053Statement(fixture('idr-camt053.xml')).lines
    expect([deposit!.bankKind, deposit!.bankReference]).toEqual(['PMNT/CNTR/CDPT', undefined])
    expect([qris!.bankKind, qris!.bankReference]).toEqual(['QRS', 'QR-881920'])
    expect([fee!.bankKind, fee!.bankReference]).toEqual([undefined, undefined])
  })

  it('leaves the pending entry out', () => {
    const lines = readCamt053Statement(fixture('idr-camt053.xml')).lines
    expect(lines.some((line) => line.amount === 990000)).toBe(false)
  })

  it('refuses a fraction of a rupiah, naming the entry', () => {
    const error = refusal(() => readCamt053Statement(fixture('idr-camt053-fraction.xml')))
    expect(error.where).toBe('Stmt[1]/Ntry[2]/Amt')
  })

  it('refuses an entry in another currency', () => {
    const error = refusal(() => readCamt053Statement(fixture('idr-camt053-usd-entry.xml')))
    expect(error.where).toBe('Stmt[1]/Ntry[3]/Amt')
    expect(error.message).toContain('USD')
  })

  it('refuses a statement whose entries do not reach its closing balance', () => {
    const error = refusal(() => readCamt053Statement(fixture('idr-camt053-incomplete.xml')))
    expect(error.where).toBe('Stmt[1]')
    expect(error.message).toContain('incomplete')
  })

  it('refuses an amount written negative, never letting it flip the sign of a DBIT', () => {
    const text = fixture('idr-camt053.xml').replace('>15000</Amt>', '>-15000</Amt>')
    const error = refusal(() => readCamt053Statement(text))
    expect(error.where).toBe('Stmt[1]/Ntry[3]/Amt')
    expect(error.message).toContain('negative')
  })

  it('refuses a booking date in 2999', () => {
    const text = fixture('idr-camt053.xml').replace(
      '<BookgDt><Dt>2026-11-22',
      '<BookgDt><Dt>2999-11-22',
    )
    expect(refusal(() => readCamt053Statement(text)).where).toMatch(
      /^Stmt\[1\]\/Ntry\[3\]\/BookgDt/,
    )
  })

  it('refuses XML that is not well formed, at its line', () => {
    const error = refusal(() => readCamt053Statement(fixture('idr-camt053-broken.xml')))
    expect(error.where).toMatch(/^line 5[56]$/)
  })
})

describe('a CAMT.053 batch booking of 40 transactions', () => {
  it('keeps its text within the bound, cut with a mark, its id and amount as the bank gave them', () => {
    const [line] = readCamt053Statement(fixture('idr-camt053-batch.xml')).lines
    expect(line!.id).toBe('BNK20261124-BATCH')
    expect(line!.amount).toBe(40_000_000)
    expect(line!.text.length).toBeLessThanOrEqual(MAX_LINE_TEXT)
    expect(line!.text.length).toBeGreaterThan(MAX_LINE_TEXT - 10)
    expect(line!.text.startsWith('PELANGGAN 001 KOPI SENJA · CARD SETTLEMENT TERMINAL 4411')).toBe(
      true,
    )
    expect(line!.text.endsWith('…')).toBe(true)
  })
})

describe('a CAMT.053 file of two statements', () => {
  const secondDay = (opening: string, closing: string) =>
    `<Stmt><Acct><Id><Othr><Id>1234567890</Id></Othr></Id><Ccy>IDR</Ccy></Acct>` +
    `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="IDR">${opening}</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>` +
    `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="IDR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>` +
    `<Ntry><Amt Ccy="IDR">1000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
    `<BookgDt><Dt>2026-11-25</Dt></BookgDt><AddtlNtryInf>CASH</AddtlNtryInf></Ntry></Stmt>`
  const file = (opening: string, closing: string) =>
    fixture('idr-camt053.xml').replace('</Stmt>', `</Stmt>${secondDay(opening, closing)}`)

  it('reads both when the second opens where the first closed', () => {
    expect(readCamt053Statement(file('12243950', '12244950')).lines.at(-1)!.text).toBe('CASH')
  })

  it('refuses the second when it opens elsewhere, saying both balances', () => {
    const error = refusal(() => readCamt053Statement(file('12000000', '12001000')))
    expect(error.where).toBe('Stmt[2]/Bal')
    expect(error.message).toContain('12000000')
    expect(error.message).toContain('12243950')
  })
})
