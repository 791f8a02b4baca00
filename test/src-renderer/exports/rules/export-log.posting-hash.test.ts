import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentHash } from '../../../../src-renderer/exports/rules/content-hash'
import { plannedHash } from '../../../support/exports/planned-hash'
import type { JournalEntry } from '../../../../src-renderer/exports/rules/journal-entry'

/** What an entry posts (docs/export-log.md#posted-states): its dates and ids, and each line's role and amount. */
const POSTED = [
  'id',
  'date',
  'currency',
  'payee',
  'billId',
  'registerSessionId',
  'locationId',
  'paymentIds',
] as const

/** The definition: the content hash of what an entry posts, through the general canonical JSON. */
function reference(entry: JournalEntry): string {
  const posted = Object.fromEntries(POSTED.map((field) => [field, entry[field]]))
  return contentHash({ ...posted, lines: entry.lines.map((l) => [l.role, l.amount]) })
}

const text = fc.string({ unit: 'binary', maxLength: 12 })
const entryArbitrary: fc.Arbitrary<JournalEntry> = fc.record({
  id: text,
  kind: fc.constant('bill' as const),
  date: text,
  currency: text,
  description: text,
  payee: fc.option(text),
  billId: fc.option(text),
  registerSessionId: fc.option(text),
  locationId: text,
  paymentIds: fc.array(text, { maxLength: 3 }),
  lines: fc.array(
    fc.record({
      role: text,
      account: fc.record({ code: text, name: text, kind: fc.constant('income' as const) }),
      amount: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
      memo: text,
    }),
    { maxLength: 5 },
  ),
})

describe('posting hash', () => {
  it('is the content hash of what the entry posts, for any entry', () => {
    fc.assert(
      fc.property(entryArbitrary, (entry) => {
        expect(plannedHash(entry)).toBe(reference(entry))
      }),
    )
  })

  it('takes an entry logged without a field the general way, as before', () => {
    fc.assert(
      fc.property(entryArbitrary, (entry) => {
        const { payee: _payee, ...older } = entry
        const logged = older as unknown as JournalEntry
        expect(plannedHash(logged)).toBe(reference(logged))
        expect(plannedHash(logged)).not.toBe(plannedHash({ ...entry, payee: null }))
      }),
    )
  })
})
