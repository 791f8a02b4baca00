import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StatementReadError } from '../../../../../src-renderer/deposits/rules/bank-line'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { readStatement } from '../../../../../src-renderer/deposits/rules/statements/read-statement'
import { checkProperty } from '../../../../support/fuzz-settings'
import { fixture } from './fixtures/read-fixture'

/**
 * A damaged statement file is read or refused with a StatementReadError naming where; it never
 * fails in any other way, and whatever it reads is whole: every line has an id, a real date and
 * an amount in whole minor units.
 */

const FILES = [
  ['checking-sgml.ofx', 'USD'],
  ['checking-xml.qfx', 'USD'],
  ['idr-camt053.xml', 'IDR'],
  ['eur-two-days.mt940', 'EUR'],
  ['us-checking-2.csv', 'USD'],
  ['idr-internet-banking.csv', 'IDR'],
] as const

interface Damage {
  kind: 'delete' | 'insert'
  at: number
  length?: number
  text?: string
}

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('<', '>', '"', ';', ',', '\n', ':61:', '</STMTTRN>', '&', '-', 'C', 'D'),
    ),
  }),
)

function damaged(text: string, changes: readonly Damage[]): string {
  let result = text
  for (const change of changes) {
    const at = change.at % (result.length + 1)
    result =
      change.kind === 'delete'
        ? result.slice(0, at) + result.slice(at + (change.length ?? 1))
        : result.slice(0, at) + (change.text ?? '') + result.slice(at)
  }
  return result
}

describe('damaged statement files', () => {
  it.each(FILES)('%s is read whole or refused with where it fails', async (name, currency) => {
    const original = fixture(name)
    const csv = recogniseCsvLayout(original, currency)?.mapping
    await checkProperty(
      fc.property(fc.array(damage, { minLength: 1, maxLength: 3 }), (changes) => {
        const text = damaged(original, changes)
        try {
          const statement = readStatement(text, { currency, ...(csv ? { csv } : {}) })
          for (const line of statement.lines) {
            expect(line.id).not.toBe('')
            expect(line.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
            expect(Number.isSafeInteger(line.amount)).toBe(true)
          }
        } catch (error) {
          if (!(error instanceof StatementReadError)) throw error
          expect(error.where).not.toBe('')
        }
      }),
      300,
    )
  })
})
