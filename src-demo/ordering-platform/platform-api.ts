/**
 * The Platform Orders API (`/platform-v1`, interface §4.2, §5.2): one bearer token for the
 * platform, the merchant's store chosen by `online_location_id` in each call. Answers are
 * `{ "data": … }`; errors are `{ "error", "error_description" }` like the Apps API's.
 */

import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { ApiError, InvalidRequestError, NotFoundError, UnauthorizedError } from '../demo-errors'
import {
  bearerToken,
  failureResponse,
  header,
  json,
  secretsEqual,
  type JsonResponse,
} from '../http-util'
import { ONLINE_PAYMENT } from '../payments'
import type { Shop } from '../shop'
import { isObject, type Body } from '../request-fields'
import { findRoute, route, type Route } from '../routes'
import type { CheckedCart } from './cart'
import type { Order, OrderStatus, TransferProof } from './orders'
import type { Platform } from './platform'
import type { PlatformViews } from './views'

export const PLATFORM_PREFIX = '/platform-v1'
const MAX_LOOKUP_IDS = 500
/** Room for a bank transfer's proof (5 MB) and the multipart around it. */
export const MAX_PLATFORM_BODY_BYTES = 6 * 1024 * 1024
const MAX_REF_LENGTH = 100

/** What a route may read of the request. */
export interface PlatformRequest {
  headers: IncomingHttpHeaders
  /** The body as bytes (multipart proofs are larger than JSON bodies). */
  body(): Promise<Buffer>
}

type PlatformAnswer = (
  params: string[],
  request: PlatformRequest,
) => JsonResponse | Promise<JsonResponse>

/** A cart `POST /orders` refuses, with the validation result that says why. */
class InvalidCartError extends ApiError {
  constructor(problems: string, data: unknown) {
    super(422, 'invalid_cart', `The cart cannot be ordered: ${problems}`, { data })
    this.name = 'InvalidCartError'
  }
}

export class PlatformApi {
  private readonly routes: readonly Route<PlatformAnswer>[]
  private readonly views: PlatformViews

  constructor(
    private readonly platform: Platform,
    private readonly shop: Shop,
  ) {
    this.views = platform.views
    this.routes = [
      route('GET', '/stores', () => json(200, { data: [this.views.store()] })),
      route('GET', '/locations/:id/catalogue', ([id]) => this.catalogue(id as string)),
      route('GET', '/locations/:id/categories', ([id]) => this.rootCategories(id as string)),
      route('GET', '/locations/:id/categories/:category', ([id, category]) =>
        this.category(id as string, category as string),
      ),
      route('POST', '/locations/:id/catalogue/lookup', async ([id], request) =>
        this.lookup(id as string, await jsonBody(request)),
      ),
      route('POST', '/validate', async (_, request) => this.validate(request)),
      route('POST', '/orders', async (_, request) => this.createOrder(await jsonBody(request))),
      route('GET', '/orders/:id', ([id]) => this.orderAnswer(200, this.order(id), true)),
      route('POST', '/orders/:id/payment', async ([id], request) =>
        this.pay(this.order(id), await jsonBody(request)),
      ),
      route('POST', '/orders/:id/payment/bank-transfer', async ([id], request) =>
        this.payByTransfer(this.order(id), request),
      ),
      route('POST', '/orders/:id/status-change/:status', ([id, status]) =>
        this.changeStatus(this.order(id), status as string),
      ),
    ]
  }

  /** Answers a request for `path`, the part of the URL path after `/platform-v1`. */
  async answer(method: string, path: string, request: PlatformRequest): Promise<JsonResponse> {
    try {
      if (!secretsEqual(bearerToken(request.headers), this.platform.settings.token)) {
        throw new UnauthorizedError('The platform token is missing or not valid.')
      }
      const { route, params } = findRoute(
        this.routes,
        method,
        path,
        `No endpoint ${PLATFORM_PREFIX}${path}.`,
      )
      return await route.answer(params, request)
    } catch (error) {
      return failureResponse(error)
    }
  }

  private order(id: string | undefined): Order {
    return this.platform.orders.find(id ?? '')
  }

  private orderAnswer(status: number, order: Order, withKey = false): JsonResponse {
    return json(status, { data: this.views.order(order, this.platform.orders, withKey) })
  }

  private catalogue(onlineLocationId: string): JsonResponse {
    const location = this.platform.requireLocation(onlineLocationId)
    return json(200, { data: this.views.catalogue(location) })
  }

  private rootCategories(onlineLocationId: string): JsonResponse {
    this.platform.requireLocation(onlineLocationId)
    const roots = this.platform.catalogue.childrenOf(null)
    return json(200, { data: roots.map((category) => this.views.category(category)) })
  }

  private category(onlineLocationId: string, categoryId: string): JsonResponse {
    const location = this.platform.requireLocation(onlineLocationId)
    const category = this.platform.catalogue.category(categoryId)
    if (!category) throw new NotFoundError(`No category ${categoryId}.`)
    return json(200, { data: this.views.categoryDetail(category, location) })
  }

  private lookup(onlineLocationId: string, body: Body): JsonResponse {
    const location = this.platform.requireLocation(onlineLocationId)
    const ids = body['variant_ids']
    if (
      !Array.isArray(ids) ||
      !ids.every((id) => typeof id === 'string' || typeof id === 'number')
    ) {
      throw new InvalidRequestError('"variant_ids" must be a list of variant ids.')
    }
    if (ids.length > MAX_LOOKUP_IDS) {
      throw new ApiError(
        422,
        'too_many_variant_ids',
        `A lookup takes at most ${MAX_LOOKUP_IDS} variant_ids; this one has ${ids.length}. Split it.`,
      )
    }
    const entries = [...new Set(ids.map(String))].flatMap((id) => {
      const variant = this.platform.catalogue.variant(id)
      return variant ? [this.views.entry(variant, location)] : []
    })
    return json(200, { data: entries })
  }

  /** Always 200: every problem is in the result, never in the status (§2.6, §7). */
  private async validate(request: PlatformRequest): Promise<JsonResponse> {
    let body: Body
    try {
      body = await jsonBody(request)
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error
      body = {}
    }
    const cart = this.platform.cart.check(body, { requireCustomer: false, acceptFees: true })
    return json(200, { data: this.views.validation(cart) })
  }

  private createOrder(body: Body): JsonResponse {
    const cart = this.platform.cart.check(body, { requireCustomer: true, acceptFees: false })
    const problems = cartProblems(cart)
    if (problems.length > 0 || !cart.location || !cart.fulfilmentType || !cart.customer) {
      throw new InvalidCartError(problems.join(' '), this.views.validation(cart))
    }
    const notes = body['customer_notes']
    if (notes !== undefined && notes !== null && typeof notes !== 'string') {
      throw new InvalidRequestError('"customer_notes" must be text.')
    }
    const order = this.platform.orders.create({
      onlineLocationId: String(cart.onlineLocationId),
      location: cart.location,
      fulfilmentType: cart.fulfilmentType,
      customer: cart.customer,
      customerNotes: notes ?? null,
      items: cart.items,
      fees: cart.fees,
    })
    return this.orderAnswer(201, order)
  }

  private amount(value: unknown, field: string): number {
    const minor =
      typeof value === 'number' || typeof value === 'string'
        ? this.shop.config.currency.toMinor(value)
        : null
    if (minor === null || minor < 1) {
      throw new ApiError(
        422,
        'invalid_amount',
        `"${field}" must be a positive amount in ${this.shop.config.currency.code} major units.`,
      )
    }
    return minor
  }

  private ref(value: unknown): string | null {
    if (value === undefined || value === null || value === '') return null
    if (typeof value !== 'string' || value.length > MAX_REF_LENGTH) {
      throw new InvalidRequestError(`"ref" must be text of at most ${MAX_REF_LENGTH} characters.`)
    }
    return value
  }

  /** Not idempotent: every call records one more payment. */
  private pay(order: Order, body: Body): JsonResponse {
    const payment = this.platform.orders.pay(
      order,
      this.amount(body['amount'], 'amount'),
      ONLINE_PAYMENT,
      this.ref(body['ref']),
    )
    return this.paymentAnswer(order, payment.seq)
  }

  private paymentAnswer(order: Order, seq: number): JsonResponse {
    const recorded = order.payments.find((payment) => payment.seq === seq)
    const row = order.billRow as number
    return json(201, {
      data: {
        payment: this.views.payment(row, recorded ?? { seq, proof: null }),
        order: this.views.order(order, this.platform.orders, false),
      },
    })
  }

  private async payByTransfer(order: Order, request: PlatformRequest): Promise<JsonResponse> {
    const type = header(request.headers, 'content-type') ?? ''
    if (!/^multipart\/form-data\s*;/i.test(type)) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the transfer as multipart/form-data with "file" and "payment_key".',
      )
    }
    let form: FormData
    try {
      const bytes = await request.body()
      form = await new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': type },
      }).formData()
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw new InvalidRequestError('The multipart body cannot be read.')
    }
    const key = form.get('payment_key')
    if (typeof key !== 'string' || !secretsEqual(key, order.paymentKey)) {
      throw new ApiError(
        403,
        'invalid_payment_key',
        `"payment_key" is missing or is not the key of order ${order.id} (see GET /orders/${order.id}).`,
      )
    }
    const file = form.get('file')
    if (typeof file === 'string' || file === null || file.size === 0) {
      throw new ApiError(422, 'file_required', 'Attach the transfer receipt as "file".')
    }
    const content = Buffer.from(await file.arrayBuffer())
    const proof: TransferProof = {
      filename: file.name,
      contentType: file.type || 'application/octet-stream',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    }
    const given = form.get('amount')
    const due = order.billRow === null ? 0 : this.shop.amountDue(order.billRow)
    const amount = given === null ? due : this.amount(given, 'amount')
    const payment = this.platform.orders.pay(
      order,
      amount,
      'bank_transfer',
      this.ref(form.get('ref') ?? undefined),
      proof,
    )
    return this.paymentAnswer(order, payment.seq)
  }

  private changeStatus(order: Order, status: string): JsonResponse {
    if (status !== 'cancelled' && status !== 'pending') {
      throw new ApiError(
        422,
        'invalid_status',
        `The customer can change an order only to "cancelled" or "pending", not "${status}".`,
      )
    }
    this.platform.orders.changeByCustomer(order, status as OrderStatus)
    return this.orderAnswer(200, order)
  }
}

/** Reads a JSON object body; anything else is a 400 with the reason. */
async function jsonBody(request: PlatformRequest): Promise<Body> {
  const text = (await request.body()).toString('utf8').trim()
  if (text === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new InvalidRequestError('The request body is not valid JSON.')
  }
  if (!isObject(parsed)) throw new InvalidRequestError('The request body must be a JSON object.')
  return parsed
}

/** Every problem of a checked cart, cart-level first, as sentences. */
function cartProblems(cart: CheckedCart): string[] {
  return [
    ...cart.errors.map((error) => error.message),
    ...cart.lines.flatMap((line, i) =>
      line.error ? [`Line ${i + 1}: ${line.error.message}`] : [],
    ),
  ]
}
