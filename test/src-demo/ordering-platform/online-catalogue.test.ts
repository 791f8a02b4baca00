/**
 * Conformance: the Platform Orders API's stores and catalogue (interface §2.4, §2.5, §4.2,
 * §5.2, §6 catalogue.updated, §8 lookup limit), over real HTTP on 127.0.0.1.
 */

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
  type ErrorBody,
} from '../../support/demo-service'

interface TaxJson {
  name: string
  rate: number
  amount: number
}
interface VariantJson {
  variant_id: string
  name: string
  price: number
  taxes: TaxJson[]
  available: boolean
  out_of_stock: boolean
}
interface ProductJson {
  id: string
  name: string
  category_id: string
  modifiers: { modifier_id: string; name: string; price: number }[]
  variants?: VariantJson[]
  variant_id?: string
  price?: number
  taxes: TaxJson[] | { name: string; rate: number }[]
  available?: boolean
  out_of_stock?: boolean
}
interface CategoryJson {
  id: string
  name: string
  parent_id: string | null
  children: { id: string; name: string }[]
  products?: ProductJson[]
}
interface EntryJson extends VariantJson {
  online_location_id: string
  product_id: string
}
interface StoreJson {
  id: string
  currency: string
  online_locations: { id: string; name: string; turned_on: boolean }[]
}

const THREE_LOCATIONS = { locations: 3 }

/** Every variant of a product: its `variants[]`, or the product itself when it has none. */
function variantsOf(product: ProductJson): VariantJson[] {
  return product.variants ?? [product as unknown as VariantJson]
}

interface CatalogueJson {
  currency: string
  categories: CategoryJson[]
  products: ProductJson[]
}

/** The full catalogue of an online location. */
async function catalogueOf(service: DemoServiceHandle, location: string): Promise<CatalogueJson> {
  const answer = await platform<{ data: CatalogueJson }>(
    service,
    'GET',
    `/locations/${location}/catalogue`,
  )
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function firstOnlineLocation(service: DemoServiceHandle) {
  const stores = await platform<{ data: StoreJson[] }>(service, 'GET', '/stores')
  return (stores.body.data[0] as StoreJson).online_locations[0]?.id as string
}

describe('platform authentication (interface §5.2)', () => {
  it('§5.2.1 one bearer platform token: missing, the app key or the control token → 401; the token does not open the Apps API', async () => {
    const service = await startService()
    for (const token of [null, service.appKey, service.controlToken, 'nonsense']) {
      const answer = await platform<ErrorBody>(service, 'GET', '/stores', undefined, token)
      expect(answer.status).toBe(401)
      expect(answer.body.error).toBe('unauthorized')
    }
    expect((await platform(service, 'GET', '/stores')).status).toBe(200)
    const apps = await api(service, '/sales/bills/location/all', {
      Authorization: `Bearer ${service.platformToken}`,
    })
    expect(apps.status).toBe(401)
  })

  it('§5.2.2 the merchant is chosen by online_location_id: an unknown one is a 404', async () => {
    const service = await startService()
    const answer = await platform<ErrorBody>(service, 'GET', '/locations/ol-999/catalogue')
    expect(answer.status).toBe(404)
    expect(answer.body.error_description).toContain('ol-999')
  })
})

describe('stores and online locations (interface §2.4)', () => {
  it('§2.4 GET /stores lists the store with online_locations[], one per shop location, each with an id', async () => {
    const service = await startService(THREE_LOCATIONS)
    const answer = await platform<{ data: StoreJson[] }>(service, 'GET', '/stores')
    expect(answer.status).toBe(200)
    const [store] = answer.body.data
    expect(store?.id).toBe(service.storeId)
    expect(store?.online_locations).toHaveLength(3)
    const ids = store?.online_locations.map((location) => location.id) ?? []
    expect(new Set(ids).size).toBe(3)
    for (const location of store?.online_locations ?? []) expect(location.turned_on).toBe(true)
  })
})

describe('catalogue (interface §2.5)', () => {
  it('§2.5 categories: roots, detail and children walked breadth-first reach every category and product of the full catalogue', async () => {
    const service = await startService()
    const location = await firstOnlineLocation(service)
    const full = await catalogueOf(service, location)
    const roots = await platform<{ data: CategoryJson[] }>(
      service,
      'GET',
      `/locations/${location}/categories`,
    )
    expect(roots.body.data.length).toBeGreaterThan(0)
    for (const root of roots.body.data) expect(root.parent_id).toBeNull()

    const queue = roots.body.data.map((category) => category.id)
    const visited: CategoryJson[] = []
    const depthOf = new Map(queue.map((id) => [id, 0]))
    while (queue.length > 0) {
      const id = queue.shift() as string
      const detail = await platform<{ data: CategoryJson }>(
        service,
        'GET',
        `/locations/${location}/categories/${id}`,
      )
      expect(detail.status).toBe(200)
      visited.push(detail.body.data)
      for (const child of detail.body.data.children) {
        depthOf.set(child.id, (depthOf.get(id) as number) + 1)
        queue.push(child.id)
      }
    }
    // Breadth-first: no category is visited before one of a smaller depth.
    const depths = visited.map((category) => depthOf.get(category.id) as number)
    expect(depths).toEqual([...depths].sort((a, b) => a - b))
    expect(Math.max(...depths)).toBeGreaterThan(0)
    expect(visited.map((c) => c.id).sort()).toEqual(full.categories.map((c) => c.id).sort())
    const walkedProducts = visited.flatMap((category) => category.products ?? [])
    expect(walkedProducts.map((p) => p.id).sort()).toEqual(full.products.map((p) => p.id).sort())
    const unknown = await platform(service, 'GET', `/locations/${location}/categories/nope`)
    expect(unknown.status).toBe(404)
  })

  it('§2.5 products: variants carry variant_id; a product with no variants[] is its own only variant; every variant id is unique', async () => {
    const service = await startService()
    const location = await firstOnlineLocation(service)
    const products = (await catalogueOf(service, location)).products
    const withVariants = products.filter((product) => product.variants !== undefined)
    const alone = products.filter((product) => product.variants === undefined)
    expect(withVariants.length).toBeGreaterThan(0)
    expect(alone.length).toBeGreaterThan(0)
    for (const product of withVariants) {
      expect(product.variants?.length).toBeGreaterThan(1)
      for (const variant of product.variants ?? []) expect(variant.variant_id).toMatch(/\S/)
    }
    for (const product of alone) {
      expect(product.variant_id).toMatch(/\S/)
      expect(typeof product.price).toBe('number')
      expect(typeof product.available).toBe('boolean')
    }
    const ids = products.flatMap(variantsOf).map((variant) => variant.variant_id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('§2.5 prices are tax-inclusive: each taxes[] amount is price × rate / (100 + Σ rates), in the merchant currency', async () => {
    for (const currency of ['IDR', 'USD']) {
      const service = await startService({ currency })
      const store = (await platform<{ data: StoreJson[] }>(service, 'GET', '/stores')).body.data[0]
      expect(store?.currency).toBe(currency)
      const location = store?.online_locations[0]?.id as string
      const catalogue = await catalogueOf(service, location)
      expect(catalogue.currency).toBe(currency)
      const scale = currency === 'USD' ? 100 : 1
      let taxed = 0
      for (const variant of catalogue.products.flatMap(variantsOf)) {
        const price = Math.round(variant.price * scale)
        expect(Math.abs(price / scale - variant.price)).toBeLessThan(1e-9)
        const combined = variant.taxes.reduce((sum, tax) => sum + tax.rate, 0)
        for (const tax of variant.taxes) {
          // Rounded half up, in integers: floor((2 × price × rate + d) / 2d), d = 100 + Σ rates.
          const divisor = 100 + combined
          const expected = Math.floor((2 * price * tax.rate + divisor) / (2 * divisor))
          expect(Math.round(tax.amount * scale)).toBe(expected)
          taxed++
        }
      }
      expect(taxed).toBeGreaterThan(10)
    }
  })

  it('§2.5 modifiers are listed on products with modifier_id, name and price', async () => {
    const service = await startService()
    const location = await firstOnlineLocation(service)
    const products = (await catalogueOf(service, location)).products
    const modifiers = products.flatMap((product) => product.modifiers)
    expect(modifiers.length).toBeGreaterThan(0)
    for (const modifier of modifiers) {
      expect(modifier.modifier_id).toMatch(/\S/)
      expect(modifier.price).toBeGreaterThanOrEqual(0)
    }
  })

  it('§2.5 available and out_of_stock are per online location and never shared: a change at one location leaves the others as they were', async () => {
    const service = await startService(THREE_LOCATIONS)
    const store = (await platform<{ data: StoreJson[] }>(service, 'GET', '/stores')).body.data[0]
    const [first, second, third] = (store?.online_locations ?? []).map((l) => l.id) as string[]
    const catalogueAt = async (location: string) =>
      (await catalogueOf(service, location)).products.flatMap(variantsOf)
    const before = await Promise.all([first, second, third].map((l) => catalogueAt(l as string)))
    // The seeded shop already differs between locations (the kiosk has no kitchen).
    const flags = (variants: VariantJson[]) =>
      variants.map((v) => `${v.variant_id}:${v.available}:${v.out_of_stock}`).join()
    expect(new Set(before.map(flags)).size).toBeGreaterThan(1)

    const target = (before[0] as VariantJson[]).find(
      (v, i) => !v.out_of_stock && !(before[1] as VariantJson[])[i]?.out_of_stock,
    ) as VariantJson
    const changed = await control<EntryJson>(service, 'PUT', '/platform/stock', {
      online_location_id: first,
      variant_id: target.variant_id,
      out_of_stock: true,
      available: false,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ available: false, out_of_stock: true })
    const after = await Promise.all([first, second, third].map((l) => catalogueAt(l as string)))
    const find = (variants: VariantJson[]) =>
      variants.find((v) => v.variant_id === target.variant_id) as VariantJson
    expect(find(after[0] as VariantJson[])).toMatchObject({ available: false, out_of_stock: true })
    expect(flags(after[1] as VariantJson[])).toBe(flags(before[1] as VariantJson[]))
    expect(flags(after[2] as VariantJson[])).toBe(flags(before[2] as VariantJson[]))
  })
})

describe('catalogue lookup (interface §4.2, §8)', () => {
  it('§8 at most 500 variant ids: 500 are answered, 501 are refused with a clear 422', async () => {
    const service = await startService()
    const location = await firstOnlineLocation(service)
    const ids = (count: number) => Array.from({ length: count }, (_, i) => String(5001 + i))
    const ok = await platform<{ data: EntryJson[] }>(
      service,
      'POST',
      `/locations/${location}/catalogue/lookup`,
      { variant_ids: ids(500) },
    )
    expect(ok.status).toBe(200)
    expect(ok.body.data.length).toBeGreaterThan(0)
    const refused = await platform<ErrorBody>(
      service,
      'POST',
      `/locations/${location}/catalogue/lookup`,
      { variant_ids: ids(501) },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.error).toBe('too_many_variant_ids')
    expect(refused.body.error_description).toContain('500')
    expect(refused.body.error_description).toContain('501')
    const malformed = await platform<ErrorBody>(
      service,
      'POST',
      `/locations/${location}/catalogue/lookup`,
      { variant_ids: 'not a list' },
    )
    expect(malformed.status).toBe(400)
  })

  it('§4.2 lookup answers the entries of the ids that exist; an id not returned does not exist (or was deleted)', async () => {
    const service = await startService()
    const location = await firstOnlineLocation(service)
    const products = (await catalogueOf(service, location)).products
    const known = products.flatMap(variantsOf).slice(0, 3)
    const answer = await platform<{ data: EntryJson[] }>(
      service,
      'POST',
      `/locations/${location}/catalogue/lookup`,
      { variant_ids: [...known.map((v) => v.variant_id), 'no-such-variant'] },
    )
    expect(answer.body.data.map((entry) => entry.variant_id)).toEqual(
      known.map((v) => v.variant_id),
    )
    for (const [i, entry] of answer.body.data.entries()) {
      expect(entry.online_location_id).toBe(location)
      expect(entry).toMatchObject({
        price: known[i]?.price,
        available: known[i]?.available,
        out_of_stock: known[i]?.out_of_stock,
      })
    }
  })
})

describe('catalogue.updated (interface §6)', () => {
  it('§6 a stock change and a deletion send catalogue.updated {items: [{online_location_id, product_id, variant_id}], occurred_at}, signed with the platform secret', async () => {
    const receiver = await startReceiver()
    const service = await startService({ ...THREE_LOCATIONS, webhookDuplicateRate: 0 })
    expect((await control(service, 'PUT', '/platform/webhook', { url: receiver.url })).status).toBe(
      200,
    )
    const location = await firstOnlineLocation(service)
    const product = (await catalogueOf(service, location)).products.find(
      (p) => p.variants === undefined,
    ) as ProductJson
    await control(service, 'PUT', '/platform/stock', {
      online_location_id: location,
      variant_id: product.variant_id,
      out_of_stock: true,
    })
    await control(service, 'DELETE', `/platform/variants/${product.variant_id}`)
    await eventually(() => receiver.received.length >= 2)

    const envelopes = receiver.received.map((webhook) => {
      const signature = webhook.headers['x-service-signature'] as string
      expect(signatureOf(signature, webhook.raw, service.platformWebhookSecret).valid).toBe(true)
      expect(signatureOf(signature, webhook.raw, service.webhookSecret).valid).toBe(false)
      expect(webhook.headers['x-service-event']).toBe('catalogue.updated')
      return JSON.parse(webhook.raw) as {
        event: string
        data: { items: unknown[]; occurred_at: string }
      }
    })
    const [stock, deletion] = envelopes
    expect(stock?.data.items).toEqual([
      { online_location_id: location, product_id: product.id, variant_id: product.variant_id },
    ])
    expect(stock?.data.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
    expect(deletion?.data.items).toHaveLength(3)
    expect(new Set(deletion?.data.items.map((item) => JSON.stringify(item))).size).toBe(3)

    const lookup = await platform<{ data: EntryJson[] }>(
      service,
      'POST',
      `/locations/${location}/catalogue/lookup`,
      { variant_ids: [product.variant_id] },
    )
    expect(lookup.body.data).toEqual([])
    const catalogue = await catalogueOf(service, location)
    expect(catalogue.products.map((p) => p.id)).not.toContain(product.id)
  })
})
