/**
 * The control API's platform calls (`/_control/platform/…`): the merchant's side of online
 * ordering (accept, cancel, notify, stock, store on and off, Connect) and the platform's
 * settings (webhook URL, connect URL, how the simulated merchant decides).
 */

import { InvalidRequestError, NotFoundError } from '../demo-errors'
import { json } from '../http-util'
import { field, isBoolean, isCount, isString, type Body } from '../request-fields'
import { route, type ControlAnswer, type Route } from '../routes'
import { MERCHANT_DECISIONS, type MerchantDecision } from './orders'
import type { Platform } from './platform'

const isDecision = (value: unknown): value is MerchantDecision =>
  (MERCHANT_DECISIONS as readonly unknown[]).includes(value)

function urlOrNull(body: Body, key: string): string | null {
  const url = body[key]
  if (url !== null && !(typeof url === 'string' && /^https?:\/\//.test(url))) {
    throw new InvalidRequestError(`"${key}" must be an http(s) URL or null.`)
  }
  return url
}

function state(platform: Platform): Record<string, unknown> {
  const { connect, orders } = platform
  const decision = orders.decisionSettings
  return {
    store: platform.views.store(),
    webhook: { pending: platform.webhooks.pending() },
    orders: {
      count: orders.all().length,
      decision: decision.decision,
      decision_delay_ms: decision.decisionDelayMs,
    },
    connect: {
      connect_url: connect.connectUrl,
      instructions: connect.instructions,
      code_label: connect.codeLabel,
      account: connect.account && {
        external_account_id: connect.account.externalAccountId,
        display_name: connect.account.displayName,
        connected_at: platform.views.time(connect.account.connectedAt),
      },
      last_error: connect.lastFailure,
    },
  }
}

/** The routes, under `/platform`. */
export function platformControlRoutes(platform: Platform): Route<ControlAnswer>[] {
  const { orders, views } = platform
  const orderJson = (id: string | undefined) => views.order(orders.find(id ?? ''), orders, true)
  const variant = (id: string | undefined) => {
    const found = platform.catalogue.variant(id ?? '')
    if (!found) throw new NotFoundError(`No variant ${id}.`)
    return found
  }
  const text = (body: Body, key: string): string => {
    const value = field(body, key, isString, 'text')
    if (value === undefined) throw new InvalidRequestError(`"${key}" is required.`)
    return value
  }
  return [
    route('GET', '/platform', () => json(200, state(platform))),
    route('PUT', '/platform/webhook', (_, body) => {
      const url = urlOrNull(body, 'url')
      platform.webhooks.setTarget(url)
      return json(200, { url })
    }),
    route('GET', '/platform/deliveries', () => json(200, { data: platform.webhooks.log() })),
    route('PUT', '/platform/orders/decision', (_, body) => {
      const current = orders.decisionSettings
      orders.configure({
        decision:
          field(body, 'decision', isDecision, MERCHANT_DECISIONS.join(', ')) ?? current.decision,
        decisionDelayMs:
          field(body, 'delay_ms', isCount, 'a whole number of milliseconds') ??
          current.decisionDelayMs,
      })
      return json(200, state(platform)['orders'])
    }),
    route('GET', '/platform/orders', () =>
      json(200, { data: orders.all().map((o) => orderJson(o.id)) }),
    ),
    route('POST', '/platform/orders/:id/accept', ([id]) => {
      orders.accept(orders.find(id ?? ''))
      return json(200, { data: orderJson(id) })
    }),
    route('POST', '/platform/orders/:id/cancel', ([id]) => {
      orders.cancel(orders.find(id ?? ''))
      return json(200, { data: orderJson(id) })
    }),
    route('POST', '/platform/orders/:id/notification', ([id], body) => {
      const message = { title: text(body, 'title'), message: text(body, 'message') }
      platform.notify(id ?? '', 'order.notification', message)
      return json(200, { data: orderJson(id) })
    }),
    route('POST', '/platform/orders/:id/review-reminder', ([id]) => {
      platform.notify(id ?? '', 'order.review_reminder')
      return json(200, { data: orderJson(id) })
    }),
    route('PUT', '/platform/stores/:id', ([id], body) => {
      const on = field(body, 'turned_on', isBoolean, 'true or false')
      if (on === undefined) throw new InvalidRequestError('"turned_on" is required.')
      platform.turn(platform.requireLocation(id ?? ''), on)
      return json(200, platform.views.store())
    }),
    route('PUT', '/platform/stock', (_, body) => {
      const location = platform.requireLocation(text(body, 'online_location_id'))
      const target = variant(text(body, 'variant_id'))
      const available = field(body, 'available', isBoolean, 'true or false')
      const outOfStock = field(body, 'out_of_stock', isBoolean, 'true or false')
      platform.changeStock(location, target, {
        ...(available !== undefined && { available }),
        ...(outOfStock !== undefined && { outOfStock }),
      })
      return json(200, views.entry(target, location))
    }),
    route('DELETE', '/platform/variants/:id', ([id]) => {
      platform.deleteVariant(variant(id))
      return json(200, { deleted: id })
    }),
    route('PUT', '/platform/connect', (_, body) => {
      platform.connect.configure(urlOrNull(body, 'connect_url'))
      return json(200, state(platform)['connect'])
    }),
    route('POST', '/platform/connect/enable', async (_, body) => {
      await platform.connect.enable(text(body, 'connect_code'))
      return json(200, state(platform)['connect'])
    }),
  ]
}
