import { describe, expect, it } from 'vitest'
import { billSchema } from '../../../../src-main/apps-api/records/bill-schema'
import { expenseSchema } from '../../../../src-main/apps-api/records/expense-schema'
import { parseListPage } from '../../../../src-main/apps-api/records/list-page'
import { getBillsInput } from '../../../../src-shared/bridge/contract'
import { apiBillSummary } from '../../../support/api-bill'

const summary = (id: unknown) => apiBillSummary(id)

const HOSTILE_IDS = ['.', '..', 'b-1\u0000', 'b\n2', 'b\u007f3', 'b\u00854']

describe('record ids that would change a request path or a file (issue 14, 5)', () => {
  it.each(HOSTILE_IDS)('quarantines a bill with the id %j and keeps the rest of the page', (id) => {
    const { records, quarantined } = parseListPage(
      { data: [summary('b-good'), summary(id)] },
      billSchema(null),
      'bill',
      { page: 1, limit: 20 },
    )
    expect(records.map((b) => b.id)).toEqual(['b-good'])
    expect(quarantined).toEqual([
      expect.objectContaining({ kind: 'bill', reason: expect.stringMatching(/^id: /) as unknown }),
    ])
  })

  it('quarantines a bill whose line, payment, session or parent id is a dot-segment', () => {
    const parts = [
      { lines: [{ id: '..', name: 'x', quantity: 1, unit_price: 1, total: 1 }] },
      {
        payments: [{ id: '.', method: 'cash', amount: 1, created_at: '2026-11-20T19:05:00+07:00' }],
      },
      { register_session_id: '..' },
      { parent_bill_id: 'p\u0000' },
      { location_id: '..' },
    ]
    for (const part of parts)
      expect(billSchema(null).safeParse({ ...summary('b-1'), ...part }).success).toBe(false)
  })

  it('quarantines an expense with a dot-segment id', () => {
    const expense = {
      id: '..',
      location_id: 'loc-1',
      amount: 1,
      currency: 'USD',
      category: 'Supplies',
      payment_method: 'cash',
      expense_date: '2026-11-20',
      created_at: '2026-11-20T19:05:00+07:00',
      updated_at: '2026-11-20T19:05:00+07:00',
    }
    expect(expenseSchema(null).safeParse({ ...expense, id: 'e-1' }).success).toBe(true)
    expect(expenseSchema(null).safeParse(expense).success).toBe(false)
  })

  it('keeps ids with dots, spaces and letters of any script', () => {
    for (const id of ['b.1', '...', 'A 12', 'ಬಿಲ್-7', 12345])
      expect(billSchema(null).parse(summary(id)).id).toBe(String(id))
  })

  it.each(HOSTILE_IDS)('refuses the detail request for %j at the bridge', (id) => {
    const input = { profileId: 'p-1', currency: null, ids: ['b-1', id] }
    expect(getBillsInput.safeParse(input).success).toBe(false)
    expect(getBillsInput.safeParse({ ...input, ids: ['b-1'] }).success).toBe(true)
  })
})
