/**
 * Conformance: carts, orders and order payments of the Platform Orders API (interface §2.6,
 * §2.7, §2.10, §3.1, §4.2, §6 order and store events, §7), over real HTTP on 127.0.0.1.
 * The shop's currency is IDR (no minor digits), so amounts are compared as integers.
 */

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../../src-demo/index'
import {
  api,
  control,
  eventually,
  platform,
  signatureOf,
  startReceiver,
  startService,
  type BillJson,
  type ErrorBody,
  type ReceivedWebhook,
} from '../../support/demo-service'

interface EntryJson {
  variant_id: string
  product_id: string
  price: number
  available: boolean
  out_of_stock: boolean
  modifiers: { modifier_id: string; price: number }[]
}
interface ValidationJson {
  total: number
  total_tax: number
  fees: { name: string; amount: number }[]
  total_components: { type: string; name: string; amount: number }[]
  errors: { code: string; message: string; field?: string }[]
  lines: {
    variant_id: unknown
    total: number | null
    taxes: { amount: number }[]
    error: { code: string; message: string } | null
  }[]
}
interface OrderJson {
  id: string
  status: string
  payment_method: string | null
  bill: { id: string; number: string } | null
  payment_key?: string
  total: number
  amount_paid: number
  amount_due: number
  payments: { id: string; method: string; amount: number; proof?: { sha256: string } }[]
  extra: { customer_next_states: string[] }
}
interface Envelope {
  event: string
  data: Record<string, unknown>
}

const LOCATION = 'ol-101'
const MANUAL = { orderDecision: 'manual' as const, webhookDuplicateRate: 0 }

/** Variants buyable at the location (available, in stock), from the catalogue lookup. */
async function buyable(service: DemoServiceHandle, location = LOCATION): Promise<EntryJson[]> {
  const ids = Array.from({ length: 60 }, (_, i) => String(5001 + i)).concat(
    Array.from({ length: 30 }, (_, i) => String(5501 + i)),
  )
  const entries = await platform<{ data: EntryJson[] }>(
    service,
    'POST',
    `/locations/${location}/catalogue/lookup`,
    { variant_ids: ids },
  )
  return entries.body.data.filter((entry) => entry.available && !entry.out_of_stock)
}

function cart(lines: unknown[], extra: Record<string, unknown> = {}) {
  return {
    online_location_id: LOCATION,
    fulfilment_type: 'pickup',
    customer: { mobile: '+62 812 0000 0001', name: 'Sari' },
    lines,
    ...extra,
  }
}

async function order(service: DemoServiceHandle, body: unknown): Promise<OrderJson> {
  const answer = await platform<{ data: OrderJson }>(service, 'POST', '/orders', body)
  if (answer.status !== 201) throw new Error(`order: ${answer.status} ${answer.text}`)
  return answer.body.data
}

async function getOrder(service: DemoServiceHandle, id: string): Promise<OrderJson> {
  return (await platform<{ data: OrderJson }>(service, 'GET', `/orders/${id}`)).body.data
}

const envelopes = (received: ReceivedWebhook[]): Envelope[] =>
  received.map((webhook) => JSON.parse(webhook.raw) as Envelope)

/** Up to four deliveries are in flight at once, so arrival order is not event order. */
const unordered = <T>(items: T[]): string[] => items.map((item) => JSON.stringify(item)).sort()

/** A service whose app and platform webhooks go to two receivers of the test. */
async function withReceivers(options: Parameters<typeof startService>[0]) {
  const app = await startReceiver()
  const platformHooks = await startReceiver()
  const service = await startService({
    webhookUrl: app.url,
    platformWebhookUrl: platformHooks.url,
    ...options,
  })
  return { service, app, platformHooks }
}

describe('POST /validate (interface §2.6, §7)', () => {
  it('§2.6 a valid cart: 200 with data {total, total_tax, fees, total_components, errors[], lines[]}, no errors, totals from the catalogue prices', async () => {
    const service = await startService(MANUAL)
    const [plain, other] = await buyable(service)
    const withModifiers = (await buyable(service)).find((entry) => entry.modifiers.length >= 2)
    if (!plain || !other || !withModifiers) throw new Error('the seeded catalogue lacks variants')
    const modifiers = withModifiers.modifiers.slice(0, 2)
    const answer = await platform<{ data: ValidationJson }>(service, 'POST', '/validate', {
      ...cart([
        { variant_id: plain.variant_id, unit_quantity: 2, modifiers: [] },
        { variant_id: other.variant_id, unit_quantity: 1 },
        {
          variant_id: withModifiers.variant_id,
          unit_quantity: 3,
          modifiers: modifiers.map((m) => m.modifier_id),
        },
      ]),
      fees: [{ name: 'Platform fee', amount: 1500 }],
    })
    expect(answer.status).toBe(200)
    const data = answer.body.data
    expect(data.errors).toEqual([])
    expect(data.lines.map((line) => line.error)).toEqual([null, null, null])
    const expectedLines = [
      plain.price * 2,
      other.price,
      (withModifiers.price + modifiers.reduce((sum, m) => sum + m.price, 0)) * 3,
    ]
    expect(data.lines.map((line) => line.total)).toEqual(expectedLines)
    expect(data.fees).toEqual([{ name: 'Platform fee', amount: 1500, taxes: [] }])
    const itemsTotal = expectedLines.reduce((sum, total) => sum + total, 0)
    expect(data.total).toBe(itemsTotal + 1500)
    expect(data.total_components.reduce((sum, c) => sum + c.amount, 0)).toBe(data.total)
    const lineTax = data.lines.flatMap((line) => line.taxes).reduce((s, t) => s + t.amount, 0)
    expect(data.total_tax).toBe(lineTax)
  })

  it('§7 every cart problem in its place, still HTTP 200: unknown, unavailable and out-of-stock variants, unknown modifiers and bad quantities per line; a delivery without address.text at cart level', async () => {
    const service = await startService(MANUAL)
    const [good, off, empty] = await buyable(service)
    const noModifiers = (await buyable(service)).find((entry) => entry.modifiers.length === 0)
    if (!good || !off || !empty || !noModifiers) throw new Error('not enough buyable variants')
    await control(service, 'PUT', '/platform/stock', {
      online_location_id: LOCATION,
      variant_id: off.variant_id,
      available: false,
    })
    await control(service, 'PUT', '/platform/stock', {
      online_location_id: LOCATION,
      variant_id: empty.variant_id,
      out_of_stock: true,
    })
    const answer = await platform<{ data: ValidationJson }>(service, 'POST', '/validate', {
      online_location_id: LOCATION,
      fulfilment_type: 'delivery',
      customer: { mobile: '+62 812', address: { type: 'home' } },
      lines: [
        { variant_id: 'no-such-variant', unit_quantity: 1 },
        { variant_id: off.variant_id, unit_quantity: 1 },
        { variant_id: empty.variant_id, unit_quantity: 1 },
        { variant_id: noModifiers.variant_id, unit_quantity: 1, modifiers: ['901'] },
        { variant_id: good.variant_id, unit_quantity: 0 },
        { variant_id: good.variant_id, unit_quantity: 1.5 },
        { variant_id: good.variant_id, unit_quantity: 1 },
      ],
    })
    expect(answer.status).toBe(200)
    const { data } = answer.body
    expect(data.lines.map((line) => line.error?.code ?? null)).toEqual([
      'unknown_variant',
      'unavailable',
      'out_of_stock',
      'unknown_modifier',
      'invalid_quantity',
      'invalid_quantity',
      null,
    ])
    expect(data.errors).toEqual([
      expect.objectContaining({ code: 'address_required', field: 'customer.address.text' }),
    ])
    // Only the good line counts, with the merchant's delivery fee.
    const fee = data.fees.reduce((sum, f) => sum + f.amount, 0)
    expect(fee).toBeGreaterThan(0)
    expect(data.total).toBe(good.price + fee)
  })

  it('§7 cart-level problems: unknown online location, bad fulfilment type, no lines, a bad fee, a body that is not JSON — all 200', async () => {
    const service = await startService(MANUAL)
    const problems = await platform<{ data: ValidationJson }>(service, 'POST', '/validate', {
      online_location_id: 'ol-999',
      fulfilment_type: 'teleport',
      lines: [],
      fees: [{ name: 'Fee', amount: -1 }],
    })
    expect(problems.status).toBe(200)
    expect(problems.body.data.errors.map((error) => [error.code, error.field])).toEqual([
      ['unknown_online_location', 'online_location_id'],
      ['invalid_fulfilment_type', 'fulfilment_type'],
      ['invalid_lines', 'lines'],
      ['invalid_fee', 'fees[0]'],
    ])
    const response = await fetch(`${service.url}/platform-v1/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.platformToken}` },
      body: '{not json',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: ValidationJson }
    expect(body.data.errors.length).toBeGreaterThan(0)
  })
})

describe('POST /orders (interface §2.7, §3.1, §4.2)', () => {
  it('§4.2 an invalid cart is refused with 422 invalid_cart and the validation result; customer.mobile is required; nothing is created', async () => {
    const service = await startService(MANUAL)
    const [good] = await buyable(service)
    const bills = service.shop.billCount()
    const noMobile = await platform<ErrorBody & { data: ValidationJson }>(
      service,
      'POST',
      '/orders',
      {
        ...cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]),
        customer: { name: 'No phone' },
      },
    )
    expect(noMobile.status).toBe(422)
    expect(noMobile.body.error).toBe('invalid_cart')
    expect(noMobile.body.data.errors).toEqual([
      expect.objectContaining({ code: 'mobile_required', field: 'customer.mobile' }),
    ])
    const badLine = await platform<ErrorBody & { data: ValidationJson }>(
      service,
      'POST',
      '/orders',
      cart([{ variant_id: 'gone', unit_quantity: 1 }]),
    )
    expect(badLine.status).toBe(422)
    expect(badLine.body.error_description).toContain('Line 1')
    expect(badLine.body.data.lines[0]?.error?.code).toBe('unknown_variant')
    const listed = await control<{ data: unknown[] }>(service, 'GET', '/platform/orders')
    expect(listed.body.data).toEqual([])
    expect(service.shop.billCount()).toBe(bills)
  })

  it('§3.1 a valid order is pending, with payment_method null and no bill; the till has no new bill', async () => {
    const service = await startService(MANUAL)
    const [good] = await buyable(service)
    const before = service.shop.billCount()
    const created = await order(
      service,
      cart([{ variant_id: good?.variant_id, unit_quantity: 2 }], { customer_notes: 'No ice' }),
    )
    expect(created).toMatchObject({ status: 'pending', payment_method: null, bill: null })
    expect(created.total).toBe((good?.price ?? 0) * 2)
    expect(service.shop.billCount()).toBe(before)
  })

  it('§2.7 GET /orders/{id} carries payment_key and extra.customer_next_states; an unknown order is a 404', async () => {
    const service = await startService(MANUAL)
    const [good] = await buyable(service)
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]))
    expect(created.payment_key).toBeUndefined()
    const fetched = await getOrder(service, created.id)
    expect(fetched.payment_key).toMatch(/^pk_[0-9a-f]{32}$/)
    expect(fetched.extra.customer_next_states).toEqual(['cancelled'])
    expect((await platform(service, 'GET', '/orders/99999999')).status).toBe(404)
  })

  it('§3.1 the merchant accepts after the configured delay: a bill on the till marked as an online order with its fulfilment type, bill.created to the app, order.status_changed {status: accepted} to the platform', async () => {
    const { service, app, platformHooks } = await withReceivers({
      orderDecision: 'accept',
      orderDecisionDelayMs: 150,
      webhookDuplicateRate: 0,
    })
    const [good, other] = await buyable(service)
    const created = await order(
      service,
      cart(
        [
          { variant_id: good?.variant_id, unit_quantity: 1 },
          { variant_id: other?.variant_id, unit_quantity: 2 },
        ],
        {
          fulfilment_type: 'delivery',
          customer: { mobile: '+62 811', address: { type: 'home', text: 'Jl. Melati 3' } },
        },
      ),
    )
    expect(created.status).toBe('pending')
    await eventually(() =>
      envelopes(platformHooks.received).some((e) => e.event === 'order.status_changed'),
    )
    const accepted = await getOrder(service, created.id)
    expect(accepted.status).toBe('accepted')
    expect(accepted.extra.customer_next_states).toEqual([])
    const billId = accepted.bill?.id as string
    const bill = await api<BillJson & { online_order: Record<string, string> }>(
      service,
      `/sales/bills/${billId}`,
    )
    expect(bill.status).toBe(200)
    expect(bill.body.online_order).toEqual({
      order_id: created.id,
      online_location_id: LOCATION,
      fulfilment_type: 'delivery',
    })
    expect(bill.body).toMatchObject({
      type: 'sale',
      location_id: '101',
      total: created.total,
      amount_paid: 0,
      amount_due: created.total,
      payments: [],
    })
    expect(bill.body.lines.map((line) => line.variant_id)).toEqual([
      good?.variant_id,
      other?.variant_id,
    ])
    expect(bill.body.fees.map((fee) => fee.name)).toEqual(['Delivery fee'])
    // The bill adds up: lines less discounts plus fees.
    const lines = bill.body.lines.reduce((sum, line) => sum + line.total, 0)
    expect(lines + bill.body.fees.reduce((sum, fee) => sum + fee.amount, 0)).toBe(bill.body.total)

    await service.shop.webhooksIdle()
    const changed = envelopes(platformHooks.received).find(
      (e) => e.event === 'order.status_changed',
    )
    expect(changed?.data).toMatchObject({
      order_id: created.id,
      online_location_id: LOCATION,
      status: 'accepted',
      previous_status: 'pending',
      bill_id: billId,
    })
    const platformSignature = platformHooks.received[0]?.headers['x-service-signature'] as string
    expect(
      signatureOf(
        platformSignature,
        platformHooks.received[0]?.raw ?? '',
        service.platformWebhookSecret,
      ).valid,
    ).toBe(true)
    await eventually(() =>
      envelopes(app.received).some(
        (e) => e.event === 'bill.created' && e.data['bill_id'] === billId,
      ),
    )
  })

  it('§3.1 a merchant that cancels: the order goes to cancelled with order.status_changed and no bill', async () => {
    const { service, platformHooks } = await withReceivers({
      orderDecision: 'cancel',
      orderDecisionDelayMs: 50,
      webhookDuplicateRate: 0,
    })
    const [good] = await buyable(service)
    const before = service.shop.billCount()
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]))
    await eventually(() => platformHooks.received.length >= 1)
    const cancelled = await getOrder(service, created.id)
    expect(cancelled).toMatchObject({ status: 'cancelled', bill: null })
    expect(cancelled.extra.customer_next_states).toEqual([])
    expect(envelopes(platformHooks.received)[0]?.data).toMatchObject({
      status: 'cancelled',
      changed_by: 'merchant',
    })
    expect(service.shop.billCount()).toBe(before)
  })

  it('§3.1 status-change/{cancelled|pending} only when in customer_next_states; otherwise 409 and the order is unchanged; every change sends order.status_changed', async () => {
    const { service, platformHooks } = await withReceivers(MANUAL)
    const [good] = await buyable(service)
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]))
    const change = (status: string) =>
      platform<{ data: OrderJson } & ErrorBody>(
        service,
        'POST',
        `/orders/${created.id}/status-change/${status}`,
      )
    const notYet = await change('pending')
    expect(notYet.status).toBe(409)
    expect(notYet.body.error_description).toContain('cancelled')
    const cancelled = await change('cancelled')
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data.extra.customer_next_states).toEqual(['pending'])
    const reopened = await change('pending')
    expect(reopened.body.data).toMatchObject({ status: 'pending' })
    const accepted = await control(service, 'POST', `/platform/orders/${created.id}/accept`)
    expect(accepted.status).toBe(200)
    const late = await change('cancelled')
    expect(late.status).toBe(409)
    expect((await getOrder(service, created.id)).status).toBe('accepted')
    expect((await change('accepted')).status).toBe(422)
    expect((await control(service, 'POST', `/platform/orders/${created.id}/cancel`)).status).toBe(
      409,
    )

    await eventually(() => platformHooks.received.length >= 3)
    await service.shop.webhooksIdle()
    expect(
      unordered(
        envelopes(platformHooks.received)
          .filter((e) => e.event === 'order.status_changed')
          .map((e) => [e.data['previous_status'], e.data['status'], e.data['changed_by']]),
      ),
    ).toEqual(
      unordered([
        ['pending', 'cancelled', 'customer'],
        ['cancelled', 'pending', 'customer'],
        ['pending', 'accepted', 'merchant'],
      ]),
    )
  })
})

describe('order payments (interface §4.2, §6 payment.created)', () => {
  it('§4.2 payment only once accepted; partial payments; not idempotent (the same call twice records two); each gives payment.created with settled_bill', async () => {
    const { service, app } = await withReceivers(MANUAL)
    const [good] = await buyable(service)
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 3 }]))
    const pay = (body: unknown) =>
      platform<
        {
          data: { payment: { id: string; method: string; amount: number }; order: OrderJson }
        } & ErrorBody
      >(service, 'POST', `/orders/${created.id}/payment`, body)
    const early = await pay({ amount: 1000 })
    expect(early.status).toBe(409)
    expect(early.body.error_description).toContain('accepted')

    await control(service, 'POST', `/platform/orders/${created.id}/accept`)
    const part = Math.floor(created.total / 3)
    const first = await pay({ amount: part, ref: 'PLAT-1' })
    const second = await pay({ amount: part, ref: 'PLAT-1' })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(first.body.data.payment.id).not.toBe(second.body.data.payment.id)
    expect(second.body.data.order).toMatchObject({
      payment_method: 'online',
      amount_paid: 2 * part,
      amount_due: created.total - 2 * part,
    })
    expect((await pay({ amount: created.total })).status).toBe(409)
    expect((await pay({ amount: 0 })).status).toBe(422)
    expect((await pay({})).status).toBe(422)
    const last = await pay({ amount: created.total - 2 * part })
    expect(last.body.data.order.amount_due).toBe(0)
    expect((await pay({ amount: 1 })).status).toBe(409)

    const billId = last.body.data.order.bill?.id as string
    const bill = await api<BillJson>(service, `/sales/bills/${billId}`)
    expect(bill.body.payments.map((p) => [p.method, p.amount])).toEqual([
      ['online', part],
      ['online', part],
      ['online', created.total - 2 * part],
    ])
    expect(bill.body).toMatchObject({ status: 'paid', amount_due: 0 })

    await eventually(
      () => envelopes(app.received).filter((e) => e.event === 'payment.created').length >= 3,
    )
    expect(
      unordered(
        envelopes(app.received)
          .filter((e) => e.event === 'payment.created')
          .map((e) => [e.data['bill_id'], e.data['amount'], e.data['settled_bill']]),
      ),
    ).toEqual(
      unordered([
        [billId, part, false],
        [billId, part, false],
        [billId, created.total - 2 * part, true],
      ]),
    )
  })

  it('§4.2 bank transfer: multipart with a file and the payment_key; a wrong key is 403, no file 422, JSON 415', async () => {
    const { service, app } = await withReceivers(MANUAL)
    const [good] = await buyable(service)
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]))
    await control(service, 'POST', `/platform/orders/${created.id}/accept`)
    const { payment_key: key } = await getOrder(service, created.id)
    const receipt = Buffer.from('%PDF-1.4 transfer receipt 0042')
    const send = async (fields: Record<string, string>, file: Buffer | null) => {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      if (file)
        form.append(
          'file',
          new Blob([new Uint8Array(file)], { type: 'application/pdf' }),
          'receipt.pdf',
        )
      const response = await fetch(
        `${service.url}/platform-v1/orders/${created.id}/payment/bank-transfer`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${service.platformToken}` },
          body: form,
        },
      )
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    expect((await send({ payment_key: 'pk_wrong' }, receipt)).status).toBe(403)
    expect((await send({}, receipt)).status).toBe(403)
    const noFile = await send({ payment_key: key as string }, null)
    expect(noFile.status).toBe(422)
    expect(noFile.body['error']).toBe('file_required')
    const asJson = await platform(service, 'POST', `/orders/${created.id}/payment/bank-transfer`, {
      payment_key: key,
    })
    expect(asJson.status).toBe(415)

    const paid = await send({ payment_key: key as string }, receipt)
    expect(paid.status).toBe(201)
    const data = paid.body['data'] as {
      payment: { method: string; amount: number; proof: { sha256: string; size: number } }
      order: OrderJson
    }
    expect(data.payment).toMatchObject({ method: 'bank_transfer', amount: created.total })
    expect(data.payment.proof.sha256).toBe(createHash('sha256').update(receipt).digest('hex'))
    expect(data.payment.proof.size).toBe(receipt.length)
    expect(data.order).toMatchObject({ payment_method: 'bank_transfer', amount_due: 0 })
    await eventually(() =>
      envelopes(app.received).some(
        (e) => e.event === 'payment.created' && e.data['method'] === 'bank_transfer',
      ),
    )
  })
})

describe('order and store events (interface §6)', () => {
  it('§6 order.notification {title, message}, order.review_reminder and store.turned_on reach the platform webhook; a turned-off store takes no orders', async () => {
    const { service, platformHooks } = await withReceivers(MANUAL)
    const [good] = await buyable(service)
    const created = await order(service, cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]))
    await control(service, 'POST', `/platform/orders/${created.id}/notification`, {
      title: 'Running late',
      message: 'Your order will be ready in 10 minutes.',
    })
    await control(service, 'POST', `/platform/orders/${created.id}/review-reminder`)
    expect(
      (await control(service, 'PUT', `/platform/stores/${LOCATION}`, { turned_on: false })).status,
    ).toBe(200)
    const closed = await platform<ErrorBody & { data: ValidationJson }>(
      service,
      'POST',
      '/orders',
      cart([{ variant_id: good?.variant_id, unit_quantity: 1 }]),
    )
    expect(closed.status).toBe(422)
    expect(closed.body.data.errors.map((error) => error.code)).toEqual(['store_closed'])
    await control(service, 'PUT', `/platform/stores/${LOCATION}`, { turned_on: true })

    await eventually(() => platformHooks.received.length >= 3)
    await service.shop.webhooksIdle()
    expect(unordered(envelopes(platformHooks.received).map((e) => [e.event, e.data]))).toEqual(
      unordered([
        [
          'order.notification',
          {
            order_id: created.id,
            online_location_id: LOCATION,
            title: 'Running late',
            message: 'Your order will be ready in 10 minutes.',
          },
        ],
        ['order.review_reminder', { order_id: created.id, online_location_id: LOCATION }],
        ['store.turned_on', { online_location_id: LOCATION, store_id: service.storeId }],
      ]),
    )
  })
})
