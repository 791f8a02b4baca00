/**
 * An online order's bill reaches Till's cache like any other: synced through main's Apps API
 * client and the renderer's sync engine (the same path as the app), kept with its online-order
 * marking and its platform payments, nothing quarantined. Needs the session keyring
 * (scripts/with-keyring.sh), as every test that saves a connection does.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCache, type DemoCache } from '../../../support/demo-cache'
import { platform } from '../../../support/demo-service'

let cache: DemoCache

beforeAll(async () => {
  cache = await demoCache({ currency: 'IDR', timeZone: 'Asia/Jakarta', seed: 23 })
})
afterAll(async () => {
  await cache?.close()
})

describe('online-order bills in Till’s sync (issue 8)', () => {
  it('a bill made by accepting an online order is synced with its online_order marking and both platform payments; nothing is quarantined', async () => {
    const { demo, db } = cache
    const entries = await platform<{
      data: { variant_id: string; price: number; available: boolean; out_of_stock: boolean }[]
    }>(demo, 'POST', '/locations/ol-102/catalogue/lookup', {
      variant_ids: Array.from({ length: 30 }, (_, i) => String(5001 + i)),
    })
    const item = entries.body.data.find((entry) => entry.available && !entry.out_of_stock)
    if (!item) throw new Error('nothing buyable at ol-102')
    const ordered = await platform<{ data: { id: string; total: number } }>(
      demo,
      'POST',
      '/orders',
      {
        online_location_id: 'ol-102',
        fulfilment_type: 'delivery',
        customer: { mobile: '+62 813 0000 0002', address: { type: 'office', text: 'Menara 5' } },
        lines: [{ variant_id: item.variant_id, unit_quantity: 2 }],
      },
    )
    expect(ordered.status).toBe(201)
    const { id, total } = ordered.body.data
    const accepted = (await cache.control('POST', `/platform/orders/${id}/accept`)) as {
      data: { bill: { id: string } }
    }
    const billId = accepted.data.bill.id
    const deposit = Math.floor(total / 4)
    for (const amount of [deposit, total - deposit]) {
      const paid = await platform(demo, 'POST', `/orders/${id}/payment`, { amount })
      expect(paid.status).toBe(201)
    }

    await cache.sync()
    const bill = await db.bills.get(billId)
    expect(bill).toBeDefined()
    expect(bill?.extra['online_order']).toEqual({
      order_id: id,
      online_location_id: 'ol-102',
      fulfilment_type: 'delivery',
    })
    expect(bill).toMatchObject({ locationId: '102', total, amountPaid: total, amountDue: 0 })
    expect(bill?.payments.map((payment) => [payment.method, payment.amount])).toEqual([
      ['online', deposit],
      ['online', total - deposit],
    ])
    expect(await db.quarantine.count()).toBe(0)
  })
})
