/**
 * Conformance: webhook signing and delivery (interface document §5.3, §6, §8;
 * docs/service.md#webhooks). Signatures are checked with the test's own HMAC computation, not the
 * service's module.
 */

import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signWebhook } from '../../support/sign-webhook'
import {
  control,
  eventually,
  startReceiver,
  startService,
  type BillJson,
  type ReceivedWebhook,
} from '../../support/demo-service'

interface Envelope {
  id: string
  event: string
  created_at: string
  company: { id: string; name: string; currency: string; timezone: string }
  install: { store_id: string }
  data: Record<string, unknown>
}

const envelopeOf = (webhook: ReceivedWebhook): Envelope => JSON.parse(webhook.raw) as Envelope
const headerOf = (webhook: ReceivedWebhook, name: string): string =>
  String(webhook.headers[name.toLowerCase()])

/** The receiver's check, written here from §5.3 alone. */
function verify(webhook: ReceivedWebhook, secret: string): { t: number; valid: boolean } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headerOf(webhook, 'X-Service-Signature'))
  if (!match) return { t: NaN, valid: false }
  const expected = createHmac('sha256', secret).update(`${match[1]}.${webhook.raw}`).digest('hex')
  return { t: Number(match[1]), valid: expected === match[2] }
}

const FAST_RETRY = { webhookRetryBaseMs: 50, webhookDuplicateRate: 0 }

describe('webhook signature (interface §5.3)', () => {
  it('§5.3 known-answer vector: the signing these tests check deliveries with is HMAC-SHA256 over "{t}.{raw body}" keyed by the whsec_ secret', () => {
    // Expected hex derived independently with OpenSSL:
    //   printf '%s' '1795000000.{"id":"evt_kat","event":"bill.created","data":{"bill_id":"1000000001"}}' \
    //     | openssl dgst -sha256 -hmac 'whsec_known_answer_secret'
    const body = '{"id":"evt_kat","event":"bill.created","data":{"bill_id":"1000000001"}}'
    const expected = 'f132d4bb25e03d206b9aee4f32f1d88b35d17c4e0f272c081bb39299f0256f61'
    const header = `t=1795000000,v1=${expected}`
    expect(signWebhook('whsec_known_answer_secret', body, 1795000000)).toBe(header)
    const webhook: ReceivedWebhook = {
      method: 'POST',
      headers: { 'x-service-signature': header },
      raw: body,
      receivedAt: 0,
    }
    expect(verify(webhook, 'whsec_known_answer_secret')).toEqual({ t: 1795000000, valid: true })
    expect(verify(webhook, 'whsec_another_secret').valid).toBe(false)
  })

  it('§5.3 deliveries carry X-Service-Signature t=<unix>,v1=<hex> that verifies, with t within 300 s of sending', async () => {
    const receiver = await startReceiver()
    const service = await startService({ webhookUrl: receiver.url, ...FAST_RETRY })
    await control(service, 'POST', '/sales', { count: 3 })
    await eventually(() => receiver.received.length >= 3)
    await service.shop.webhooksIdle()
    for (const webhook of receiver.received) {
      const { t, valid } = verify(webhook, service.webhookSecret)
      expect(valid).toBe(true)
      expect(Math.abs(webhook.receivedAt / 1000 - t)).toBeLessThanOrEqual(300)
      expect(verify(webhook, 'whsec_some_other_secret').valid).toBe(false)
      expect(verify({ ...webhook, raw: `${webhook.raw} ` }, service.webhookSecret).valid).toBe(
        false,
      )
    }
  })
})

describe('webhook envelope and events (interface §2.8, §6; docs/service.md#events)', () => {
  it('§6 headers and §2.8 envelope: event and delivery headers, {id, event, created_at, company, install, data}', async () => {
    const receiver = await startReceiver()
    const service = await startService({
      webhookUrl: receiver.url,
      currency: 'KWD',
      storeId: 'store-42',
      ...FAST_RETRY,
    })
    await control(service, 'POST', '/sales', { count: 2 })
    await service.shop.webhooksIdle()
    expect(receiver.received.length).toBeGreaterThanOrEqual(2)
    const deliveries = new Set<string>()
    for (const webhook of receiver.received) {
      const envelope = envelopeOf(webhook)
      expect(Object.keys(envelope)).toEqual([
        'id',
        'event',
        'created_at',
        'company',
        'install',
        'data',
      ])
      expect(headerOf(webhook, 'X-Service-Event')).toBe(envelope.event)
      expect(headerOf(webhook, 'Content-Type')).toMatch(/^application\/json/)
      deliveries.add(headerOf(webhook, 'X-Service-Delivery'))
      expect(envelope.install).toEqual({ store_id: 'store-42' })
      expect(envelope.company).toMatchObject({ currency: 'KWD', timezone: 'Asia/Jakarta' })
      expect(typeof envelope.company.id).toBe('string')
      expect(typeof envelope.company.name).toBe('string')
      expect(envelope.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/)
    }
    expect(deliveries.size).toBe(receiver.received.length)
  })

  it('each shop change sends its event with exactly the data of the table', async () => {
    const receiver = await startReceiver()
    const service = await startService({ webhookUrl: receiver.url, ...FAST_RETRY })
    const sale = (
      await control<{ data: BillJson[] }>(service, 'POST', '/sales', {
        count: 1,
        location_id: '101',
      })
    ).body.data[0] as BillJson
    const owing = [...service.shop.bills()].find(
      (bill) => bill['type'] === 'sale' && (bill['amount_due'] as number) > 0,
    ) as unknown as BillJson
    const payment = await control<{ payment: { id: string } }>(
      service,
      'POST',
      `/bills/${owing.id}/payments`,
      { method: 'card' },
    )
    const reversed = await control(service, 'POST', `/payments/${payment.body.payment.id}/reverse`)
    const refund = await control<{ bill: BillJson }>(
      service,
      'POST',
      `/bills/${sale.id}/refund`,
      {},
    )
    const second = (await control<{ data: BillJson[] }>(service, 'POST', '/sales', { count: 1 }))
      .body.data[0] as BillJson
    const voided = await control<{ bill: BillJson }>(service, 'POST', `/bills/${second.id}/void`)
    const expense = await control<{ id: string }>(service, 'POST', '/expenses', {
      location_id: '102',
    })
    await control(service, 'PATCH', `/expenses/${expense.body.id}`, { description: 'Ice (2 bags)' })
    const closed = await control<{ closed: { id: string } }>(
      service,
      'POST',
      `/sessions/${sale.register_session_id}/close`,
      { reopen: true },
    )
    expect([payment.status, reversed.status, refund.status, voided.status]).toEqual([
      201, 200, 201, 201,
    ])
    await service.shop.webhooksIdle()

    const events = receiver.received.map(envelopeOf)
    const find = (event: string, match: (data: Record<string, unknown>) => boolean) =>
      events.find((e) => e.event === event && match(e.data))?.data
    expect(find('bill.created', (d) => d['bill_id'] === sale.id)).toEqual({
      bill_id: sale.id,
      location_id: '101',
      register_session_id: sale.register_session_id,
    })
    expect(find('payment.created', (d) => d['payment_id'] === payment.body.payment.id)).toEqual({
      payment_id: payment.body.payment.id,
      bill_id: owing.id,
      amount: owing.amount_due,
      method: 'card',
      settled_bill: true,
    })
    expect(find('payment.reversed', (d) => d['payment_id'] === payment.body.payment.id)).toEqual({
      payment_id: payment.body.payment.id,
      bill_id: owing.id,
    })
    expect(find('bill.refunded', (d) => d['parent_bill_id'] === sale.id)).toEqual({
      bill_id: refund.body.bill.id,
      parent_bill_id: sale.id,
      location_id: '101',
      register_session_id: refund.body.bill.register_session_id,
    })
    expect(find('bill.voided', (d) => d['parent_bill_id'] === second.id)).toEqual({
      bill_id: voided.body.bill.id,
      parent_bill_id: second.id,
      location_id: second.location_id,
      register_session_id: voided.body.bill.register_session_id,
    })
    for (const event of ['expense.created', 'expense.updated']) {
      expect(find(event, (d) => d['expense_id'] === expense.body.id)).toEqual({
        expense_id: expense.body.id,
        location_id: '102',
      })
    }
    const session = find(
      'register_session.closed',
      (d) => d['register_session_id'] === closed.body.closed.id,
    )
    expect(Object.keys(session ?? {}).sort()).toEqual(
      ['closed_at', 'location_id', 'opened_at', 'opening_cash', 'register_session_id'].sort(),
    )
    expect(session?.['location_id']).toBe('101')
    expect(typeof session?.['opening_cash']).toBe('number')
  })
})

describe('webhook delivery (interface §6 at-least-once, §8 acknowledgement time)', () => {
  it('§6 a non-2xx answer is redelivered: same envelope id, new delivery id, logged per attempt', async () => {
    const receiver = await startReceiver((count) => (count === 1 ? 500 : 200))
    const service = await startService({ webhookUrl: receiver.url, ...FAST_RETRY })
    await control(service, 'POST', '/expenses', {})
    await service.shop.webhooksIdle()
    expect(receiver.received).toHaveLength(2)
    const [first, second] = receiver.received as [ReceivedWebhook, ReceivedWebhook]
    expect(envelopeOf(second).id).toBe(envelopeOf(first).id)
    expect(second.raw).toBe(first.raw)
    expect(headerOf(second, 'X-Service-Delivery')).not.toBe(headerOf(first, 'X-Service-Delivery'))
    const log = (await control<{ data: Record<string, unknown>[] }>(service, 'GET', '/deliveries'))
      .body.data
    expect(log.map((a) => [a['attempt'], a['status'], a['outcome']])).toEqual([
      [1, 500, 'http_error'],
      [2, 200, 'delivered'],
    ])
    expect(log[0]?.['retry_in_ms']).toBe(50)
    expect(log.map((a) => a['delivery_id'])).toEqual(
      receiver.received.map((w) => headerOf(w, 'X-Service-Delivery')),
    )
  })

  it('§8 no answer within the timeout counts as a failure and is redelivered', async () => {
    const receiver = await startReceiver((count) => (count === 1 ? 'hang' : 204))
    const service = await startService({
      webhookUrl: receiver.url,
      webhookTimeoutMs: 300,
      ...FAST_RETRY,
    })
    await control(service, 'POST', '/expenses', {})
    await service.shop.webhooksIdle()
    const log = service.shop.deliveries()
    expect(log.map((a) => a.outcome)).toEqual(['timeout', 'delivered'])
    expect(log[0]?.duration_ms).toBeGreaterThanOrEqual(290)
    expect(new Set(log.map((a) => a.envelope_id)).size).toBe(1)
  })

  it('retries back off exponentially and stop after the maximum attempts', async () => {
    const receiver = await startReceiver(() => 503)
    const service = await startService({
      webhookUrl: receiver.url,
      webhookMaxAttempts: 4,
      ...FAST_RETRY,
    })
    await control(service, 'POST', '/expenses', {})
    await service.shop.webhooksIdle()
    const log = service.shop.deliveries()
    expect(log.map((a) => a.retry_in_ms)).toEqual([50, 100, 200, null])
    expect(receiver.received).toHaveLength(4)
  })

  it('deliberate duplicates: a delivered envelope is sent again with a new delivery id', async () => {
    const receiver = await startReceiver()
    const service = await startService({
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 20,
      webhookDuplicateRate: 1,
    })
    await control(service, 'POST', '/expenses', {})
    await service.shop.webhooksIdle()
    expect(receiver.received).toHaveLength(2)
    const [first, second] = receiver.received as [ReceivedWebhook, ReceivedWebhook]
    expect(second.raw).toBe(first.raw)
    expect(headerOf(second, 'X-Service-Delivery')).not.toBe(headerOf(first, 'X-Service-Delivery'))
    expect(service.shop.deliveries().map((a) => a.duplicate)).toEqual([false, true])
  })

  it('events wait while there is no target and go out once one is set', async () => {
    const receiver = await startReceiver()
    const service = await startService(FAST_RETRY)
    await control(service, 'POST', '/sales', { count: 2 })
    expect(service.shop.deliveries()).toHaveLength(0)
    const state = await control<{ webhook: { pending: number } }>(service, 'GET', '/state')
    expect(state.body.webhook.pending).toBeGreaterThanOrEqual(2)
    service.setWebhookTarget(receiver.url)
    await service.shop.webhooksIdle()
    expect(receiver.received.length).toBe(state.body.webhook.pending)
  })
})
