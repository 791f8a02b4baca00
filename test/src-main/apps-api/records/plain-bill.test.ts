import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billSchema } from '../../../../src-main/apps-api/records/bill-schema'
import { readPlainBill } from '../../../../src-main/apps-api/records/plain-bill'
import { apiBillSummary } from '../../../support/api-bill'
import { checkProperty } from '../../../support/fuzz-settings'
import { allPages, api, startService } from '../../../support/demo-service'

const plainSale = {
  ...apiBillSummary('b-1', 'A-0001'),
  parent_bill_id: null,
  total: 12.5,
  total_tax: 1.14,
  amount_paid: 12.5,
  updated_at: '2026-11-20T19:05:00.250Z',
  subtotal: 13.5,
  lines: [{ id: 'l-1', variant_id: '', quantity: 3, unit_price: 4.5, total: 13.5, taxes: null }],
  discounts: [{ amount: 1 }],
  fees: [{ name: 'Service', amount: 0.5, taxes: [{ rate: null, amount: 0.05 }] }],
  taxes: [{ name: 'VAT', rate: 10, amount: 1.14 }],
  payments: [
    {
      id: 'p-1',
      method: 'card',
      amount: 12.5,
      ref: 'AUTH-1',
      created_at: '2026-11-20T19:06:00+07:00',
      register_session_id: 'rs-1',
      reversed_at: null,
    },
  ],
  loyalty_points: 12,
}

/** The schema's reading, or null where it refuses the record. */
function schemaReading(raw: unknown, currency: string | null) {
  const result = billSchema(currency).safeParse(raw)
  return result.success ? result.data : null
}

describe('the plain reading of a bill', () => {
  it('gives what the schema gives for plain bills: 0, 2 and 3 decimals, refunds as magnitudes', () => {
    const bills: Array<[Record<string, unknown>, string | null]> = [
      [plainSale, null],
      [
        {
          ...plainSale,
          currency: undefined,
          total: 25000,
          total_tax: 2273,
          amount_paid: 25000,
          subtotal: null,
          lines: [{ ...plainSale.lines[0], unit_price: 12500, total: 25000, taxes: [] }],
          discounts: [],
          fees: [],
          taxes: [{ name: 'PB1', rate: 10, amount: 2273 }],
          payments: [{ ...plainSale.payments[0], amount: 25000 }],
        },
        'IDR',
      ],
      [{ ...plainSale, currency: 'kwd', total: 1.25 }, null],
      [{ ...plainSale, lines: undefined, payments: undefined, discounts: null }, null],
      [
        {
          ...plainSale,
          type: 'refund',
          parent_bill_id: 'b-0',
          total: -12.5,
          lines: [{ ...plainSale.lines[0], quantity: -2, total: -13.5 }],
          payments: [{ ...plainSale.payments[0], amount: -12.5, reversed_at: null }],
        },
        null,
      ],
    ]
    for (const [raw, currency] of bills) {
      const plain = readPlainBill(raw, currency)
      expect(plain).not.toBeNull()
      expect(plain).toStrictEqual(schemaReading(raw, currency))
    }
    expect(readPlainBill(bills[4]![0], null)).toMatchObject({
      total: 1250,
      lines: [{ quantity: 2, total: 1350 }],
    })
  })

  it('keeps unknown fields as the schema does, never a __proto__ one', () => {
    const raw = JSON.parse(
      JSON.stringify(plainSale).replace('{', '{"__proto__":{"polluted":true},"tip_jar":"yes",'),
    ) as Record<string, unknown>
    const plain = readPlainBill(raw, null)
    expect(plain?.extra).toEqual({ loyalty_points: 12, tip_jar: 'yes' })
    expect(Object.getPrototypeOf(plain?.extra)).toBe(Object.prototype)
    expect(plain).toStrictEqual(schemaReading(raw, null))
  })

  it('hands every variation and every fault to the schema', () => {
    const handedOver = [
      { ...plainSale, total: '12.50' },
      { ...plainSale, id: 77 },
      { ...plainSale, created_at: 1_763_640_300 },
      { ...plainSale, type: 'Sale' },
      { ...plainSale, total: 12.345 },
      { ...plainSale, currency: 'XXXX' },
      { ...plainSale, id: '..' },
      { ...plainSale, payments: [{ ...plainSale.payments[0], method: '' }] },
      { ...plainSale, lines: [{ ...plainSale.lines[0], quantity: '2' }] },
      { ...plainSale, status: null },
    ]
    for (const raw of handedOver) expect(readPlainBill(raw, null), JSON.stringify(raw)).toBeNull()
  })

  it('never reads a record otherwise than the schema does', async () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(null, '', '12.50', -3, 0.1, 1e21, '2026-11-20T19:05:00Z', 'SALE', '..'),
    )
    const mutated = (record: Record<string, unknown>): fc.Arbitrary<unknown> => {
      const keys = [...Object.keys(record), 'extra_field', '__proto__']
      return fc.oneof(
        { arbitrary: fc.constant(record), weight: 2 },
        fc
          .record({ key: fc.constantFrom(...keys), value })
          .map(({ key, value }) => ({ ...record, [key]: value })),
        fc
          .constantFrom(...keys)
          .map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
      )
    }
    const [fee] = plainSale.fees
    const bill = fc
      .record({
        line: mutated(plainSale.lines[0]!),
        payment: mutated(plainSale.payments[0]!),
        discount: mutated(plainSale.discounts[0]!),
        fee: mutated(fee!),
        feeTax: mutated(fee!.taxes[0]!),
        tax: mutated(plainSale.taxes[0]!),
        type: fc.constantFrom('sale', 'refund', 'void'),
      })
      .chain(({ line, payment, discount, fee, feeTax, tax, type }) =>
        mutated({
          ...plainSale,
          type,
          lines: [line],
          payments: [payment],
          discounts: [discount],
          fees: [{ ...(fee as object), taxes: [feeTax] }],
          taxes: [tax],
        }),
      )
    let readPlainly = 0
    await checkProperty(
      fc.property(bill, fc.constantFrom(null, 'USD', 'KWD'), (raw, currency) => {
        const plain = readPlainBill(raw, currency)
        if (plain === null) return
        readPlainly++
        expect(plain).toStrictEqual(schemaReading(raw, currency))
      }),
      2000,
    )
    // Most inputs are variations or faults; enough must still be plain for the property to hold.
    // About a fifth are, from day to day's seed (390 of 2,000 on 2026-12-06): a tenth is the floor.
    expect(readPlainly).toBeGreaterThan(200)
  })

  it('reads every bill of the demo shop, summaries and details, without the schema', async () => {
    const service = await startService()
    const summaries = await allPages<{ id: string }>(service, '/sales/bills/location/all')
    expect(summaries.length).toBeGreaterThan(50)
    for (const summary of summaries) expect(readPlainBill(summary, 'IDR')).not.toBeNull()
    for (const { id } of summaries.slice(0, 50)) {
      const detail = (await api(service, `/sales/bills/${id}`)).body
      const plain = readPlainBill(detail, 'IDR')
      expect(plain?.hasDetail).toBe(true)
      expect(plain).toStrictEqual(schemaReading(detail, 'IDR'))
    }
  })
})
