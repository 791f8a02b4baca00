/**
 * A reference platform client, written here from the interface document alone, run against the
 * demo service over real HTTP: it walks the catalogue breadth-first, keeps it current from
 * signed `catalogue.updated` events through lookups (upsert what comes back, delete what does
 * not), validates a cart, orders, waits for acceptance, pays in two parts, and then the bill
 * appears in the Apps API — read both as JSON and through Till's own Apps API client — with
 * both payments.
 */

import { describe, expect, it } from 'vitest'
import { AppsApiClient } from '../../../src-main/apps-api/client'
import { createHttpGet } from '../../../src-main/apps-api/http-get'
import type { DemoServiceHandle } from '../../../src-demo/index'
import { createLogger } from '../../../src-main/logging/logger'
import { Secret } from '../../../src-main/logging/secret'
import {
  api,
  control,
  eventually,
  signatureOf,
  startReceiver,
  startService,
  type BillJson,
} from '../../support/demo-service'

interface VariantJson {
  variant_id: string
  price: number
  available: boolean
  out_of_stock: boolean
}
interface ProductJson extends Partial<VariantJson> {
  id: string
  variants?: VariantJson[]
}
interface CategoryJson {
  id: string
  children: { id: string }[]
  products: ProductJson[]
}
interface Envelope {
  id: string
  event: string
  data: Record<string, unknown>
}
interface CatalogueUpdate {
  items: { online_location_id: string; product_id: string; variant_id: string }[]
}

const LOOKUP_LIMIT = 500

/** The platform's side: its token, its webhook endpoint, its local copy of the catalogue. */
class ReferencePlatform {
  /** `${online location}/${variant id}` → the variant as last seen. */
  readonly catalogue = new Map<string, VariantJson>()
  readonly seen = new Set<string>()
  readonly events: Envelope[] = []
  readonly rejected: string[] = []
  private applying = Promise.resolve()

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly secret: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}/platform-v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as T }
  }

  /** Receives webhooks: verify (§5.3), dedupe on the envelope id (§6), then apply. */
  async listen(): Promise<string> {
    const receiver = await startReceiver((_, { headers, raw }) => {
      const { t, valid } = signatureOf(headers['x-service-signature'] as string, raw, this.secret)
      if (!valid || Math.abs(Date.now() / 1000 - t) > 300) {
        this.rejected.push(raw)
        return 401
      }
      const envelope = JSON.parse(raw) as Envelope
      if (this.seen.has(envelope.id)) return 200
      this.seen.add(envelope.id)
      this.events.push(envelope)
      if (envelope.event === 'catalogue.updated') {
        this.applying = this.applying.then(() =>
          this.applyUpdate(envelope.data as unknown as CatalogueUpdate),
        )
      }
      return 200
    })
    return receiver.url
  }

  /** Every catalogue update received so far, applied. */
  settled(): Promise<void> {
    return this.applying
  }

  /** Stores → online locations → root categories → details, children queued breadth-first. */
  async walk(): Promise<string[]> {
    const stores = await this.call<{ data: { online_locations: { id: string }[] }[] }>(
      'GET',
      '/stores',
    )
    const locations = stores.body.data.flatMap((store) => store.online_locations.map((l) => l.id))
    for (const location of locations) {
      const roots = await this.call<{ data: { id: string }[] }>(
        'GET',
        `/locations/${location}/categories`,
      )
      const queue = roots.body.data.map((category) => category.id)
      while (queue.length > 0) {
        const detail = await this.call<{ data: CategoryJson }>(
          'GET',
          `/locations/${location}/categories/${queue.shift()}`,
        )
        queue.push(...detail.body.data.children.map((child) => child.id))
        for (const product of detail.body.data.products) {
          for (const variant of product.variants ?? [product as VariantJson]) {
            this.catalogue.set(`${location}/${variant.variant_id}`, variant)
          }
        }
      }
    }
    return locations
  }

  /** §6: group by location, look up at most 500 at a time, upsert returned, delete the rest. */
  private async applyUpdate(update: CatalogueUpdate): Promise<void> {
    const byLocation = new Map<string, Set<string>>()
    for (const item of update.items) {
      const ids = byLocation.get(item.online_location_id) ?? new Set<string>()
      ids.add(item.variant_id)
      byLocation.set(item.online_location_id, ids)
    }
    for (const [location, idSet] of byLocation) {
      const ids = [...idSet]
      for (let start = 0; start < ids.length; start += LOOKUP_LIMIT) {
        const chunk = ids.slice(start, start + LOOKUP_LIMIT)
        const found = await this.call<{ data: VariantJson[] }>(
          'POST',
          `/locations/${location}/catalogue/lookup`,
          { variant_ids: chunk },
        )
        const returned = new Set(found.body.data.map((entry) => entry.variant_id))
        for (const entry of found.body.data) {
          this.catalogue.set(`${location}/${entry.variant_id}`, entry)
        }
        for (const id of chunk) if (!returned.has(id)) this.catalogue.delete(`${location}/${id}`)
      }
    }
  }
}

/** The service's own full catalogue of every location, as the reference client stores it. */
async function serviceCatalogue(
  client: ReferencePlatform,
  locations: string[],
): Promise<Map<string, VariantJson>> {
  const truth = new Map<string, VariantJson>()
  for (const location of locations) {
    const full = await client.call<{ data: { products: ProductJson[] } }>(
      'GET',
      `/locations/${location}/catalogue`,
    )
    for (const product of full.body.data.products) {
      for (const variant of product.variants ?? [product as VariantJson]) {
        truth.set(`${location}/${variant.variant_id}`, variant)
      }
    }
  }
  return truth
}

const flagsOf = (catalogue: Map<string, VariantJson>): string[] =>
  [...catalogue].map(([key, v]) => `${key}:${v.price}:${v.available}:${v.out_of_stock}`).sort()

describe('a reference platform client against the demo service (issue 8)', () => {
  it('walks the catalogue, follows catalogue.updated through lookups, orders, is accepted, pays in two parts, and the bill with both payments is in the Apps API and in Till’s client', async () => {
    const service: DemoServiceHandle = await startService({
      locations: 2,
      orderDecision: 'accept',
      orderDecisionDelayMs: 200,
      webhookDuplicateRate: 0,
    })
    const client = new ReferencePlatform(
      service.url,
      service.platformToken,
      service.platformWebhookSecret,
    )
    const hook = await client.listen()
    await control(service, 'PUT', '/platform/webhook', { url: hook })

    const locations = await client.walk()
    expect(locations).toHaveLength(2)
    expect(flagsOf(client.catalogue)).toEqual(flagsOf(await serviceCatalogue(client, locations)))

    // The merchant's changes reach the platform only through events and lookups.
    const [first, second] = locations as [string, string]
    const inStock = [...client.catalogue]
      .filter(([key, v]) => key.startsWith(`${first}/`) && v.available && !v.out_of_stock)
      .map(([, v]) => v)
    const [soldOut, deleted, kept, alsoKept] = inStock as [
      VariantJson,
      VariantJson,
      VariantJson,
      VariantJson,
    ]
    await control(service, 'PUT', '/platform/stock', {
      online_location_id: first,
      variant_id: soldOut.variant_id,
      out_of_stock: true,
    })
    await control(service, 'DELETE', `/platform/variants/${deleted.variant_id}`)
    await eventually(
      () => client.events.filter((e) => e.event === 'catalogue.updated').length === 2,
    )
    await client.settled()
    expect(client.catalogue.get(`${first}/${soldOut.variant_id}`)?.out_of_stock).toBe(true)
    expect(client.catalogue.has(`${first}/${deleted.variant_id}`)).toBe(false)
    expect(client.catalogue.has(`${second}/${deleted.variant_id}`)).toBe(false)
    expect(flagsOf(client.catalogue)).toEqual(flagsOf(await serviceCatalogue(client, locations)))

    // Checkout: validate, then order what the local catalogue says is buyable.
    const lines = [
      { variant_id: kept.variant_id, unit_quantity: 2, modifiers: [] },
      { variant_id: alsoKept.variant_id, unit_quantity: 1, modifiers: [] },
    ]
    const checkout = {
      online_location_id: first,
      fulfilment_type: 'pickup',
      customer: { mobile: '+62 812 5555 0101', name: 'Reference' },
      lines,
    }
    const validated = await client.call<{
      data: { total: number; errors: unknown[]; lines: { error: unknown }[] }
    }>('POST', '/validate', checkout)
    expect(validated.body.data.errors).toEqual([])
    expect(validated.body.data.lines.every((line) => line.error === null)).toBe(true)
    const expectedTotal = kept.price * 2 + alsoKept.price
    expect(validated.body.data.total).toBe(expectedTotal)
    const ordered = await client.call<{ data: { id: string; status: string; total: number } }>(
      'POST',
      '/orders',
      checkout,
    )
    expect(ordered.status).toBe(201)
    const orderId = ordered.body.data.id
    expect(ordered.body.data).toMatchObject({ status: 'pending', total: expectedTotal })

    await eventually(() =>
      client.events.some(
        (e) =>
          e.event === 'order.status_changed' &&
          e.data['order_id'] === orderId &&
          e.data['status'] === 'accepted',
      ),
    )
    const accepted = await client.call<{
      data: { status: string; bill: { id: string }; extra: { customer_next_states: string[] } }
    }>('GET', `/orders/${orderId}`)
    expect(accepted.body.data.status).toBe('accepted')
    const billId = accepted.body.data.bill.id

    const deposit = Math.floor(expectedTotal / 2)
    const payments = [
      await client.call('POST', `/orders/${orderId}/payment`, { amount: deposit, ref: 'REF-1' }),
      await client.call('POST', `/orders/${orderId}/payment`, {
        amount: expectedTotal - deposit,
        ref: 'REF-2',
      }),
    ]
    expect(payments.map((payment) => payment.status)).toEqual([201, 201])

    const bill = await api<BillJson & { online_order: { order_id: string } }>(
      service,
      `/sales/bills/${billId}`,
    )
    expect(bill.body.online_order.order_id).toBe(orderId)
    expect(bill.body).toMatchObject({ total: expectedTotal, amount_due: 0, status: 'paid' })
    expect(bill.body.payments.map((p) => [p.amount, p.ref])).toEqual([
      [deposit, 'REF-1'],
      [expectedTotal - deposit, 'REF-2'],
    ])
    const listed = await api<{ data: { id: string }[] }>(
      service,
      '/sales/bills/location/101?order_by=id:desc&limit=5',
    )
    expect(listed.body.data.map((b) => b.id)).toContain(billId)

    // Till's own client reads it as a bill, not a quarantined record.
    const till = new AppsApiClient(
      { baseUrl: service.url, storeId: service.storeId, apiKey: new Secret(service.appKey) },
      { httpGet: createHttpGet(), log: createLogger('reference-client-test') },
    )
    const read = await till.getBill(billId, 'IDR')
    if (!read || !('bill' in read)) throw new Error(`Till did not read bill ${billId}`)
    expect(read.bill.payments.map((p) => p.amount)).toEqual([deposit, expectedTotal - deposit])
    expect(read.bill.amountDue).toBe(0)
    expect(read.bill.extra['online_order']).toMatchObject({
      order_id: orderId,
      fulfilment_type: 'pickup',
    })
    expect(client.rejected).toEqual([])
  })
})
