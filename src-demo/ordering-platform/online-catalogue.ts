/**
 * The merchant's online catalogue as the Platform API serves it (interface §2.5): a category
 * tree, products with variants (a product without variants is its own only variant), modifiers,
 * tax-inclusive prices, and per online location whether each variant is offered (`available`)
 * and whether it has run out (`out_of_stock`). Stock is never shared between locations.
 */

import type { Catalogue, Location, TaxRate } from '../catalogue'
import { niceRound } from '../currency'
import { rngFor, Stream } from '../rng'

export interface Category {
  id: string
  name: string
  parentId: string | null
}

export interface Modifier {
  id: string
  name: string
  /** Minor units, tax-inclusive (the product's taxes apply). */
  price: number
}

export interface Variant {
  id: string
  product: OnlineProduct
  /** The variant's own name ("Large"); null for a product that is its own only variant. */
  name: string | null
  price: number
}

export interface OnlineProduct {
  id: string
  name: string
  categoryId: string
  taxes: readonly TaxRate[]
  modifiers: readonly Modifier[]
  /** Whether the product lists `variants[]`; if not, its one variant is the product itself. */
  hasVariants: boolean
  variants: Variant[]
}

export interface Stock {
  available: boolean
  outOfStock: boolean
}

const CATEGORIES: readonly Category[] = [
  { id: '601', name: 'Coffee', parentId: null },
  { id: '602', name: 'Tea & soft drinks', parentId: null },
  { id: '603', name: 'Bakery', parentId: null },
  { id: '604', name: 'Kitchen', parentId: null },
  { id: '605', name: 'Shop', parentId: null },
  { id: '611', name: 'Hot coffee', parentId: '601' },
  { id: '612', name: 'Iced coffee', parentId: '601' },
  { id: '651', name: 'Beans & brewing', parentId: '605' },
  { id: '652', name: 'Merchandise', parentId: '605' },
  { id: '653', name: 'Grocery', parentId: '605' },
]

const MODIFIERS_USD: readonly (readonly [id: string, name: string, usd: number])[] = [
  ['901', 'Extra shot', 0.6],
  ['902', 'Oat milk', 0.5],
  ['903', 'Vanilla syrup', 0.5],
  ['904', 'Less sugar', 0],
  ['905', 'Lemon slice', 0],
]

const COFFEE_MODIFIERS = ['901', '902', '903', '904']
const TEA_MODIFIERS = ['904', '905']

/** Category and modifiers of each product of the counter catalogue, by name; sized drinks too. */
const PLACEMENT: Readonly<
  Record<string, { category: string; modifiers?: readonly string[]; sized?: true }>
> = {
  Espresso: { category: '611', modifiers: ['901'] },
  Americano: { category: '611', modifiers: COFFEE_MODIFIERS, sized: true },
  Cappuccino: { category: '611', modifiers: COFFEE_MODIFIERS, sized: true },
  'Caffè Latte': { category: '611', modifiers: COFFEE_MODIFIERS, sized: true },
  'Flat White': { category: '611', modifiers: COFFEE_MODIFIERS },
  'Iced Palm Sugar Latte': { category: '612', modifiers: COFFEE_MODIFIERS, sized: true },
  Mocha: { category: '611', modifiers: COFFEE_MODIFIERS, sized: true },
  'Cold Brew': { category: '612', modifiers: COFFEE_MODIFIERS, sized: true },
  'Matcha Latte': { category: '602', modifiers: COFFEE_MODIFIERS, sized: true },
  'Jasmine Tea': { category: '602', modifiers: TEA_MODIFIERS },
  'Lemon Iced Tea': { category: '602', modifiers: TEA_MODIFIERS, sized: true },
  'Butter Croissant': { category: '603' },
  'Almond Croissant': { category: '603' },
  'Pain au Chocolat': { category: '603' },
  'Banana Bread': { category: '603' },
  'Cinnamon Roll': { category: '603' },
  'Avocado Toast': { category: '604' },
  'Nasi Goreng': { category: '604' },
  'Chicken Katsu Sandwich': { category: '604' },
  'Caesar Salad': { category: '604' },
  'Mineral Water 600ml': { category: '602' },
  'Sparkling Water': { category: '602' },
  Kombucha: { category: '602' },
  'Local Craft Beer': { category: '602' },
  'House Blend Beans 250g': { category: '651' },
  'Drip Bags (10)': { category: '651' },
  'Insulated Tumbler': { category: '652' },
  'Canvas Tote': { category: '652' },
  'Sourdough Loaf': { category: '653' },
  'Fresh Milk 1L': { category: '653' },
}

/** Large drinks cost a quarter more; their variant ids follow the regular ones' by 500. */
const LARGE_SHARE = 1.25
const LARGE_ID_OFFSET = 500
const PRODUCT_ID_OFFSET = 3000
const OUT_OF_STOCK_SHARE = 0.06
/** Not sold online anywhere (alcohol), and not at a kiosk without a kitchen. */
const NEVER_ONLINE = new Set(['Local Craft Beer'])
const KITCHEN = '604'

export class OnlineCatalogue {
  readonly categories: readonly Category[] = CATEGORIES
  readonly modifiers: ReadonlyMap<string, Modifier>
  readonly products: OnlineProduct[]
  private readonly variants = new Map<string, Variant>()
  /** Per location index, per variant id. */
  private readonly stock: Map<string, Stock>[]

  constructor(catalogue: Catalogue, locations: readonly Location[], seed: number) {
    const { currency } = catalogue
    this.modifiers = new Map(
      MODIFIERS_USD.map(([id, name, usd]) => [
        id,
        { id, name, price: usd === 0 ? 0 : currency.priceFromUsd(usd) },
      ]),
    )
    this.products = catalogue.products.map((counter) => {
      const placement = PLACEMENT[counter.name] ?? { category: '605' }
      const product: OnlineProduct = {
        id: String(Number(counter.variantId) + PRODUCT_ID_OFFSET),
        name: counter.name,
        categoryId: placement.category,
        taxes: counter.taxes,
        modifiers: (placement.modifiers ?? []).map((id) => this.modifiers.get(id) as Modifier),
        hasVariants: placement.sized === true,
        variants: [],
      }
      product.variants.push({
        id: counter.variantId,
        product,
        name: product.hasVariants ? 'Regular' : null,
        price: counter.unitPrice,
      })
      if (product.hasVariants) {
        product.variants.push({
          id: String(Number(counter.variantId) + LARGE_ID_OFFSET),
          product,
          name: 'Large',
          price: niceRound(Math.round(counter.unitPrice * LARGE_SHARE)),
        })
      }
      for (const variant of product.variants) this.variants.set(variant.id, variant)
      return product
    })
    this.stock = locations.map((location) => {
      const rng = rngFor(seed, Stream.platform, location.index)
      const kiosk = location.name.includes('Kiosk')
      return new Map(
        [...this.variants.values()].map((variant) => [
          variant.id,
          {
            available:
              !NEVER_ONLINE.has(variant.product.name) &&
              !(kiosk && variant.product.categoryId === KITCHEN),
            outOfStock: rng.chance(OUT_OF_STOCK_SHARE),
          },
        ]),
      )
    })
  }

  variant(id: string): Variant | undefined {
    return this.variants.get(id)
  }

  stockAt(location: Location, variant: Variant): Stock {
    return (this.stock[location.index] as Map<string, Stock>).get(variant.id) as Stock
  }

  /** Changes one location's flags of a variant; no other location is touched. */
  setStock(location: Location, variant: Variant, change: Partial<Stock>): Stock {
    const stock = this.stockAt(location, variant)
    Object.assign(stock, change)
    return stock
  }

  /** Deletes a variant; a product whose last variant goes is deleted with it. */
  deleteVariant(variant: Variant): void {
    this.variants.delete(variant.id)
    const { product } = variant
    product.variants = product.variants.filter((candidate) => candidate !== variant)
    if (product.variants.length === 0) {
      this.products.splice(this.products.indexOf(product), 1)
    }
  }

  /** Buyable at a location: offered there and not out of stock there. */
  buyable(location: Location, variant: Variant): boolean {
    const stock = this.stockAt(location, variant)
    return stock.available && !stock.outOfStock
  }

  category(id: string): Category | undefined {
    return this.categories.find((category) => category.id === id)
  }

  childrenOf(id: string | null): Category[] {
    return this.categories.filter((category) => category.parentId === id)
  }

  productsIn(categoryId: string): OnlineProduct[] {
    return this.products.filter((product) => product.categoryId === categoryId)
  }
}
