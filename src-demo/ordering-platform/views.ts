/**
 * How the platform side looks on the wire: catalogue entries at a location, categories, cart
 * validation results and orders. Amounts in major units, times with the merchant's offset, as
 * in the Apps API.
 */

import { includedTaxes, type BillLine, type TaxAmount } from '../bill-content'
import type { Location } from '../catalogue'
import { billId, paymentId } from '../ids'
import type { Json } from '../representation'
import type { Shop } from '../shop'
import type { CheckedCart, CheckedLine } from './cart'
import type { Company } from '../webhooks/envelope'
import type { Category, OnlineCatalogue, OnlineProduct, Variant } from './online-catalogue'
import type { Order, OrderBook } from './orders'

/** What the views read of the platform (which makes them, so they cannot import it). */
export interface ViewedPlatform {
  readonly storeId: string
  readonly company: Company
  readonly catalogue: OnlineCatalogue
  onlineLocationId(location: Location): string
  isTurnedOn(location: Location): boolean
}

export class PlatformViews {
  constructor(
    private readonly platform: ViewedPlatform,
    private readonly shop: Shop,
  ) {}

  private money(minor: number): number {
    return this.shop.config.currency.toMajor(minor)
  }

  time(at: number): string {
    return this.shop.config.zone.formatIso(at)
  }

  private taxes(taxes: readonly TaxAmount[]): Json[] {
    return taxes.map((tax) => ({ name: tax.name, rate: tax.rate, amount: this.money(tax.amount) }))
  }

  store(): Json {
    const { config } = this.shop
    return {
      id: this.platform.storeId,
      name: this.platform.company.name,
      currency: config.currency.code,
      timezone: config.zone.zone,
      online_locations: config.locations.map((location) => ({
        id: this.platform.onlineLocationId(location),
        name: location.name,
        turned_on: this.platform.isTurnedOn(location),
      })),
    }
  }

  /** A variant's price and flags at one location; its taxes are the part of the price they are. */
  variant(variant: Variant, location: Location): Json {
    const stock = this.platform.catalogue.stockAt(location, variant)
    return {
      variant_id: variant.id,
      name: variant.name ?? variant.product.name,
      price: this.money(variant.price),
      taxes: this.taxes(includedTaxes(variant.price, variant.product.taxes)),
      available: stock.available,
      out_of_stock: stock.outOfStock,
    }
  }

  private modifiers(product: OnlineProduct): Json[] {
    return product.modifiers.map((modifier) => ({
      modifier_id: modifier.id,
      name: modifier.name,
      price: this.money(modifier.price),
    }))
  }

  product(product: OnlineProduct, location: Location): Json {
    const base = {
      id: product.id,
      name: product.name,
      category_id: product.categoryId,
      modifiers: this.modifiers(product),
    }
    if (product.hasVariants) {
      return {
        ...base,
        taxes: product.taxes.map((tax) => ({ name: tax.name, rate: tax.rate })),
        variants: product.variants.map((variant) => this.variant(variant, location)),
      }
    }
    return { ...this.variant(product.variants[0] as Variant, location), ...base }
  }

  /** A lookup entry: the variant with what it belongs to. */
  entry(variant: Variant, location: Location): Json {
    return {
      online_location_id: this.platform.onlineLocationId(location),
      product_id: variant.product.id,
      product_name: variant.product.name,
      category_id: variant.product.categoryId,
      modifiers: this.modifiers(variant.product),
      ...this.variant(variant, location),
    }
  }

  category(category: Category): Json {
    const { catalogue } = this.platform
    return {
      id: category.id,
      name: category.name,
      parent_id: category.parentId,
      children: catalogue.childrenOf(category.id).map((child) => ({
        id: child.id,
        name: child.name,
      })),
    }
  }

  categoryDetail(category: Category, location: Location): Json {
    return {
      ...this.category(category),
      products: this.platform.catalogue
        .productsIn(category.id)
        .map((product) => this.product(product, location)),
    }
  }

  catalogue(location: Location): Json {
    const { catalogue } = this.platform
    return {
      online_location_id: this.platform.onlineLocationId(location),
      currency: this.shop.config.currency.code,
      prices_include_tax: true,
      categories: catalogue.categories.map((category) => this.category(category)),
      products: catalogue.products.map((product) => this.product(product, location)),
    }
  }

  private cartLine(line: CheckedLine, priced: BillLine | undefined): Json {
    return {
      variant_id: line.variantId ?? null,
      unit_quantity: line.quantity ?? null,
      modifiers: line.modifiers.map((modifier) => modifier.id),
      name: priced?.name ?? null,
      unit_price: line.unitPrice === null ? null : this.money(line.unitPrice),
      total: priced ? this.money(priced.total) : null,
      taxes: priced ? this.taxes(priced.taxes) : [],
      error: line.error,
    }
  }

  /** The `data` of `POST /validate` (interface §2.6); totals count the lines without an error. */
  validation(cart: CheckedCart): Json {
    const { content } = cart
    let next = 0
    const lines = cart.lines.map((line) =>
      this.cartLine(line, line.error ? undefined : content.lines[next++]),
    )
    return {
      online_location_id: cart.onlineLocationId ?? null,
      fulfilment_type: cart.fulfilmentType,
      currency: this.shop.config.currency.code,
      lines,
      fees: content.fees.map((fee) => ({
        name: fee.name,
        amount: this.money(fee.amount),
        taxes: this.taxes(fee.taxes),
      })),
      total_components: [
        { type: 'items', name: 'Items', amount: this.money(content.subtotal) },
        ...content.fees.map((fee) => ({
          type: 'fee',
          name: fee.name,
          amount: this.money(fee.amount),
        })),
      ],
      total: this.money(content.total),
      total_tax: this.money(content.totalTax),
      errors: cart.errors,
    }
  }

  order(order: Order, book: OrderBook, withKey: boolean): Json {
    const { content } = order
    const row = order.billRow
    const paid = row === null ? 0 : (this.shop.bills.amountPaid[row] as number)
    return {
      id: order.id,
      status: order.status,
      online_location_id: order.onlineLocationId,
      fulfilment_type: order.fulfilmentType,
      customer: order.customer,
      customer_notes: order.customerNotes,
      currency: this.shop.config.currency.code,
      lines: content.lines.map((line) => ({
        id: line.id,
        variant_id: line.variantId,
        name: line.name,
        unit_quantity: line.quantity,
        unit_price: this.money(line.unitPrice),
        total: this.money(line.total),
        taxes: this.taxes(line.taxes),
      })),
      fees: content.fees.map((fee) => ({
        name: fee.name,
        amount: this.money(fee.amount),
        taxes: this.taxes(fee.taxes),
      })),
      total: this.money(content.total),
      total_tax: this.money(content.totalTax),
      payment_method: order.paymentMethod,
      amount_paid: this.money(paid),
      amount_due: this.money(content.total - paid),
      payments: row === null ? [] : order.payments.map((payment) => this.payment(row, payment)),
      bill: row === null ? null : { id: billId(row), number: this.shop.billNumber(row) },
      ...(withKey && { payment_key: order.paymentKey }),
      created_at: this.time(order.createdAt),
      updated_at: this.time(order.updatedAt),
      extra: { customer_next_states: book.customerNextStates(order) },
    }
  }

  payment(row: number, { seq, proof }: Order['payments'][number]): Json {
    const payment = this.shop.payments(row)[seq - 1]
    if (!payment) throw new RangeError(`bill ${billId(row)} has no payment ${seq}`)
    return {
      id: paymentId(row, seq),
      method: payment.method,
      amount: this.money(payment.amount),
      ref: payment.ref,
      created_at: this.time(payment.createdAt),
      reversed_at: payment.reversedAt === null ? null : this.time(payment.reversedAt),
      ...(proof && {
        proof: {
          filename: proof.filename,
          content_type: proof.contentType,
          size: proof.size,
          sha256: proof.sha256,
        },
      }),
    }
  }
}
