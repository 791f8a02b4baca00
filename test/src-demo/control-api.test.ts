/** The control API: its own token, and each operation changing the shop as the Apps API shows it. */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import {
  api,
  control,
  eventually,
  startService,
  type BillJson,
  type ErrorBody,
  type ExpenseJson,
} from '../support/demo-service'
import type { TruthSession } from '../support/service-truth'

const bill = async (service: DemoServiceHandle, id: string): Promise<BillJson> =>
  (await api<BillJson>(service, `/sales/bills/${id}`)).body

describe('control API', () => {
  let service: DemoServiceHandle

  beforeAll(async () => {
    service = await startService({ currency: 'USD', controlToken: 'control-secret' })
  })

  it('needs its own bearer token: none, a wrong one or the app key → 401', async () => {
    for (const token of ['', 'wrong', service.appKey]) {
      expect((await control(service, 'GET', '/state', undefined, token)).status).toBe(401)
    }
    expect((await control(service, 'GET', '/state')).status).toBe(200)
  })

  it('answers 404 for an unknown endpoint, 405 for a wrong method and 400 for a malformed body', async () => {
    expect((await control(service, 'GET', '/nothing-here')).status).toBe(404)
    expect((await control(service, 'DELETE', '/sales')).status).toBe(405)
    const response = await fetch(`${service.url}/_control/sales`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.controlToken}` },
      body: '{not json',
    })
    expect(response.status).toBe(400)
    expect((await control(service, 'POST', '/sales', { count: 0 })).status).toBe(400)
    expect((await control(service, 'POST', '/sales', { location_id: '999' })).status).toBe(404)
  })

  it('advances the clock, and trades sales after it at the chosen location', async () => {
    const before = await control<{ clock_unix: number }>(service, 'GET', '/state')
    const advanced = await control<{ clock_unix: number; clock: string }>(
      service,
      'POST',
      '/clock/advance',
      { seconds: 7200 },
    )
    expect(advanced.body.clock_unix).toBe(before.body.clock_unix + 7200)
    expect((await control(service, 'POST', '/clock/advance', { seconds: -5 })).status).toBe(400)
    const sold = await control<{ data: BillJson[] }>(service, 'POST', '/sales', {
      count: 3,
      location_id: '102',
    })
    expect(sold.status).toBe(201)
    expect(sold.body.data).toHaveLength(3)
    for (const sale of sold.body.data) {
      expect(sale.location_id).toBe('102')
      expect(Date.parse(sale.created_at) / 1000).toBeGreaterThan(advanced.body.clock_unix)
      expect(await bill(service, sale.id)).toMatchObject(sale)
    }
  })

  it('refunds chosen lines, refuses more than remains, and then refunds the rest exactly', async () => {
    const sale = (await control<{ data: BillJson[] }>(service, 'POST', '/sales', { count: 1 })).body
      .data[0] as BillJson
    const parent = await bill(service, sale.id)
    const [line] = parent.lines
    const first = await control<{ bill: BillJson }>(service, 'POST', `/bills/${sale.id}/refund`, {
      lines: [{ line_id: line?.id, quantity: 1 }],
    })
    expect(first.status).toBe(201)
    expect(first.body.bill).toMatchObject({ type: 'refund', parent_bill_id: sale.id })
    expect(first.body.bill.lines).toEqual([
      expect.objectContaining({ parent_line_id: line?.id, quantity: 1, total: line?.unit_price }),
    ])
    const tooMany = await control<ErrorBody>(service, 'POST', `/bills/${sale.id}/refund`, {
      lines: [{ line_id: line?.id, quantity: line?.quantity ?? 1 }],
    })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.error).toBe('conflict')
    const unknownLine = await control(service, 'POST', `/bills/${sale.id}/refund`, {
      lines: [{ line_id: 'nope', quantity: 1 }],
    })
    expect(unknownLine.status).toBe(409)
    const rest = parent.lines
      .map((l) => ({ line_id: l.id, quantity: l.id === line?.id ? l.quantity - 1 : l.quantity }))
      .filter((l) => l.quantity > 0)
    if (rest.length > 0) {
      const second = await control(service, 'POST', `/bills/${sale.id}/refund`, { lines: rest })
      expect(second.status).toBe(201)
    }
    const after = await bill(service, sale.id)
    expect(after.status).toBe('refunded')
    expect(after.updated_at).not.toBe(parent.updated_at)
    expect((await control(service, 'POST', `/bills/${sale.id}/refund`, {})).status).toBe(409)
    expect((await control(service, 'POST', `/bills/${sale.id}/void`)).status).toBe(409)
  })

  it('voids a sale: the void mirrors it and returns its payments; the parent is voided', async () => {
    const sale = (await control<{ data: BillJson[] }>(service, 'POST', '/sales', { count: 1 })).body
      .data[0] as BillJson
    const voided = await control<{ bill: BillJson; parent: BillJson }>(
      service,
      'POST',
      `/bills/${sale.id}/void`,
    )
    expect(voided.status).toBe(201)
    expect(voided.body.parent.status).toBe('voided')
    expect(voided.body.bill).toMatchObject({
      type: 'void',
      parent_bill_id: sale.id,
      total: sale.total,
      amount_paid: sale.amount_paid,
    })
    expect((await control(service, 'POST', `/bills/${sale.id}/void`)).status).toBe(409)
    expect((await control(service, 'POST', '/bills/1999999999/void')).status).toBe(404)
  })

  it('adds a payment in major units, refuses one above the amount due, and reverses it once', async () => {
    const owing = [...service.shop.bills()].find(
      (b) => b['type'] === 'sale' && b['status'] === 'unpaid' && (b['total'] as number) > 2,
    ) as unknown as BillJson
    const tooMuch = await control(service, 'POST', `/bills/${owing.id}/payments`, {
      amount: (Math.round(owing.amount_due * 100) + 1) / 100,
    })
    expect(tooMuch.status).toBe(409)
    expect(
      (await control(service, 'POST', `/bills/${owing.id}/payments`, { amount: 1.005 })).status,
    ).toBe(400)
    const paid = await control<{
      payment: { id: string; amount: number; method: string }
      bill: BillJson
    }>(service, 'POST', `/bills/${owing.id}/payments`, { amount: 1.5, method: 'qris' })
    expect(paid.status).toBe(201)
    expect(paid.body.payment).toMatchObject({ amount: 1.5, method: 'qris' })
    expect(paid.body.bill.amount_paid).toBe(1.5)
    expect(paid.body.bill.status).toBe('partially_paid')
    const reversed = await control<{ bill: BillJson }>(
      service,
      'POST',
      `/payments/${paid.body.payment.id}/reverse`,
    )
    expect(reversed.status).toBe(200)
    expect(reversed.body.bill.amount_paid).toBe(0)
    expect(reversed.body.bill.payments.at(-1)?.reversed_at).not.toBeNull()
    expect(
      (await control(service, 'POST', `/payments/${paid.body.payment.id}/reverse`)).status,
    ).toBe(409)
    expect((await control(service, 'POST', '/payments/1000000001-P99/reverse')).status).toBe(409)
    expect((await control(service, 'POST', '/payments/garbage/reverse')).status).toBe(404)
  })

  it('creates and edits expenses; the edit moves updated_at', async () => {
    const created = await control<ExpenseJson>(service, 'POST', '/expenses', {
      location_id: '101',
      category: 'Repairs',
      description: 'Grinder burrs',
      supplier: null,
      amount: '45.10',
      tax_amount: 4.47,
      payment_method: 'card',
      in_session: false,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      location_id: '101',
      register_session_id: null,
      category: 'Repairs',
      supplier: null,
      amount: 45.1,
      tax_amount: 4.47,
      payment_method: 'card',
    })
    await control(service, 'POST', '/clock/advance', { seconds: 60 })
    const edited = await control<ExpenseJson>(service, 'PATCH', `/expenses/${created.body.id}`, {
      amount: 46,
      tax_amount: 4.56,
    })
    expect(edited.body.amount).toBe(46)
    expect(edited.body.updated_at).not.toBe(created.body.updated_at)
    const listed = await api<{ data: ExpenseJson[] }>(
      service,
      `/expenses?q_updated_at_from=${encodeURIComponent(edited.body.updated_at)}`,
    )
    expect(listed.body.data.map((e) => e.id)).toContain(created.body.id)
    const badTax = await control(service, 'PATCH', `/expenses/${created.body.id}`, {
      tax_amount: 99,
    })
    expect(badTax.status).toBe(409)
    expect((await control(service, 'PATCH', '/expenses/79999999', {})).status).toBe(404)
  })

  it('closes a session (and opens the next one when asked)', async () => {
    const sessions = (await control<{ data: TruthSession[] }>(service, 'GET', '/sessions')).body
      .data
    const open = sessions.find((s) => s.closed_at === null) as TruthSession
    const closed = await control<{ closed: TruthSession; opened: TruthSession | null }>(
      service,
      'POST',
      `/sessions/${open.id}/close`,
      { reopen: true },
    )
    expect(closed.status).toBe(200)
    expect(closed.body.closed.closed_at).not.toBeNull()
    expect(closed.body.opened).toMatchObject({ location_id: open.location_id, closed_at: null })
    expect((await control(service, 'POST', `/sessions/${open.id}/close`)).status).toBe(409)
    expect((await control(service, 'POST', '/sessions/39999999/close')).status).toBe(404)
  })

  it('tells the truth: every bill id with its updated_at, and a hash that changes with the data', async () => {
    const listed = await control<{ data: { id: string; updated_at: string }[] }>(
      service,
      'GET',
      '/truth/bills',
    )
    expect(listed.body.data).toHaveLength(service.shop.billCount())
    expect(listed.body.data[0]).toEqual({
      id: '1000000001',
      updated_at: (await bill(service, '1000000001')).updated_at,
    })
    const before = await control<{ bills_sha256: string; bills: number }>(service, 'GET', '/truth')
    await control(service, 'POST', '/sales', { count: 1 })
    const after = await control<{ bills_sha256: string; bills: number }>(service, 'GET', '/truth')
    expect(after.body.bills).toBe(before.body.bills + 1)
    expect(after.body.bills_sha256).not.toBe(before.body.bills_sha256)
  })
})

describe('live mode', () => {
  it('keeps trading at its pace while on, and stops when switched off', async () => {
    const service = await startService()
    const started = await control<{ running: boolean }>(service, 'PUT', '/live', {
      on: true,
      events_per_minute: 1200,
    })
    expect(started.body.running).toBe(true)
    const before = service.shop.billCount()
    await eventually(() => service.shop.billCount() >= before + 5)
    const stopped = await control<{ running: boolean }>(service, 'PUT', '/live', { on: false })
    expect(stopped.body.running).toBe(false)
    const count = service.shop.billCount()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(service.shop.billCount()).toBe(count)
    const state = await control<{ background_errors: string[] }>(service, 'GET', '/state')
    expect(state.body.background_errors).toEqual([])
  })
})
