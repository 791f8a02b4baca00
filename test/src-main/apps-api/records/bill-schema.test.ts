import { describe, expect, it } from 'vitest'
import { billSchema } from '../../../../src-main/apps-api/records/bill-schema'
import { expenseSchema } from '../../../../src-main/apps-api/records/expense-schema'
import { parseListPage } from '../../../../src-main/apps-api/records/list-page'

const saleSummary = {
  id: 'b-1',
  number: 'A-0001',
  type: 'sale',
  status: 'paid',
  location_id: 'loc-1',
  register_session_id: 'rs-1',
  parent_bill_id: null,
  currency: 'USD',
  total: 12.5,
  total_tax: 1.14,
  amount_paid: 12.5,
  amount_due: 0,
  created_at: '2026-11-20T19:05:00+07:00',
  updated_at: '2026-11-20T19:05:00+07:00',
}

const fullSale = {
  ...saleSummary,
  subtotal: 13.5,
  lines: [
    {
      id: 'l-1',
      variant_id: 'v-9',
      name: 'Latte',
      quantity: 2,
      unit_price: 6.75,
      total: 13.5,
      taxes: [{ name: 'VAT', rate: 10, amount: 1.23 }],
    },
  ],
  discounts: [{ name: 'Member', amount: 1 }],
  fees: [],
  taxes: [{ name: 'VAT', rate: 10, amount: 1.14 }],
  payments: [
    {
      id: 'p-1',
      method: 'card',
      amount: 12.5,
      created_at: '2026-11-20T19:06:00+07:00',
      register_session_id: 'rs-1',
      reversed_at: null,
    },
  ],
  loyalty_points: 12,
}

describe('tolerant bill schema (docs/service.md#tolerant-reading)', () => {
  it('reads a summary into minor units and epoch times, keeping the original time text', () => {
    const bill = billSchema(null).parse(saleSummary)
    expect(bill).toMatchObject({
      id: 'b-1',
      total: 1250,
      totalTax: 114,
      amountPaid: 1250,
      amountDue: 0,
      hasDetail: false,
      lines: [],
      payments: [],
    })
    expect(bill.createdAt).toBe(Date.parse('2026-11-20T12:05:00Z'))
    expect(bill.createdAtText).toBe('2026-11-20T19:05:00+07:00')
  })

  it('reads a full bill, keeps unknown fields, and marks it detailed', () => {
    const bill = billSchema(null).parse(fullSale)
    expect(bill.hasDetail).toBe(true)
    expect(bill.lines[0]).toEqual({
      id: 'l-1',
      variantId: 'v-9',
      name: 'Latte',
      quantity: 2,
      unitPrice: 675,
      total: 1350,
      taxes: [{ name: 'VAT', rate: 10, amount: 123 }],
    })
    expect(bill.discounts).toEqual([{ name: 'Member', amount: 100 }])
    expect(bill.payments[0]).toMatchObject({
      id: 'p-1',
      method: 'card',
      amount: 1250,
      reversedAt: null,
      ref: null,
    })
    expect(bill.extra).toEqual({ loyalty_points: 12 })
  })

  it('accepts numeric ids, numeric-string amounts, Z and unix-second times, and missing arrays', () => {
    const bill = billSchema(null).parse({
      ...saleSummary,
      id: 77,
      location_id: 3,
      register_session_id: 12,
      total: '12.50',
      amount_paid: '12.5',
      created_at: 1_763_640_300,
      updated_at: '2026-11-20T12:05:00Z',
      lines: [],
      payments: null,
    })
    expect(bill).toMatchObject({
      id: '77',
      locationId: '3',
      registerSessionId: '12',
      total: 1250,
      amountPaid: 1250,
      createdAt: 1_763_640_300_000,
    })
    expect(bill.hasDetail).toBe(false)
  })

  it('treats refund and void amounts as magnitudes whatever sign the server used', () => {
    for (const sign of [1, -1]) {
      const refund = billSchema(null).parse({
        ...fullSale,
        id: 'r-1',
        type: 'REFUND',
        parent_bill_id: 'b-1',
        total: sign * 6.75,
        total_tax: sign * 0.61,
        lines: [{ ...fullSale.lines[0], quantity: sign, total: sign * 6.75 }],
        payments: [{ ...fullSale.payments[0], amount: sign * 6.75 }],
      })
      expect(refund).toMatchObject({
        type: 'refund',
        parentBillId: 'b-1',
        total: 675,
        totalTax: 61,
      })
      expect(refund.lines[0]).toMatchObject({ quantity: 1, total: 675 })
      expect(refund.payments[0]?.amount).toBe(675)
    }
  })

  it('takes the merchant currency when a bill names none, in 0, 2 and 3 decimals', () => {
    const { currency: _omit, ...noCurrency } = saleSummary
    expect(
      billSchema('IDR').parse({ ...noCurrency, total: 25000, total_tax: 2273, amount_paid: 25000 })
        .total,
    ).toBe(25000)
    expect(billSchema('KWD').parse({ ...noCurrency, total: 1.25 }).total).toBe(1250)
    expect(billSchema('USD').parse({ ...noCurrency, total: 1.25 }).total).toBe(125)
  })

  it('refuses what cannot be right, with the reason', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...saleSummary, type: 'layaway' }, /type/],
      [{ ...saleSummary, total: 12.345 }, /total: 12.345 has more than 2 decimal places/],
      [{ ...saleSummary, total: 'twelve' }, /total/],
      [{ ...saleSummary, created_at: '20/11/2026' }, /created_at/],
      [{ ...saleSummary, currency: 'XXXX' }, /currency/],
      [{ ...saleSummary, id: undefined }, /id/],
    ]
    for (const [record, reason] of cases) {
      const result = billSchema(null).safeParse(record)
      expect(result.success).toBe(false)
      expect(
        result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      ).toMatch(reason)
    }
  })
})

describe('list pages', () => {
  const schema = billSchema(null)

  it('quarantines a bad record with its raw JSON and keeps the rest', () => {
    const bad = { ...saleSummary, id: 'b-bad', total: '1,5' }
    const page = parseListPage(
      {
        data: [saleSummary, bad, { ...saleSummary, id: 'b-3' }],
        meta: { page: 1, limit: 3, total: 3, last_page: 1 },
      },
      schema,
      'bill',
      { page: 1, limit: 3 },
    )
    expect(page.records.map((b) => b.id)).toEqual(['b-1', 'b-3'])
    expect(page.quarantined).toEqual([
      { kind: 'bill', id: 'b-bad', reason: expect.stringMatching(/^total:/), raw: bad },
    ])
    expect(page.page).toEqual({ page: 1, limit: 3, total: 3, lastPage: 1, hasMore: false })
  })

  it('reads meta as page/limit, current_page/per_page, or infers the end from a short page', () => {
    expect(
      parseListPage(
        { data: [saleSummary], meta: { current_page: '2', per_page: '1', total: 5, last_page: 5 } },
        schema,
        'bill',
        { page: 2, limit: 1 },
      ).page,
    ).toMatchObject({ page: 2, limit: 1, hasMore: true })
    expect(
      parseListPage({ data: [saleSummary, saleSummary] }, schema, 'bill', { page: 4, limit: 2 })
        .page,
    ).toEqual({ page: 4, limit: 2, total: null, lastPage: null, hasMore: true })
    expect(
      parseListPage({ data: [saleSummary] }, schema, 'bill', { page: 4, limit: 2 }).page.hasMore,
    ).toBe(false)
    // A server capping lower than asked: meta.limit says 50, a full page of 50 means more.
    expect(
      parseListPage(
        { data: Array(50).fill(saleSummary), meta: { page: 1, limit: 50 } },
        schema,
        'bill',
        { page: 1, limit: 200 },
      ).page.hasMore,
    ).toBe(true)
    expect(() => parseListPage({ items: [] }, schema, 'bill', { page: 1, limit: 20 })).toThrow(
      /no data array/,
    )
  })
})

describe('tolerant expense schema', () => {
  it('reads an expense with the merchant currency and keeps unknown fields', () => {
    const expense = expenseSchema('IDR').parse({
      id: 9,
      number: 'EXP-9',
      location_id: 'loc-1',
      register_session_id: null,
      category: 'Supplies',
      description: 'Milk',
      supplier: null,
      amount: '55000',
      tax_amount: 5000,
      payment_method: 'cash',
      expense_date: '2026-11-20',
      created_at: '2026-11-20T08:00:00+07:00',
      updated_at: '2026-11-20T08:00:00+07:00',
      receipt_url: 'https://example/r.jpg',
    })
    expect(expense).toMatchObject({
      id: '9',
      currency: 'IDR',
      amount: 55000,
      taxAmount: 5000,
      registerSessionId: null,
      expenseDate: '2026-11-20',
      extra: { receipt_url: 'https://example/r.jpg' },
    })
  })
})
