import { describe, expect, it } from 'vitest'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { readCsvStatement } from '../../../../../src-renderer/deposits/rules/statements/csv-statement'
import { readOfxStatement } from '../../../../../src-renderer/deposits/rules/statements/ofx-statement'
import {
  newStatementLines,
  withLineIds,
} from '../../../../../src-renderer/deposits/rules/statements/statement-line-ids'
import type { ParsedStatement } from '../../../../../src-renderer/deposits/rules/bank-line'
import { fixture } from './fixtures/read-fixture'

/** The lines of a statement as an account keeps them, with the format they came in. */
const keptOf = (statement: ParsedStatement) =>
  statement.lines.map((line) => ({ ...line, format: statement.format }))

describe('newStatementLines', () => {
  it('adds only the lines of an overlapping OFX statement not kept yet (by FITID)', () => {
    const kept = keptOf(readOfxStatement(fixture('checking-sgml.ofx')))
    const { fresh, known } = newStatementLines(kept, readOfxStatement(fixture('checking-xml.qfx')))
    expect(known).toBe(1)
    expect(fresh.map((line) => line.id)).toEqual(['202611240001', '202611250001'])
  })

  it('adds only the new lines of an overlapping CSV statement (by hash)', () => {
    const read = (name: string) => {
      const text = fixture(name)
      return readCsvStatement(text, recogniseCsvLayout(text, 'USD')!.mapping, 'USD')
    }
    const kept = keptOf(read('us-checking-1.csv'))
    const { fresh, known } = newStatementLines(kept, read('us-checking-2.csv'))
    expect(known).toBe(1)
    expect(fresh.map((line) => line.amount)).toEqual([200110, -15075])
  })

  it('adds nothing when the same statement comes again', () => {
    const statement = readOfxStatement(fixture('checking-sgml.ofx'))
    expect(newStatementLines(keptOf(statement), statement)).toEqual({ fresh: [], known: 3 })
  })
})

describe('hashed line ids', () => {
  const line = {
    date: '2026-11-24',
    amount: 150000,
    currency: 'IDR',
    text: 'QRIS',
    where: 'line 2',
  }

  it('tells two lines alike in everything apart by their order', () => {
    const [first, second] = withLineIds([line, { ...line, where: 'line 3' }])
    expect(first!.id).toMatch(/^h:[0-9a-f]{16}$/)
    expect(second!.id).toBe(`${first!.id}#2`)
  })

  it('differ when the running balance differs', () => {
    const [first, second] = withLineIds([
      { ...line, balance: 1 },
      { ...line, balance: 2 },
    ])
    expect(first!.id).not.toBe(second!.id)
    expect(second!.id).not.toContain('#')
  })
})
