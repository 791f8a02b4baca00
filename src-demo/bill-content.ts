/**
 * The detail of a bill (lines, discounts, fees, taxes) and the arithmetic that keeps it exact:
 * tax-inclusive prices, tax per line in minor units, bill taxes summed per rate, and refunds
 * that give back a share of the parent computed from cumulative totals, so that several
 * refunds together never exceed the parent and a full refund returns it to the last unit.
 */

import {
  DISCOUNTS,
  DELIVERY_FEE_NAME,
  SERVICE_CHARGE,
  type Catalogue,
  type Location,
  type Product,
  type TaxRate,
} from './catalogue'
import { sumMinor } from '../src-shared/domain/money'
import { mulDivFloor, mulDivRound } from './currency'
import { lineId } from './ids'
import type { Rng } from './rng'
import { ShopRuleError } from './demo-errors'

export interface TaxAmount {
  name: string
  rate: number
  amount: number
}

export interface BillLine {
  id: string
  variantId: string
  name: string
  quantity: number
  unitPrice: number
  /** unitPrice × quantity, tax included. */
  total: number
  taxes: TaxAmount[]
  /** On refund and void lines: the parent's line given back. */
  parentLineId?: string
}

interface Discount {
  name: string
  amount: number
}

interface Fee {
  name: string
  amount: number
  taxes: TaxAmount[]
}

export interface BillContent {
  /** Σ lines.total */
  subtotal: number
  lines: BillLine[]
  discounts: Discount[]
  fees: Fee[]
  /** Tax included in total, per rate. */
  taxes: TaxAmount[]
  total: number
  totalTax: number
}

/** How many lines a sale has: mostly a few, now and then a dozen. */
const LINE_COUNT_WEIGHTS = [30, 24, 16, 10, 7, 4, 3, 2, 1.5, 1, 0.8, 0.7]
const DISCOUNT_SHARE = 0.12

const amountOf = (item: { amount: number }): number => item.amount
const totalOf = (item: { total: number }): number => item.total

export function includedTaxes(total: number, rates: readonly TaxRate[]): TaxAmount[] {
  let combined = 0
  for (const rate of rates) combined += rate.rate
  return rates.map((rate) => ({
    name: rate.name,
    rate: rate.rate,
    amount: mulDivRound(total, rate.rate, 100 + combined),
  }))
}

function taxKey(tax: TaxAmount): string {
  return `${tax.name}\u0000${tax.rate}`
}

/**
 * Bill taxes per rate: the lines' taxes less the discount's share of each (`discountShare`),
 * plus the fees' taxes.
 */
function billTaxes(
  lines: readonly BillLine[],
  fees: readonly Fee[],
  discountShare: (lineTax: TaxAmount) => number,
): TaxAmount[] {
  const byRate = new Map<string, TaxAmount>()
  const add = (tax: TaxAmount): void => {
    const key = taxKey(tax)
    const entry = byRate.get(key)
    if (entry) entry.amount += tax.amount
    else byRate.set(key, { ...tax })
  }
  for (const line of lines) for (const tax of line.taxes) add(tax)
  for (const entry of byRate.values()) entry.amount -= discountShare(entry)
  for (const fee of fees) for (const tax of fee.taxes) add(tax)
  return [...byRate.values()]
    .filter((tax) => tax.amount > 0)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.rate - b.rate))
}

function assemble(
  lines: BillLine[],
  discounts: Discount[],
  fees: Fee[],
  taxes: TaxAmount[],
): BillContent {
  const subtotal = sumMinor(lines, totalOf)
  return {
    subtotal,
    lines,
    discounts,
    fees,
    taxes,
    total: subtotal - sumMinor(discounts, amountOf) + sumMinor(fees, amountOf),
    totalTax: sumMinor(taxes, amountOf),
  }
}

function pickProducts(rng: Rng, catalogue: Catalogue, count: number): Product[] {
  const weights = [...catalogue.productWeights]
  const chosen: Product[] = []
  for (let i = 0; i < count; i++) {
    const index = rng.weighted(weights)
    chosen.push(catalogue.products[index] as Product)
    weights[index] = 0
  }
  return chosen
}

/** A sale's content; the same rng state always gives the same sale. */
export function composeSale(
  rng: Rng,
  catalogue: Catalogue,
  location: Location,
  billId: string,
): BillContent {
  const lineCount = 1 + rng.weighted(LINE_COUNT_WEIGHTS)
  const lines = pickProducts(rng, catalogue, lineCount).map((product, i): BillLine => {
    const quantity = rng.chance(0.8) ? 1 : rng.chance(0.75) ? 2 : 3
    const total = product.unitPrice * quantity
    return {
      id: lineId(billId, i + 1),
      variantId: product.variantId,
      name: product.name,
      quantity,
      unitPrice: product.unitPrice,
      total,
      taxes: includedTaxes(total, product.taxes),
    }
  })
  const subtotal = sumMinor(lines, totalOf)

  const discounts: Discount[] = []
  if (rng.chance(DISCOUNT_SHARE)) {
    const rule = rng.pick(DISCOUNTS)
    const amount =
      rule.percent !== undefined
        ? mulDivFloor(subtotal, rule.percent, 100)
        : Math.min(catalogue.currency.priceFromUsd(rule.usd ?? 0), Math.floor(subtotal / 2))
    if (amount > 0) discounts.push({ name: rule.name, amount })
  }
  const discount = sumMinor(discounts, amountOf)

  const fees: Fee[] = []
  if (rng.chance(location.serviceShare)) {
    const amount = mulDivRound(subtotal - discount, SERVICE_CHARGE.percent, 100)
    if (amount > 0) {
      fees.push({
        name: SERVICE_CHARGE.name,
        amount,
        taxes: includedTaxes(amount, SERVICE_CHARGE.taxes),
      })
    }
  }
  if (rng.chance(location.deliveryShare)) {
    fees.push({ name: DELIVERY_FEE_NAME, amount: catalogue.deliveryFee, taxes: [] })
  }

  // A discount lowers every rate's tax in proportion to the subtotal.
  const taxes = billTaxes(lines, fees, (tax) => mulDivFloor(tax.amount, discount, subtotal))
  return assemble(lines, discounts, fees, taxes)
}

/** An item of an online order as priced from the catalogue (modifiers included in the unit price). */
export interface OrderItem {
  variantId: string
  name: string
  unitPrice: number
  quantity: number
  taxes: readonly TaxRate[]
}

export interface OrderFee {
  name: string
  amount: number
  taxes: readonly TaxRate[]
}

/** An online order's content: its items and fees at their tax-inclusive prices, no discount. */
export function composeOrder(
  items: readonly OrderItem[],
  orderFees: readonly OrderFee[],
  billId: string,
): BillContent {
  const lines = items.map((item, i): BillLine => {
    const total = item.unitPrice * item.quantity
    return {
      id: lineId(billId, i + 1),
      variantId: item.variantId,
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total,
      taxes: includedTaxes(total, item.taxes),
    }
  })
  const fees = orderFees.map((fee) => ({
    name: fee.name,
    amount: fee.amount,
    taxes: includedTaxes(fee.amount, fee.taxes),
  }))
  return assemble(
    lines,
    [],
    fees,
    billTaxes(lines, fees, () => 0),
  )
}

/** A void's content: the whole parent, line for line, under the void's own line ids. */
export function mirrorContent(parent: BillContent, billId: string): BillContent {
  return {
    ...parent,
    lines: parent.lines.map((line, i) => ({
      ...line,
      id: lineId(billId, i + 1),
      parentLineId: line.id,
    })),
  }
}

/** Quantity of each parent line not yet given back by `refunds`. */
export function remainingQuantities(
  parent: BillContent,
  refunds: readonly BillContent[],
): Map<string, number> {
  const remaining = new Map(parent.lines.map((line) => [line.id, line.quantity]))
  for (const refund of refunds) {
    for (const line of refund.lines) {
      const id = line.parentLineId as string
      remaining.set(id, (remaining.get(id) ?? 0) - line.quantity)
    }
  }
  return remaining
}

/** The part of `amount` between the cumulative fractions before / whole and after / whole. */
function share(amount: number, before: number, after: number, whole: number): number {
  return mulDivFloor(amount, after, whole) - mulDivFloor(amount, before, whole)
}

/**
 * A refund of `quantities` (parent line id → quantity) after the `earlier` refunds. Every
 * amount is the difference of two cumulative shares, floor(amount × given back after / whole)
 * − floor(amount × given back before / whole), so the refunds of a bill add up to at most the
 * parent, and to exactly the parent once every line is given back.
 */
export function composeRefund(
  parent: BillContent,
  earlier: readonly BillContent[],
  quantities: ReadonlyMap<string, number>,
  billId: string,
): BillContent {
  const remaining = remainingQuantities(parent, earlier)
  for (const [id, quantity] of quantities) {
    const left = remaining.get(id)
    if (left === undefined) throw new ShopRuleError(`Line ${id} is not on the parent bill.`)
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) {
      throw new ShopRuleError(`Line ${id}: cannot refund ${quantity}, ${left} left to refund.`)
    }
  }
  if (quantities.size === 0) throw new ShopRuleError('A refund needs at least one line.')

  const lines: BillLine[] = []
  for (const parentLine of parent.lines) {
    const quantity = quantities.get(parentLine.id)
    if (quantity === undefined) continue
    const before = parentLine.quantity - (remaining.get(parentLine.id) as number)
    const after = before + quantity
    lines.push({
      id: lineId(billId, lines.length + 1),
      variantId: parentLine.variantId,
      name: parentLine.name,
      quantity,
      unitPrice: parentLine.unitPrice,
      total: parentLine.unitPrice * quantity,
      taxes: parentLine.taxes.map((tax) => ({
        ...tax,
        amount: share(tax.amount, before, after, parentLine.quantity),
      })),
      parentLineId: parentLine.id,
    })
  }

  const givenBefore = sumMinor(earlier, (refund) => refund.subtotal)
  const givenAfter = givenBefore + sumMinor(lines, totalOf)
  const given = (amount: number): number => share(amount, givenBefore, givenAfter, parent.subtotal)
  const discounts = parent.discounts
    .map((discount) => ({ name: discount.name, amount: given(discount.amount) }))
    .filter((discount) => discount.amount > 0)
  const fees = parent.fees
    .map((fee) => {
      const before = mulDivFloor(fee.amount, givenBefore, parent.subtotal)
      const after = mulDivFloor(fee.amount, givenAfter, parent.subtotal)
      return {
        name: fee.name,
        amount: after - before,
        taxes: fee.taxes.map((tax) => ({
          ...tax,
          amount: share(tax.amount, before, after, fee.amount),
        })),
      }
    })
    .filter((fee) => fee.amount > 0)
  // The discount's cut of each rate, as on the parent, taken cumulatively over the line tax
  // given back so far: all refunds together take exactly the parent's cut.
  const parentDiscount = sumMinor(parent.discounts, amountOf)
  const earlierLineTax = new Map<string, number>()
  for (const tax of earlier.flatMap((refund) => refund.lines.flatMap((line) => line.taxes))) {
    earlierLineTax.set(taxKey(tax), (earlierLineTax.get(taxKey(tax)) ?? 0) + tax.amount)
  }
  const taxes = billTaxes(lines, fees, (tax) => {
    const before = earlierLineTax.get(taxKey(tax)) ?? 0
    return share(parentDiscount, before, before + tax.amount, parent.subtotal)
  })
  return assemble(lines, discounts, fees, taxes)
}
