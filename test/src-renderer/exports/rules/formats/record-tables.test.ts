import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencyExponent, toMinorUnits } from '../../../../../src-shared/domain/money'
import {
  writeBillLinesCsv,
  writeBillsCsv,
  writeExpensesCsv,
  writePaymentsCsv,
} from '../../../../../src-renderer/exports/rules/formats/record-tables'
import {
  writeSessionPaymentsCsv,
  writeSessionsCsv,
  type SessionRow,
} from '../../../../../src-renderer/exports/rules/formats/session-tables'
import { collectText, slices } from '../../../../support/exports/collect'
import { expense } from '../../../../support/exports/fixtures'
import { parseCsvFile } from '../../../../support/exports/csv-parse'
import { shopArbitrary, type Shop } from '../../../../support/exports/shop'

function sampleShop(seed: number): Shop {
  const [shop] = fc.sample(shopArbitrary({ consistent: false }), { seed, numRuns: 1 })
  if (!shop) throw new Error('no shop')
  return shop
}

/** The text a text cell holds after neutralisation. */
const shown = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

describe('record CSV files', () => {
  it('bills.csv: one row per bill, ids first, amounts exact', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const shop = sampleShop(seed)
      const rows = parseCsvFile(await collectText(writeBillsCsv(slices(shop.bills, 2))))
      expect(rows).toHaveLength(shop.bills.length)
      const exponent = currencyExponent(shop.currency)
      shop.bills.forEach((bill, i) => {
        const row = rows[i]!
        expect(Object.keys(row).slice(0, 4)).toEqual([
          'id',
          'parent_bill_id',
          'location_id',
          'register_session_id',
        ])
        expect(row).toMatchObject({
          id: bill.id,
          parent_bill_id: bill.parentBillId ?? '',
          register_session_id: bill.registerSessionId ?? '',
          number: bill.number,
          type: bill.type,
          business_date: bill.businessDate,
          currency: bill.currency,
          created_at: bill.createdAtText,
        })
        expect(toMinorUnits(row.total ?? '', exponent)).toBe(bill.total)
        expect(toMinorUnits(row.amount_due ?? '', exponent)).toBe(bill.amountDue)
      })
    }
  })

  it('bill_lines.csv: every line, discount, fee and tax of each bill, names round-tripping', async () => {
    const shop = sampleShop(5)
    const rows = parseCsvFile(await collectText(writeBillLinesCsv(slices(shop.bills, 3))))
    const exponent = currencyExponent(shop.currency)
    for (const bill of shop.bills) {
      const mine = rows.filter((r) => r.bill_id === bill.id)
      const kinds = (kind: string) => mine.filter((r) => r.kind === kind)
      expect(kinds('line').map((r) => [r.line_id, r.name, r.quantity])).toEqual(
        bill.lines.map((l) => [l.id, shown(l.name), String(l.quantity)]),
      )
      expect(kinds('discount').map((r) => r.name)).toEqual(bill.discounts.map((d) => shown(d.name)))
      expect(kinds('fee').map((r) => toMinorUnits(r.amount ?? '', exponent))).toEqual(
        bill.fees.map((f) => f.amount),
      )
      expect(kinds('tax').map((r) => [r.name, toMinorUnits(r.amount ?? '', exponent)])).toEqual(
        bill.taxes.map((t) => [t.name, t.amount]),
      )
      for (const [i, line] of bill.lines.entries()) {
        const taxes = line.taxes.reduce((s, t) => s + t.amount, 0)
        const cell = kinds('line')[i]?.tax_amount ?? ''
        expect(line.taxes.length === 0 ? cell : toMinorUnits(cell, exponent)).toBe(
          line.taxes.length === 0 ? '' : taxes,
        )
      }
    }
  })

  it('payments.csv and expenses.csv: one row per record, text neutralised, never amounts', async () => {
    const shop = sampleShop(6)
    const payments = shop.bills.flatMap((b) =>
      b.payments.map((p) => ({
        ...p,
        billId: b.id,
        billType: b.type,
        locationId: b.locationId,
        currency: b.currency,
      })),
    )
    expect(payments.length).toBeGreaterThan(0)
    const paymentRows = parseCsvFile(await collectText(writePaymentsCsv([payments])))
    expect(paymentRows.map((r) => [r.id, r.bill_id, r.method, r.reversed_at !== ''])).toEqual(
      payments.map((p) => [p.id, p.billId, p.method, p.reversedAt !== null]),
    )
    const refundedExpense = expense({
      id: 'e-neg',
      number: '-7',
      registerSessionId: null,
      category: '-negative',
      description: '@supplier "credit", returned\r\ngoods',
      supplier: '+Toko',
      currency: shop.currency,
      amount: -1250,
    })
    const expenses = [...shop.expenses, refundedExpense]
    const expenseRows = parseCsvFile(await collectText(writeExpensesCsv([expenses])))
    const exponent = currencyExponent(shop.currency)
    expect(
      expenseRows.map((r) => [
        r.id,
        r.category,
        r.description,
        toMinorUnits(r.amount ?? '', exponent),
      ]),
    ).toEqual(expenses.map((e) => [e.id, shown(e.category), shown(e.description), e.amount]))
    expect(expenseRows.at(-1)).toMatchObject({
      number: '-7',
      supplier: "'+Toko",
      description: `'${refundedExpense.description}`,
    })
    expect(expenseRows.at(-1)?.amount).toMatch(/^-\d+(\.\d+)?$/)
  })
})

describe('session CSV files', () => {
  const session: SessionRow = {
    locationId: 'loc1',
    registerSessionId: 's1',
    sessionName: 'Fri 20 Nov · Salmiya · 08:10–close not recorded',
    businessDate: '2026-11-20',
    openedAt: Date.UTC(2026, 10, 20, 1),
    closedAt: null,
    currency: 'KWD',
    status: 'closed',
    saleCount: 3,
    refundCount: 1,
    voidCount: 0,
    grossSales: 12_345,
    discounts: 100,
    fees: 50,
    refunds: 1_000,
    voids: 0,
    netSales: 11_295,
    tax: 1_027,
    totalCollected: 11_000,
    receivableChange: 295,
    expenses: 500,
    cashExpenses: 500,
    openingCash: null,
    payIns: 2_000,
    payOuts: 750,
    drops: 1_000,
    expectedCash: 4_500,
    countedCash: 4_450,
    cashVariance: -50,
  }

  it('sessions.csv: the documented columns in order, amounts in the currency exponent, unknowns empty', async () => {
    const text = await collectText(writeSessionsCsv([[session]]))
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFlocation_id,register_session_id,session_name,business_date,opened_at,closed_at,currency,status,' +
        'sale_count,refund_count,void_count,gross_sales,discounts,fees,refunds,voids,net_sales,tax,' +
        'total_collected,receivable_change,expenses,cash_expenses,opening_cash,opening_cash_known,' +
        'pay_ins,pay_outs,drops,expected_cash,counted_cash,cash_variance',
    )
    expect(parseCsvFile(text)[0]).toMatchObject({
      session_name: 'Fri 20 Nov · Salmiya · 08:10–close not recorded',
      opened_at: '2026-11-20T01:00:00.000Z',
      closed_at: '',
      sale_count: '3',
      gross_sales: '12.345',
      net_sales: '11.295',
      opening_cash: '',
      // Expected cash assumed an opening float of 0: the row says so.
      opening_cash_known: 'false',
      pay_ins: '2.000',
      pay_outs: '0.750',
      drops: '1.000',
      expected_cash: '4.500',
      cash_variance: '-0.050',
    })
    const known = await collectText(writeSessionsCsv([[{ ...session, openingCash: 0 }]]))
    expect(parseCsvFile(known)[0]).toMatchObject({
      opening_cash: '0.000',
      opening_cash_known: 'true',
    })
  })

  it('session_payments.csv: one row per session and method', async () => {
    const text = await collectText(
      writeSessionPaymentsCsv([
        [
          {
            locationId: 'loc1',
            registerSessionId: 's1',
            currency: 'IDR',
            method: 'cash',
            collected: 50_000,
            returned: 10_000,
            net: 40_000,
          },
          {
            locationId: 'loc1',
            registerSessionId: 's1',
            currency: 'IDR',
            method: '=evil',
            collected: 0,
            returned: 500,
            net: -500,
          },
        ],
      ]),
    )
    expect(parseCsvFile(text)).toEqual([
      {
        location_id: 'loc1',
        register_session_id: 's1',
        method: 'cash',
        collected: '50000',
        returned: '10000',
        net: '40000',
      },
      {
        location_id: 'loc1',
        register_session_id: 's1',
        method: "'=evil",
        collected: '0',
        returned: '500',
        net: '-500',
      },
    ])
  })
})
