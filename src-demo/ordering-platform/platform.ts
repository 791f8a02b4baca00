/**
 * The platform side of the demo service: one ordering platform (one bearer token) selling the
 * merchant's online catalogue at one online location per shop location, taking orders that
 * land on the till, pairing through Connect, and hearing about it all through its own signed
 * webhooks (`order.*`, `store.turned_on`, `catalogue.updated`).
 */

import type { Location } from '../catalogue'
import type { SimClock } from '../clock'
import { NotFoundError } from '../demo-errors'
import { billId } from '../ids'
import type { Shop } from '../shop'
import type { Trader } from '../trader'
import { WebhookDispatcher, type DeliverySettings } from '../webhooks/delivery'
import { buildEnvelope, type Company } from '../webhooks/envelope'
import { CartChecker } from './cart'
import { ConnectLink } from './connect'
import { OnlineCatalogue, type Stock, type Variant } from './online-catalogue'
import { OrderBook, type OrderSettings, type StatusChange } from './orders'
import { PlatformViews, type ViewedPlatform } from './views'

export interface PlatformSettings {
  token: string
  delivery: DeliverySettings
  webhookUrl: string | null
  orders: OrderSettings
}

const ONLINE_LOCATION_PREFIX = 'ol-'

export class Platform implements ViewedPlatform {
  readonly catalogue: OnlineCatalogue
  readonly cart: CartChecker
  readonly orders: OrderBook
  readonly webhooks: WebhookDispatcher
  readonly connect: ConnectLink
  readonly views: PlatformViews
  private readonly turnedOn: boolean[]

  constructor(
    readonly settings: PlatformSettings,
    private readonly shop: Shop,
    trader: Trader,
    private readonly clock: SimClock,
    readonly company: Company,
    readonly storeId: string,
    onBackgroundError: (error: unknown) => void,
  ) {
    const { config } = shop
    this.catalogue = new OnlineCatalogue(config.catalogue, config.locations, config.seed)
    this.turnedOn = config.locations.map(() => true)
    this.cart = new CartChecker(this.catalogue, config.catalogue, {
      resolve: (id) => {
        const location = this.locationOf(id)
        return location && { location, turnedOn: this.turnedOn[location.index] === true }
      },
    })
    this.orders = new OrderBook(
      shop,
      trader,
      settings.orders,
      (change) => this.statusChanged(change),
      onBackgroundError,
    )
    this.webhooks = new WebhookDispatcher(settings.delivery)
    this.webhooks.setTarget(settings.webhookUrl)
    this.connect = new ConnectLink(settings.delivery.secret, () => clock.now())
    this.views = new PlatformViews(this, shop)
  }

  onlineLocationId(location: Location): string {
    return `${ONLINE_LOCATION_PREFIX}${location.id}`
  }

  locationOf(onlineLocationId: string): Location | null {
    if (!onlineLocationId.startsWith(ONLINE_LOCATION_PREFIX)) return null
    const id = onlineLocationId.slice(ONLINE_LOCATION_PREFIX.length)
    return this.shop.locations.find((location) => location.id === id) ?? null
  }

  /** The location of an online location id in a path or body; 404 when there is none. */
  requireLocation(onlineLocationId: string): Location {
    const location = this.locationOf(onlineLocationId)
    if (!location) throw new NotFoundError(`No online location ${onlineLocationId}.`)
    return location
  }

  isTurnedOn(location: Location): boolean {
    return this.turnedOn[location.index] === true
  }

  /** Turns a store's online location on (sending `store.turned_on`) or off. */
  turn(location: Location, on: boolean): void {
    const was = this.isTurnedOn(location)
    this.turnedOn[location.index] = on
    if (on && !was) {
      this.publish('store.turned_on', {
        online_location_id: this.onlineLocationId(location),
        store_id: this.storeId,
      })
    }
  }

  /** Changes a variant's flags at one location and sends `catalogue.updated` for it. */
  changeStock(location: Location, variant: Variant, change: Partial<Stock>): Stock {
    const stock = this.catalogue.setStock(location, variant, change)
    this.catalogueUpdated([location], variant)
    return stock
  }

  /** Deletes a variant everywhere and sends `catalogue.updated` for every location. */
  deleteVariant(variant: Variant): void {
    this.catalogue.deleteVariant(variant)
    this.catalogueUpdated(this.shop.locations, variant)
  }

  notify(orderId: string, event: 'order.notification' | 'order.review_reminder', extra = {}) {
    const order = this.orders.find(orderId)
    this.publish(event, {
      order_id: order.id,
      online_location_id: order.onlineLocationId,
      ...extra,
    })
    return order
  }

  close(): void {
    this.orders.close()
    this.webhooks.close()
  }

  private catalogueUpdated(locations: readonly Location[], variant: Variant): void {
    this.publish('catalogue.updated', {
      items: locations.map((location) => ({
        online_location_id: this.onlineLocationId(location),
        product_id: variant.product.id,
        variant_id: variant.id,
      })),
      occurred_at: this.time(this.clock.now()),
    })
  }

  private statusChanged({ order, previous, by }: StatusChange): void {
    this.publish('order.status_changed', {
      order_id: order.id,
      online_location_id: order.onlineLocationId,
      status: order.status,
      previous_status: previous,
      changed_by: by,
      bill_id: order.billRow === null ? null : billId(order.billRow),
    })
  }

  private time(at: number): string {
    return this.shop.config.zone.formatIso(at)
  }

  private publish(event: string, data: Record<string, unknown>): void {
    const createdAt = this.time(this.clock.now())
    this.webhooks.send(buildEnvelope(event, data, createdAt, this.company, this.storeId))
  }
}
