/**
 * Fault injection (issue #3): each fault, when on, shows at about its rate, and is
 * gone when off. Decisions come from a seeded generator, so the counts here are reproducible.
 */

import { beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../../src-demo/index'
import {
  api,
  control,
  startService,
  type BillSummaryJson,
  type ListBody,
} from '../support/demo-service'

const REQUESTS = 200
const RATE = 0.25
const LIST = '/sales/bills/location/all?limit=5'

interface Outcome {
  status: number | 'dropped'
  text: string
  retryAfter: string | null
  json: boolean
  ms: number
}

async function send(service: DemoServiceHandle, path = LIST): Promise<Outcome> {
  const started = Date.now()
  try {
    const answer = await api(service, path)
    return {
      status: answer.status,
      text: answer.text,
      retryAfter: answer.headers.get('retry-after'),
      json: answer.body !== undefined,
      ms: Date.now() - started,
    }
  } catch {
    return { status: 'dropped', text: '', retryAfter: null, json: false, ms: Date.now() - started }
  }
}

async function sendMany(service: DemoServiceHandle, count: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (let i = 0; i < count; i++) outcomes.push(await send(service))
  return outcomes
}

async function setFaults(service: DemoServiceHandle, faults: Record<string, unknown>) {
  const answer = await control<{ counts: Record<string, number> }>(
    service,
    'PUT',
    '/faults',
    faults,
  )
  expect(answer.status).toBe(200)
}

async function counts(service: DemoServiceHandle): Promise<Record<string, number>> {
  return (await control<{ counts: Record<string, number> }>(service, 'GET', '/faults')).body.counts
}

/** Loose bounds around rate × n: the draw is seeded, so this never flakes; it catches a broken rate. */
function expectAboutRate(count: number, n = REQUESTS, rate = RATE): void {
  expect(count).toBeGreaterThanOrEqual(Math.floor(n * rate * 0.5))
  expect(count).toBeLessThanOrEqual(Math.ceil(n * rate * 1.5))
}

describe('fault injection on the Apps API', () => {
  let service: DemoServiceHandle

  beforeAll(async () => {
    service = await startService({ faultSeed: 3 })
  })

  it('rate_limited: 429 rate_limited with Retry-After at about its rate, then none when off', async () => {
    await setFaults(service, { rate_limited: { rate: RATE, retry_after: 7 } })
    const outcomes = await sendMany(service, REQUESTS)
    const limited = outcomes.filter((o) => o.status === 429)
    expectAboutRate(limited.length)
    expect(limited.length).toBe((await counts(service))['rate_limited'])
    for (const outcome of limited) {
      expect(outcome.retryAfter).toBe('7')
      expect(JSON.parse(outcome.text)).toMatchObject({ error: 'rate_limited' })
    }
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(REQUESTS - limited.length)
    await setFaults(service, { rate_limited: { rate: 0 } })
    expect((await sendMany(service, 40)).every((o) => o.status === 200)).toBe(true)
  })

  it('server_error: 5xx with a JSON, HTML or empty body at about its rate, then none when off', async () => {
    await setFaults(service, { server_error: { rate: RATE } })
    const outcomes = await sendMany(service, REQUESTS)
    const failed = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500)
    expectAboutRate(failed.length)
    expect(failed.length).toBe((await counts(service))['server_error'])
    expect(new Set(failed.map((o) => o.status))).toEqual(new Set([500, 502, 503]))
    expect(failed.some((o) => o.text.startsWith('<html>'))).toBe(true)
    expect(failed.some((o) => o.text === '')).toBe(true)
    await setFaults(service, { server_error: { rate: 0 } })
    expect((await sendMany(service, 40)).every((o) => o.status === 200)).toBe(true)
  })

  it('dropped_connection: the socket is closed without an answer at about its rate, then never when off', async () => {
    await setFaults(service, { dropped_connection: { rate: RATE } })
    const outcomes = await sendMany(service, REQUESTS)
    const dropped = outcomes.filter((o) => o.status === 'dropped')
    expectAboutRate(dropped.length)
    expect(dropped.length).toBe((await counts(service))['dropped_connection'])
    await setFaults(service, { dropped_connection: { rate: 0 } })
    expect((await sendMany(service, 40)).every((o) => o.status === 200)).toBe(true)
  })

  it('truncated_body: a 200 whose JSON stops half way, at about its rate, then none when off', async () => {
    await setFaults(service, { truncated_body: { rate: RATE } })
    const outcomes = await sendMany(service, REQUESTS)
    const broken = outcomes.filter((o) => o.status === 200 && !o.json)
    expectAboutRate(broken.length)
    expect(broken.length).toBe((await counts(service))['truncated_body'])
    for (const outcome of broken) expect(outcome.text.startsWith('{"data":[')).toBe(true)
    await setFaults(service, { truncated_body: { rate: 0 } })
    expect((await sendMany(service, 40)).every((o) => o.status === 200 && o.json)).toBe(true)
  })

  it('slow: answers held back by delay_ms at about its rate, then none when off', async () => {
    const delay = 250
    const n = 60
    await setFaults(service, { slow: { rate: RATE, delay_ms: delay } })
    const outcomes = await sendMany(service, n)
    const slowCount = (await counts(service))['slow'] as number
    expectAboutRate(slowCount, n)
    const held = outcomes.filter((o) => o.ms >= delay)
    expect(held.length).toBeGreaterThanOrEqual(slowCount)
    expect(outcomes.every((o) => o.status === 200)).toBe(true)
    await setFaults(service, { slow: { rate: 0 } })
    const after = await sendMany(service, 20)
    expect(after.filter((o) => o.ms >= delay).length).toBeLessThanOrEqual(1)
    expect((await counts(service))['slow']).toBe(0)
  })

  it('inserts_while_paging: new bills arrive between page requests, shifting a paging client', async () => {
    await setFaults(service, { inserts_while_paging: { rate: 1, count: 2 } })
    const path = (page: number) =>
      `/sales/bills/location/all?order_by=id:desc&limit=10&page=${page}`
    const first = await api<ListBody<BillSummaryJson>>(service, path(1))
    const second = await api<ListBody<BillSummaryJson>>(service, path(2))
    expect(second.body.meta.total).toBe(first.body.meta.total + 2)
    // The two new bills pushed page 1's last two items onto page 2.
    expect(second.body.data.slice(0, 2)).toEqual(first.body.data.slice(8, 10))
    await setFaults(service, { inserts_while_paging: { rate: RATE, count: 1 } })
    const before = service.shop.billCount()
    await sendMany(service, REQUESTS)
    const inserted = service.shop.billCount() - before
    expectAboutRate(inserted)
    expect(inserted).toBe((await counts(service))['inserts_while_paging'])
    await setFaults(service, { inserts_while_paging: { rate: 1, count: 1 } })
    await send(service, '/expenses')
    await send(service, '/sales/bills/1000000001')
    expect(service.shop.billCount() - before).toBe(inserted) // only bill lists are disturbed
    await setFaults(service, { inserts_while_paging: { rate: 0 } })
    await sendMany(service, 20)
    expect(service.shop.billCount() - before).toBe(inserted)
  })

  it('the same fault seed and requests meet the same faults', async () => {
    const patterns: string[] = []
    for (let run = 0; run < 2; run++) {
      await setFaults(service, { rate_limited: { rate: 0.3 }, server_error: { rate: 0.2 } })
      patterns.push((await sendMany(service, 50)).map((o) => o.status).join(','))
    }
    expect(patterns[1]).toBe(patterns[0])
    const cleared = await control<{ settings: Record<string, { rate: number }> }>(
      service,
      'DELETE',
      '/faults',
    )
    expect(Object.values(cleared.body.settings).every((s) => s.rate === 0)).toBe(true)
  })

  it('unknown faults and bad rates are refused', async () => {
    expect((await control(service, 'PUT', '/faults', { gremlins: { rate: 0.1 } })).status).toBe(400)
    expect((await control(service, 'PUT', '/faults', { slow: { rate: 2 } })).status).toBe(400)
    expect(
      (await control(service, 'PUT', '/faults', { slow: { rate: 0.1, delay: 5 } })).status,
    ).toBe(400)
  })
})
