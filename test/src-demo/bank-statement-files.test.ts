/**
 * The demo bank's statement of the shop's own deposits: its amounts are the takings (worked out
 * here from what the Apps API serves, not from the demo's own sums) less the fees, and Till's
 * statement readers read every file it writes.
 */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import { currencyExponent, toMinorUnits } from '../../src-shared/domain/money'
import { recogniseCsvLayout } from '../../src-renderer/deposits/rules/statements/csv-layouts'
import { readStatement } from '../../src-renderer/deposits/rules/statements/read-statement'
import { newStatementLines } from '../../src-renderer/deposits/rules/statements/statement-line-ids'
import { control, startService, type BillJson, type ExpenseJson } from '../support/demo-service'
import type { TruthSession } from '../support/service-truth'

const NOW = '2026-11-27T13:00:00Z'
const TODAY = '2026-11-27'

/** The demo bank's terms, written out: [basis points, fixed minor units per payment] (IDR). */
const FEES: Record<string, [number, number]> = {
  cash: [0, 0],
  card: [200, 320],
  qris: [70, 0],
  e_wallet: [150, 0],
  bank_transfer: [0, 0],
}

interface Day {
  gross: number
  payments: number
}

/** Takings per `location|method|date` of closed sessions, from the records as the Apps API serves them. */
function takingsFromRecords(demo: DemoServiceHandle): Map<string, Day> {
  const exponent = currencyExponent('IDR')
  const sessions = new Map(
    (demo.shop.sessions() as unknown as TruthSession[]).map((session) => [session.id, session]),
  )
  const takings = new Map<string, Day>()
  const add = (sessionId: string | null, method: string, amount: number, payment: boolean) => {
    const session = sessionId === null ? undefined : sessions.get(sessionId)
    if (!session || session.closed_at === null) return
    const key = `${session.location_id}|${method}|${session.opened_at.slice(0, 10)}`
    const day = takings.get(key) ?? { gross: 0, payments: 0 }
    day.gross += amount
    if (payment) day.payments++
    takings.set(key, day)
  }
  for (const bill of demo.shop.bills() as unknown as IterableIterator<BillJson>)
    for (const payment of bill.payments) {
      if (payment.reversed_at !== null || payment.method === 'online') continue
      const minor = toMinorUnits(payment.amount, exponent)
      const sale = bill.type === 'sale'
      add(payment.register_session_id, payment.method, sale ? minor : -minor, sale)
    }
  for (const expense of demo.shop.expenses() as unknown as ExpenseJson[])
    if (expense.payment_method === 'cash')
      add(expense.register_session_id, 'cash', -toMinorUnits(expense.amount, exponent), false)
  return takings
}

const halfUp = (amount: number, basisPoints: number): number =>
  Math.floor((amount * basisPoints + 5000) / 10000)

describe('the demo bank statement', () => {
  let demo: DemoServiceHandle

  beforeAll(async () => {
    demo = await startService({ days: 35, now: NOW, billsPerSession: 10 })
  })

  it('deposits each day’s takings, less the fee of a percentage and a fixed amount per payment', () => {
    const takings = takingsFromRecords(demo)
    const deposits = demo.shop.bankDeposits()
    expect(deposits.length).toBeGreaterThan(20)
    for (const deposit of deposits) {
      const [basisPoints, fixed] = FEES[deposit.method]!
      let fee = 0
      let gross = 0
      for (const day of deposit.days) {
        const truth = takings.get(`${deposit.locationId}|${deposit.method}|${day.businessDate}`)
        expect(day.gross).toBe(truth?.gross)
        expect(day.payments).toBe(truth?.payments)
        gross += day.gross
        fee += halfUp(day.gross, basisPoints) + fixed * day.payments
      }
      expect([deposit.fee, deposit.amount]).toEqual([fee, gross - fee])
      expect(
        deposit.bookingDate > deposit.days.at(-1)!.businessDate ||
          deposit.method === 'bank_transfer',
      ).toBe(true)
    }
  })

  it('banks every day with takings once, some days together in one line', () => {
    const deposits = demo.shop.bankDeposits()
    const covered = deposits.flatMap((deposit) =>
      deposit.days.map((day) => `${deposit.locationId}|${deposit.method}|${day.businessDate}`),
    )
    expect(new Set(covered).size).toBe(covered.length)
    const settled = [...takingsFromRecords(demo)]
      .filter(([key, day]) => day.gross > 0 && key.slice(-10) <= '2026-11-13')
      .map(([key]) => key)
    expect(settled.every((key) => covered.includes(key))).toBe(true)
    expect(deposits.some((deposit) => deposit.days.length > 1)).toBe(true)
    expect(deposits.some((deposit) => deposit.fee > 0)).toBe(true)
  })

  it.each(['csv', 'camt053', 'mt940'] as const)(
    'is read by Till as %s, line for line',
    (format) => {
      const deposits = demo.shop.bankDeposits()
      const { text } = demo.bankStatement(format)
      const csv = format === 'csv' ? recogniseCsvLayout(text, 'IDR')?.mapping : undefined
      const statement = readStatement(text, { currency: 'IDR', ...(csv ? { csv } : {}) })
      expect(statement.format).toBe(format)
      expect(statement.currency).toBe('IDR')
      expect(statement.lines.map((line) => [line.date, line.amount])).toEqual(
        deposits.map((deposit) => [deposit.bookingDate, deposit.amount]),
      )
      if (format !== 'csv')
        expect(statement.lines.map((line) => line.id)).toEqual(
          deposits.map((deposit) => deposit.ref),
        )
      const banked = statement.lines.reduce((sum, line) => sum + line.amount, 0)
      const takings = deposits.flatMap((d) => d.days).reduce((sum, day) => sum + day.gross, 0)
      const fees = deposits.reduce((sum, deposit) => sum + deposit.fee, 0)
      expect(banked).toBe(takings - fees)
      expect(statement.lines.every((line) => line.date <= TODAY)).toBe(true)
    },
  )

  it('as CSV and then as CAMT.053 is one statement: the CAMT adds none of its lines', () => {
    const text = demo.bankStatement('csv').text
    const csv = readStatement(text, {
      csv: recogniseCsvLayout(text, 'IDR')!.mapping,
      currency: 'IDR',
    })
    const camt = readStatement(demo.bankStatement('camt053').text, { currency: 'IDR' })
    expect(camt.lines.length).toBe(csv.lines.length)
    const kept = csv.lines.map((line) => ({ ...line, format: csv.format }))
    expect(newStatementLines(kept, camt)).toEqual({ fresh: [], known: camt.lines.length })
  })

  it('is served by the control API, and a later statement adds only the lines booked since', async () => {
    const served = await control<{ data: { text: string; filename: string } }>(
      demo,
      'GET',
      '/bank-statement/camt053',
    )
    expect(served.status).toBe(200)
    expect(served.body.data.text).toBe(demo.bankStatement('camt053').text)
    expect((await control(demo, 'GET', '/bank-statement/pdf')).status).toBe(404)

    const before = demo.bankStatement('csv').text
    const read = (text: string) =>
      readStatement(text, { csv: recogniseCsvLayout(text, 'IDR')!.mapping, currency: 'IDR' })
    const kept = read(before).lines.map((line) => ({ ...line, format: 'csv' as const }))
    expect((await control(demo, 'POST', '/clock/advance', { seconds: 4 * 86_400 })).status).toBe(
      200,
    )
    const later = read(demo.bankStatement('csv').text)
    const { fresh, known } = newStatementLines(kept, later)
    expect(known).toBe(kept.length)
    expect(fresh.length).toBeGreaterThan(0)
    expect(fresh.every((line) => line.date > TODAY)).toBe(true)
  })
})
