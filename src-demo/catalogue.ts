/**
 * What the demo shop sells and spends on: a café-bakery with a small retail shelf. Prices are
 * written in US dollars and turned into local "shop prices" for the configured currency.
 */

import { Currency } from './currency'
import { rngFor, Stream } from './rng'

export interface TaxRate {
  name: string
  /** Percent, tax-inclusive: a line of total T carries T × rate / (100 + Σ rates) of this tax. */
  rate: number
}

const RESTAURANT_TAX: TaxRate = { name: 'Restaurant tax', rate: 10 }
const VAT: TaxRate = { name: 'VAT', rate: 11 }
const EXCISE: TaxRate = { name: 'Alcohol excise', rate: 5 }

interface ProductSpec {
  name: string
  usd: number
  taxes: readonly TaxRate[]
  /** Relative popularity. */
  weight: number
}

const PRODUCTS: readonly ProductSpec[] = [
  { name: 'Espresso', usd: 2.5, taxes: [RESTAURANT_TAX], weight: 6 },
  { name: 'Americano', usd: 3, taxes: [RESTAURANT_TAX], weight: 9 },
  { name: 'Cappuccino', usd: 3.8, taxes: [RESTAURANT_TAX], weight: 10 },
  { name: 'Caffè Latte', usd: 4, taxes: [RESTAURANT_TAX], weight: 12 },
  { name: 'Flat White', usd: 4, taxes: [RESTAURANT_TAX], weight: 8 },
  { name: 'Iced Palm Sugar Latte', usd: 4.5, taxes: [RESTAURANT_TAX], weight: 10 },
  { name: 'Mocha', usd: 4.5, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Cold Brew', usd: 4.2, taxes: [RESTAURANT_TAX], weight: 5 },
  { name: 'Matcha Latte', usd: 4.5, taxes: [RESTAURANT_TAX], weight: 5 },
  { name: 'Jasmine Tea', usd: 2.5, taxes: [RESTAURANT_TAX], weight: 3 },
  { name: 'Lemon Iced Tea', usd: 3, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Butter Croissant', usd: 3.2, taxes: [RESTAURANT_TAX], weight: 8 },
  { name: 'Almond Croissant', usd: 4.2, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Pain au Chocolat', usd: 3.5, taxes: [RESTAURANT_TAX], weight: 5 },
  { name: 'Banana Bread', usd: 3, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Cinnamon Roll', usd: 3.8, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Avocado Toast', usd: 9.5, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Nasi Goreng', usd: 8, taxes: [RESTAURANT_TAX], weight: 5 },
  { name: 'Chicken Katsu Sandwich', usd: 8.5, taxes: [RESTAURANT_TAX], weight: 4 },
  { name: 'Caesar Salad', usd: 9, taxes: [RESTAURANT_TAX], weight: 3 },
  { name: 'Mineral Water 600ml', usd: 1.2, taxes: [VAT], weight: 5 },
  { name: 'Sparkling Water', usd: 2, taxes: [VAT], weight: 2 },
  { name: 'Kombucha', usd: 4, taxes: [VAT], weight: 2 },
  { name: 'Local Craft Beer', usd: 5.5, taxes: [VAT, EXCISE], weight: 2 },
  { name: 'House Blend Beans 250g', usd: 14, taxes: [VAT], weight: 1 },
  { name: 'Drip Bags (10)', usd: 9, taxes: [VAT], weight: 1 },
  { name: 'Insulated Tumbler', usd: 18, taxes: [VAT], weight: 1 },
  { name: 'Canvas Tote', usd: 12, taxes: [VAT], weight: 1 },
  { name: 'Sourdough Loaf', usd: 7.5, taxes: [], weight: 2 },
  { name: 'Fresh Milk 1L', usd: 2.4, taxes: [], weight: 1 },
]

export interface Product {
  variantId: string
  name: string
  unitPrice: number
  taxes: readonly TaxRate[]
}

export interface DiscountRule {
  name: string
  /** Either a percentage of the subtotal or a fixed amount of about this many US dollars. */
  percent?: number
  usd?: number
}

export const DISCOUNTS: readonly DiscountRule[] = [
  { name: 'Member 10%', percent: 10 },
  { name: 'Happy hour 20%', percent: 20 },
  { name: 'Staff meal 50%', percent: 50 },
  { name: 'Voucher', usd: 2 },
  { name: 'Loyalty reward', usd: 4 },
]

export const SERVICE_CHARGE = { name: 'Service charge', percent: 5, taxes: [RESTAURANT_TAX] }
export const DELIVERY_FEE_NAME = 'Delivery fee'
const DELIVERY_FEE_USD = 2

const LOCATION_NAMES: readonly (readonly [name: string, code: string])[] = [
  ['Harbour Street', 'HBR'],
  ['Market Hall', 'MKT'],
  ['Station Kiosk', 'STN'],
  ['Old Town', 'OLD'],
  ['Riverside', 'RIV'],
  ['Airport Terminal 2', 'APT'],
  ['University Corner', 'UNI'],
  ['Garden Mall', 'GDN'],
]

export interface ExpenseKind {
  category: string
  description: string
  supplier: string | null
  usd: number
  /** Tax included in the amount, as a percent rate; 0 for untaxed purchases. */
  taxRate: number
}

/** Paid from the drawer during a session. */
export const CASH_EXPENSES: readonly ExpenseKind[] = [
  {
    category: 'Ingredients',
    description: 'Milk top-up',
    supplier: 'Corner Market',
    usd: 12,
    taxRate: 0,
  },
  { category: 'Ingredients', description: 'Ice', supplier: null, usd: 6, taxRate: 0 },
  {
    category: 'Supplies',
    description: 'Paper cups and lids',
    supplier: 'PackRight',
    usd: 18,
    taxRate: 11,
  },
  {
    category: 'Cleaning',
    description: 'Cleaning supplies',
    supplier: 'Corner Market',
    usd: 9,
    taxRate: 11,
  },
  {
    category: 'Transport',
    description: 'Courier to the bakery',
    supplier: null,
    usd: 5,
    taxRate: 0,
  },
]

/** Paid by card or bank transfer, at the counter or from the back office. */
export const NON_CASH_EXPENSES: readonly ExpenseKind[] = [
  {
    category: 'Ingredients',
    description: 'Coffee beans delivery',
    supplier: 'Highland Roastery',
    usd: 240,
    taxRate: 11,
  },
  {
    category: 'Ingredients',
    description: 'Flour and butter',
    supplier: 'Baker Supply Co.',
    usd: 130,
    taxRate: 11,
  },
  {
    category: 'Utilities',
    description: 'Electricity',
    supplier: 'City Power',
    usd: 310,
    taxRate: 11,
  },
  { category: 'Utilities', description: 'Internet', supplier: 'FiberNet', usd: 45, taxRate: 11 },
  {
    category: 'Repairs',
    description: 'Espresso machine service',
    supplier: 'Brew Tech',
    usd: 85,
    taxRate: 11,
  },
  {
    category: 'Marketing',
    description: 'Flyer printing',
    supplier: 'PrintHub',
    usd: 40,
    taxRate: 11,
  },
]

export interface Location {
  index: number
  id: string
  name: string
  code: string
  /** Local opening time, seconds after midnight. */
  opensAt: number
  /** Local closing time, seconds after midnight; past 86 400 means after midnight. */
  closesAt: number
  /** Register sessions (shifts) a usual day has. */
  shifts: number
  /** Share of bills that carry a service charge (table service). */
  serviceShare: number
  /** Share of bills delivered (delivery fee). */
  deliveryShare: number
}

/** The catalogue priced in one currency. */
export class Catalogue {
  readonly products: readonly Product[]
  readonly productWeights: readonly number[]
  readonly deliveryFee: number

  constructor(readonly currency: Currency) {
    this.products = PRODUCTS.map((spec, i) => ({
      variantId: String(5001 + i),
      name: spec.name,
      unitPrice: currency.priceFromUsd(spec.usd),
      taxes: spec.taxes,
    }))
    this.productWeights = PRODUCTS.map((spec) => spec.weight)
    this.deliveryFee = currency.priceFromUsd(DELIVERY_FEE_USD)
  }
}

/** The shop's locations, their hours and trade mix; the first one always trades past midnight. */
export function buildLocations(seed: number, count: number): Location[] {
  return Array.from({ length: count }, (_, index) => {
    const rng = rngFor(seed, Stream.location, index)
    const [name, code] = LOCATION_NAMES[index] ?? [
      `Outlet ${index + 1}`,
      `O${String(index + 1).padStart(2, '0')}`,
    ]
    const quarterHours = (from: number, to: number): number => rng.int(from * 4, to * 4) * 900
    const opensAt = quarterHours(6.5, 9)
    const closesAt = index === 0 ? quarterHours(24.5, 26) : quarterHours(18, 25)
    const kiosk = name.includes('Kiosk')
    return {
      index,
      id: String(101 + index),
      name,
      code,
      opensAt,
      closesAt,
      shifts: closesAt - opensAt > 12 * 3600 ? rng.int(2, 3) : rng.int(1, 2),
      serviceShare: kiosk ? 0 : 0.2 + rng.next() * 0.3,
      deliveryShare: 0.05 + rng.next() * 0.1,
    }
  })
}
