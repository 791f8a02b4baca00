import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppsApiClient, type ListResult } from '../../../src-main/apps-api/client'
import { TillError } from '../../../src-main/till-errors'
import { createLogger } from '../../../src-main/logging/logger'
import { Secret } from '../../../src-main/logging/secret'
import { checkProperty } from '../../support/fuzz-settings'

const goodBill = {
  id: 'bill-good',
  number: 'F-0007',
  type: 'sale',
  status: 'paid',
  location_id: 'loc-2',
  register_session_id: 'rs-9',
  parent_bill_id: null,
  currency: 'EUR',
  total: '48.20',
  total_tax: 4.38,
  amount_paid: 48.2,
  amount_due: 0,
  created_at: '2026-10-02T08:15:00Z',
  updated_at: 1_790_000_000,
}
const goodExpense = {
  id: 71,
  number: 'E-71',
  location_id: 'loc-2',
  category: 'Cleaning',
  currency: 'EUR',
  amount: 12.5,
  payment_method: 'cash',
  expense_date: '2026-10-02',
  created_at: '2026-10-02T09:00:00+02:00',
  updated_at: '2026-10-02T09:00:00+02:00',
}

/** A client whose every request is answered by `answer`; retries do not wait. */
function clientAnswering(answer: () => { status: number; body: string }): AppsApiClient {
  return new AppsApiClient(
    {
      baseUrl: 'https://pos.example.test',
      storeId: 'st-1',
      apiKey: new Secret('fuzz-key-0123456789'),
    },
    {
      httpGet: async () => {
        const { status, body } = answer()
        return { status, text: body, retryAfter: null }
      },
      log: createLogger('fuzz'),
      sleep: async () => undefined,
      random: () => 0,
    },
  )
}

/** The call either gives a result or fails with one of Till's named errors; nothing else. */
async function outcome<T>(call: Promise<T>): Promise<{ value: T } | { error: TillError }> {
  try {
    return { value: await call }
  } catch (error) {
    expect(error, `a raw ${String(error)} escaped`).toBeInstanceOf(TillError)
    return { error: error as TillError }
  }
}

/** A record with one field changed to anything, removed, or left alone. */
function mutated(record: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(record)
  return fc.oneof(
    fc
      .record({ key: fc.constantFrom(...keys), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...record, [key]: value })),
    fc
      .constantFrom(...keys)
      .map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
    fc.jsonValue(),
  )
}

const statuses = fc.constantFrom(
  200,
  200,
  200,
  204,
  400,
  401,
  403,
  404,
  409,
  422,
  429,
  500,
  502,
  503,
)
const bodies = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
  fc
    .record({ data: fc.array(fc.jsonValue(), { maxLength: 5 }), meta: fc.jsonValue() })
    .map((v) => JSON.stringify(v)),
)

function accountsForEveryItem(result: ListResult<unknown>, items: unknown[]): void {
  expect(result.records.length + result.quarantined.length).toBe(items.length)
}

describe('Apps API answers under fuzzing', () => {
  it('any status and body: a result or a named error, never a raw throw', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.array(fc.tuple(statuses, bodies), { minLength: 1, maxLength: 6 }),
        async (answers) => {
          let i = 0
          const client = clientAnswering(() => {
            const [status, body] = answers[Math.min(i++, answers.length - 1)]!
            return { status, body }
          })
          const listed = await outcome(client.listBills({ page: 1, limit: 20 }, 'EUR'))
          if ('value' in listed) expect(listed.value.page.page).toEqual(expect.any(Number))
          await outcome(client.listExpenses({ page: 1, limit: 20 }, null))
          await outcome(client.getBill('bill-good', 'EUR'))
        },
      ),
      400,
    )
  })

  it('a page of mutated bills keeps the good ones and quarantines the rest with a reason', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.array(mutated({ ...goodBill, id: 'bill-mutated' }), { maxLength: 8 }),
        fc.nat({ max: 8 }),
        async (others, at) => {
          const items = [...others]
          items.splice(Math.min(at, items.length), 0, goodBill)
          const client = clientAnswering(() => ({
            status: 200,
            body: JSON.stringify({ data: items }),
          }))
          const result = await client.listBills({ page: 1, limit: 20 }, 'EUR')
          accountsForEveryItem(result, items)
          expect(result.records.map((b) => b.id)).toContain('bill-good')
          expect(result.records.find((b) => b.id === 'bill-good')).toMatchObject({
            total: 4820,
            amountPaid: 4820,
          })
          for (const q of result.quarantined) expect(q.reason.length).toBeGreaterThan(0)
        },
      ),
      400,
    )
  })

  it('a page of mutated expenses does the same', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.array(mutated({ ...goodExpense, id: 'expense-mutated' }), { maxLength: 8 }),
        async (others) => {
          const items = [goodExpense, ...others]
          const client = clientAnswering(() => ({
            status: 200,
            body: JSON.stringify({ data: items, meta: { page: 1, per_page: 50 } }),
          }))
          const result = await client.listExpenses({ page: 1, limit: 50 }, 'EUR')
          accountsForEveryItem(result, items)
          expect(result.records.map((e) => e.id)).toContain('71')
          expect(result.page.hasMore).toBe(false)
        },
      ),
      300,
    )
  })

  it('quarantines a record whose unix-seconds time lies beyond what a Date can hold', async () => {
    // Found by the property above: toISOString threw a raw RangeError out of the schema.
    const items = [goodExpense, { ...goodExpense, id: 72, updated_at: -8_640_000_000_000.001 }]
    const client = clientAnswering(() => ({ status: 200, body: JSON.stringify({ data: items }) }))
    const result = await client.listExpenses({ page: 1, limit: 50 }, 'EUR')
    expect(result.records.map((e) => e.id)).toEqual(['71'])
    expect(result.quarantined).toMatchObject([
      { id: '72', reason: expect.stringMatching(/updated_at/) },
    ])
  })

  it('a mutated bill detail is read or quarantined, never thrown', async () => {
    await checkProperty(
      fc.asyncProperty(mutated(goodBill), fc.boolean(), async (bill, wrapped) => {
        const body = JSON.stringify(wrapped ? { data: bill } : bill)
        const result = await outcome(
          clientAnswering(() => ({ status: 200, body })).getBill('bill-good', 'EUR'),
        )
        expect('value' in result).toBe(true)
      }),
      300,
    )
  })
})
