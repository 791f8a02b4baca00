/**
 * The platform side's control API, options and determinism: what tests and demos use to drive
 * online ordering.
 */

import { describe, expect, it } from 'vitest'
import { InvalidOptionError } from '../../../src-demo/demo-errors'
import { resolveOptions } from '../../../src-demo/options'
import { control, platform, startService, type ErrorBody } from '../../support/demo-service'

interface OrderJson {
  id: string
  status: string
}

describe('platform control API', () => {
  it('needs the control token: the platform token does not open it', async () => {
    const service = await startService()
    const refused = await control<ErrorBody>(
      service,
      'GET',
      '/platform',
      undefined,
      service.platformToken,
    )
    expect(refused.status).toBe(401)
    expect((await control(service, 'GET', '/platform')).status).toBe(200)
  })

  it('PUT /platform/orders/decision changes what the merchant does with pending orders from then on', async () => {
    const service = await startService({ orderDecision: 'manual' })
    const order = async () => {
      const lookup = await platform<{
        data: { variant_id: string; available: boolean; out_of_stock: boolean }[]
      }>(service, 'POST', '/locations/ol-101/catalogue/lookup', {
        variant_ids: ['5001', '5002', '5003', '5004', '5005'],
      })
      const item = lookup.body.data.find((entry) => entry.available && !entry.out_of_stock)
      const created = await platform<{ data: OrderJson }>(service, 'POST', '/orders', {
        online_location_id: 'ol-101',
        fulfilment_type: 'pickup',
        customer: { mobile: '+62 811 1' },
        lines: [{ variant_id: item?.variant_id, unit_quantity: 1 }],
      })
      return created.body.data.id
    }
    const status = async (id: string) =>
      (await platform<{ data: OrderJson }>(service, 'GET', `/orders/${id}`)).body.data.status
    const waiting = await order()
    const changed = await control(service, 'PUT', '/platform/orders/decision', {
      decision: 'cancel',
      delay_ms: 30,
    })
    expect(changed.body).toEqual({ count: 1, decision: 'cancel', decision_delay_ms: 30 })
    const turnedDown = await order()
    const deadline = Date.now() + 5000
    while ((await status(turnedDown)) === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await status(turnedDown)).toBe('cancelled')
    expect(await status(waiting)).toBe('pending')
    const bad = await control<ErrorBody>(service, 'PUT', '/platform/orders/decision', {
      decision: 'maybe',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error_description).toContain('accept, cancel, manual')
  })

  it('turning an unknown store or changing the stock of an unknown variant is a 404; a missing field a 400', async () => {
    const service = await startService()
    expect(
      (await control(service, 'PUT', '/platform/stores/ol-9', { turned_on: true })).status,
    ).toBe(404)
    expect(
      (
        await control(service, 'PUT', '/platform/stock', {
          online_location_id: 'ol-101',
          variant_id: 'nope',
          available: true,
        })
      ).status,
    ).toBe(404)
    expect((await control(service, 'PUT', '/platform/stores/ol-101', {})).status).toBe(400)
    expect((await control(service, 'POST', '/platform/orders/40000001/accept')).status).toBe(404)
  })
})

describe('platform options', () => {
  it.each([
    [{ appKey: 'same-token', platformToken: 'same-token' }, 'platformToken'],
    [{ controlToken: 'same-token', platformToken: 'same-token' }, 'platformToken'],
    [{ platformWebhookSecret: 'not-whsec' }, 'platformWebhookSecret'],
    [{ platformWebhookUrl: 'ftp://example' }, 'platformWebhookUrl'],
    [{ orderDecision: 'maybe' as never }, 'orderDecision'],
    [{ orderDecisionDelayMs: -1 }, 'orderDecisionDelayMs'],
  ])('refuses %o naming %s', (given, option) => {
    expect(() => resolveOptions(given)).toThrow(InvalidOptionError)
    expect(() => resolveOptions(given)).toThrow(option)
  })
})

describe('platform determinism', () => {
  it('the same seed gives the same online catalogue at every location; another seed other stock', async () => {
    const catalogue = async (seed: number) => {
      const service = await startService({ seed, locations: 3 })
      const texts: string[] = []
      for (const location of ['ol-101', 'ol-102', 'ol-103']) {
        texts.push((await platform(service, 'GET', `/locations/${location}/catalogue`)).text)
      }
      return texts.join('\n')
    }
    const [first, again, other] = await Promise.all([catalogue(3), catalogue(3), catalogue(4)])
    expect(again).toBe(first)
    expect(other).not.toBe(first)
  })
})
