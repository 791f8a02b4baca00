/**
 * Checking and pricing a cart (interface §2.6, §2.10, §4.2): `POST /validate` reports every
 * problem in its place (cart-level in `errors[]`, per line in `lines[].error`), and
 * `POST /orders` runs the same checks before it creates anything.
 */

import { composeOrder, type BillContent, type OrderFee, type OrderItem } from '../bill-content'
import { DELIVERY_FEE_NAME, type Catalogue, type Location } from '../catalogue'
import { isObject, type Body } from '../request-fields'
import type { Modifier, OnlineCatalogue, Variant } from './online-catalogue'

const FULFILMENT_TYPES = ['delivery', 'pickup'] as const
export type FulfilmentType = (typeof FULFILMENT_TYPES)[number]

export interface CartError {
  code: string
  message: string
  /** The request field at fault, e.g. `customer.address.text`, `fees[1].amount`. */
  field?: string
}

export interface CheckedLine {
  variantId: unknown
  quantity: unknown
  variant: Variant | null
  modifiers: Modifier[]
  /** Minor units, when the variant and the modifiers are known. */
  unitPrice: number | null
  error: CartError | null
}

export interface Customer {
  mobile: string
  name?: string
  email?: string
  address?: { type?: string; text?: string }
}

export interface CheckedCart {
  onlineLocationId: unknown
  location: Location | null
  fulfilmentType: FulfilmentType | null
  customer: Customer | null
  lines: CheckedLine[]
  fees: OrderFee[]
  errors: CartError[]
  /** The lines without an error, priced. */
  items: OrderItem[]
  /** The priced content of the lines without an error, and the fees. */
  content: BillContent
}

/** What the cart checker needs to know about online locations. */
export interface OnlineLocations {
  /** The shop location behind an online location id, and whether its store is turned on. */
  resolve(onlineLocationId: string): { location: Location; turnedOn: boolean } | null
}

const MAX_QUANTITY = 999
const MAX_LINES = 100

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

export class CartChecker {
  constructor(
    private readonly catalogue: OnlineCatalogue,
    private readonly counter: Catalogue,
    private readonly locations: OnlineLocations,
  ) {}

  /**
   * Checks a validate or order request. `requireCustomer` (orders) makes `customer.mobile`
   * required; `acceptFees` (validate) adds the platform's own `fees[]` to the totals.
   */
  check(body: Body, options: { requireCustomer: boolean; acceptFees: boolean }): CheckedCart {
    const errors: CartError[] = []
    const location = this.location(body['online_location_id'], errors)
    const fulfilmentType = this.fulfilmentType(body['fulfilment_type'], errors)
    const customer = this.customer(body['customer'], options.requireCustomer, errors)
    if (fulfilmentType === 'delivery' && !isText(customer?.address?.text)) {
      errors.push({
        code: 'address_required',
        message: 'A delivery needs the customer address text.',
        field: 'customer.address.text',
      })
    }
    const lines = this.lines(body['lines'], location, errors)
    const fees: OrderFee[] = []
    if (fulfilmentType === 'delivery') {
      fees.push({ name: DELIVERY_FEE_NAME, amount: this.counter.deliveryFee, taxes: [] })
    }
    if (options.acceptFees) fees.push(...this.platformFees(body['fees'], errors))
    const items: OrderItem[] = []
    for (const line of lines) {
      if (line.error || !line.variant || line.unitPrice === null) continue
      items.push({
        variantId: line.variant.id,
        name: lineName(line.variant, line.modifiers),
        unitPrice: line.unitPrice,
        quantity: line.quantity as number,
        taxes: line.variant.product.taxes,
      })
    }
    return {
      onlineLocationId: body['online_location_id'],
      location,
      fulfilmentType,
      customer,
      lines,
      fees,
      errors,
      items,
      content: composeOrder(items, fees, 'cart'),
    }
  }

  private location(value: unknown, errors: CartError[]): Location | null {
    const field = 'online_location_id'
    if (!isText(value)) {
      errors.push({ code: 'missing_online_location', message: `"${field}" is required.`, field })
      return null
    }
    const found = this.locations.resolve(value)
    if (!found) {
      errors.push({
        code: 'unknown_online_location',
        message: `No online location "${value}".`,
        field,
      })
      return null
    }
    if (!found.turnedOn) {
      errors.push({
        code: 'store_closed',
        message: `The store of online location "${value}" is turned off.`,
        field,
      })
    }
    return found.location
  }

  private fulfilmentType(value: unknown, errors: CartError[]): FulfilmentType | null {
    if ((FULFILMENT_TYPES as readonly unknown[]).includes(value)) return value as FulfilmentType
    errors.push({
      code: 'invalid_fulfilment_type',
      message: `"fulfilment_type" must be one of ${FULFILMENT_TYPES.join(', ')}.`,
      field: 'fulfilment_type',
    })
    return null
  }

  private customer(value: unknown, required: boolean, errors: CartError[]): Customer | null {
    if (value === undefined && !required) return null
    if (!isObject(value)) {
      errors.push({
        code: 'invalid_customer',
        message: '"customer" must be an object with at least "mobile".',
        field: 'customer',
      })
      return null
    }
    const text = (key: string): string | undefined =>
      isText(value[key]) ? (value[key] as string).trim() : undefined
    if (required && text('mobile') === undefined) {
      errors.push({
        code: 'mobile_required',
        message: 'The customer mobile number is required.',
        field: 'customer.mobile',
      })
    }
    const address = isObject(value['address']) ? value['address'] : undefined
    if (value['address'] !== undefined && !address) {
      errors.push({
        code: 'invalid_address',
        message: '"customer.address" must be an object with "type" and "text".',
        field: 'customer.address',
      })
    }
    return {
      mobile: text('mobile') ?? '',
      ...(text('name') !== undefined && { name: text('name') }),
      ...(text('email') !== undefined && { email: text('email') }),
      ...(address && {
        address: {
          ...(isText(address['type']) && { type: address['type'] }),
          ...(isText(address['text']) && { text: address['text'] }),
        },
      }),
    }
  }

  private lines(value: unknown, location: Location | null, errors: CartError[]): CheckedLine[] {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LINES) {
      errors.push({
        code: 'invalid_lines',
        message: `"lines" must be a list of 1 to ${MAX_LINES} items.`,
        field: 'lines',
      })
      return []
    }
    return value.map((line: unknown) => this.line(line, location))
  }

  private line(value: unknown, location: Location | null): CheckedLine {
    const body = isObject(value) ? value : {}
    const line: CheckedLine = {
      variantId: body['variant_id'],
      quantity: body['unit_quantity'],
      variant: null,
      modifiers: [],
      unitPrice: null,
      error: null,
    }
    const fail = (code: string, message: string): CheckedLine => ({
      ...line,
      error: { code, message },
    })
    if (!isObject(value)) return fail('invalid_line', 'A line must be an object.')
    const id = body['variant_id']
    if (!isText(id) && typeof id !== 'number') {
      return fail('invalid_variant_id', '"variant_id" is required.')
    }
    const variant = this.catalogue.variant(String(id))
    if (!variant) return fail('unknown_variant', `No variant "${id}" in the catalogue.`)
    line.variant = variant
    const modifierIds = body['modifiers'] ?? []
    if (!Array.isArray(modifierIds) || !modifierIds.every(isText)) {
      return fail('invalid_modifiers', '"modifiers" must be a list of modifier ids.')
    }
    for (const modifierId of modifierIds) {
      const modifier = variant.product.modifiers.find((candidate) => candidate.id === modifierId)
      if (!modifier) {
        return fail(
          'unknown_modifier',
          `"${variant.product.name}" has no modifier "${modifierId}".`,
        )
      }
      line.modifiers.push(modifier)
    }
    line.unitPrice =
      variant.price + line.modifiers.reduce((sum, modifier) => sum + modifier.price, 0)
    const quantity = body['unit_quantity']
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_QUANTITY
    ) {
      return fail(
        'invalid_quantity',
        `"unit_quantity" must be a whole number from 1 to ${MAX_QUANTITY}.`,
      )
    }
    if (location) {
      const stock = this.catalogue.stockAt(location, variant)
      if (!stock.available) {
        return fail('unavailable', `"${lineName(variant, [])}" is not offered at this location.`)
      }
      if (stock.outOfStock) {
        return fail('out_of_stock', `"${lineName(variant, [])}" is out of stock at this location.`)
      }
    }
    return line
  }

  private platformFees(value: unknown, errors: CartError[]): OrderFee[] {
    if (value === undefined) return []
    if (!Array.isArray(value)) {
      errors.push({ code: 'invalid_fees', message: '"fees" must be a list.', field: 'fees' })
      return []
    }
    const fees: OrderFee[] = []
    value.forEach((fee: unknown, i) => {
      const entry = isObject(fee) ? fee : {}
      const amount = this.counter.currency.toMinor(
        typeof entry['amount'] === 'number' || typeof entry['amount'] === 'string'
          ? entry['amount']
          : '',
      )
      if (!isText(entry['name']) || amount === null || amount < 0) {
        errors.push({
          code: 'invalid_fee',
          message: `A fee needs "name" and a non-negative "amount" in ${this.counter.currency.code}.`,
          field: `fees[${i}]`,
        })
        return
      }
      fees.push({ name: entry['name'], amount, taxes: [] })
    })
    return fees
  }
}

/** "Caffè Latte (Large) + Oat milk, Extra shot" */
function lineName(variant: Variant, modifiers: readonly Modifier[]): string {
  const sized = variant.name === null ? '' : ` (${variant.name})`
  const extras = modifiers.length === 0 ? '' : ` + ${modifiers.map((m) => m.name).join(', ')}`
  return `${variant.product.name}${sized}${extras}`
}
