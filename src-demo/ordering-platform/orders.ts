/**
 * Online orders (interface §2.7, §3.1): created `pending` with no bill and no payment method;
 * the simulated merchant accepts or cancels them (after a delay, or when the control API says
 * so); acceptance rings up a sale on the till; the customer may cancel a pending order and
 * reopen one they cancelled; payments are taken only once a bill exists.
 */

import { randomBytes } from 'node:crypto'
import { composeOrder, type BillContent, type OrderFee, type OrderItem } from '../bill-content'
import type { Location } from '../catalogue'
import { ConflictError, NotFoundError } from '../demo-errors'
import type { Payment, PaymentMethod } from '../payments'
import type { Shop } from '../shop'
import type { Trader } from '../trader'
import type { Customer, FulfilmentType } from './cart'

export type OrderStatus = 'pending' | 'accepted' | 'cancelled'
export type Actor = 'customer' | 'merchant'
/** What the simulated merchant does with a pending order once the delay has passed. */
export type MerchantDecision = 'accept' | 'cancel' | 'manual'
export const MERCHANT_DECISIONS: readonly MerchantDecision[] = ['accept', 'cancel', 'manual']

/** A bank transfer's proof, as uploaded. */
export interface TransferProof {
  filename: string
  contentType: string
  size: number
  sha256: string
}

interface OrderPayment {
  /** Position of the payment on the order's bill. */
  seq: number
  proof: TransferProof | null
}

/** What the platform ordered, checked and priced. */
export interface NewOrder {
  onlineLocationId: string
  location: Location
  fulfilmentType: FulfilmentType
  customer: Customer
  customerNotes: string | null
  items: OrderItem[]
  fees: OrderFee[]
}

export interface Order extends NewOrder {
  id: string
  paymentKey: string
  /** The priced order (line ids under the order id); the bill repeats it under its own. */
  content: BillContent
  status: OrderStatus
  cancelledBy: Actor | null
  billRow: number | null
  payments: OrderPayment[]
  paymentMethod: PaymentMethod | null
  createdAt: number
  updatedAt: number
}

export interface StatusChange {
  order: Order
  previous: OrderStatus
  by: Actor
}

export interface OrderSettings {
  decision: MerchantDecision
  decisionDelayMs: number
}

const ORDER_BASE = 40_000_001

export class OrderBook {
  private readonly orders: Order[] = []
  private readonly timers = new Map<Order, NodeJS.Timeout>()

  constructor(
    private readonly shop: Shop,
    private readonly trader: Trader,
    private settings: OrderSettings,
    private readonly onStatusChange: (change: StatusChange) => void,
    private readonly onBackgroundError: (error: unknown) => void,
  ) {}

  get decisionSettings(): OrderSettings {
    return { ...this.settings }
  }

  /** Changes what the merchant does with orders that become pending from now on. */
  configure(settings: OrderSettings): void {
    this.settings = { ...settings }
  }

  all(): readonly Order[] {
    return this.orders
  }

  find(id: string): Order {
    const index = Number(id) - ORDER_BASE
    const order = /^\d{8}$/.test(id) ? this.orders[index] : undefined
    if (!order) throw new NotFoundError(`No order ${id}.`)
    return order
  }

  create(request: NewOrder): Order {
    const id = String(ORDER_BASE + this.orders.length)
    const at = this.trader.clock.now()
    const order: Order = {
      ...request,
      id,
      paymentKey: `pk_${randomBytes(16).toString('hex')}`,
      content: composeOrder(request.items, request.fees, id),
      status: 'pending',
      cancelledBy: null,
      billRow: null,
      payments: [],
      paymentMethod: null,
      createdAt: at,
      updatedAt: at,
    }
    this.orders.push(order)
    this.scheduleDecision(order)
    return order
  }

  /** The statuses the customer may move the order to. */
  customerNextStates(order: Order): OrderStatus[] {
    if (order.status === 'pending') return ['cancelled']
    if (order.status === 'cancelled' && order.cancelledBy === 'customer') return ['pending']
    return []
  }

  /** A customer's status change through the platform; only to a state the order allows. */
  changeByCustomer(order: Order, status: OrderStatus): void {
    const allowed = this.customerNextStates(order)
    if (!allowed.includes(status)) {
      throw new ConflictError(
        `Order ${order.id} is ${order.status}; the customer can move it to ${
          allowed.length > 0 ? allowed.join(' or ') : 'no other status'
        }, not ${status}.`,
      )
    }
    this.move(order, status, 'customer')
    if (status === 'pending') this.scheduleDecision(order)
  }

  /** The merchant accepts a pending order: the sale is rung up on the till. */
  accept(order: Order): void {
    this.requirePending(order, 'accept')
    order.billRow = this.trader.sellOrder(
      order.location,
      (billId) => composeOrder(order.items, order.fees, billId),
      {
        orderId: order.id,
        onlineLocationId: order.onlineLocationId,
        fulfilmentType: order.fulfilmentType,
      },
    )
    this.move(order, 'accepted', 'merchant')
  }

  /** The merchant turns a pending order down. */
  cancel(order: Order): void {
    this.requirePending(order, 'cancel')
    this.move(order, 'cancelled', 'merchant')
  }

  /** Records money collected for an accepted order against its bill. */
  pay(
    order: Order,
    amount: number,
    method: PaymentMethod,
    ref: string | null,
    proof: TransferProof | null = null,
  ): Payment {
    if (order.billRow === null) {
      throw new ConflictError(
        `Order ${order.id} is ${order.status}; payments are taken once it is accepted.`,
      )
    }
    const due = this.shop.amountDue(order.billRow)
    if (due === 0) throw new ConflictError(`Order ${order.id} is paid in full.`)
    if (amount > due) {
      throw new ConflictError(
        `The payment is more than the ${this.shop.config.currency.toMajor(due)} due.`,
      )
    }
    const payment = this.trader.pay(order.billRow, { method, amount, ref })
    order.payments.push({ seq: payment.seq, proof })
    order.paymentMethod = method
    order.updatedAt = payment.createdAt
    return payment
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  private requirePending(order: Order, action: string): void {
    if (order.status !== 'pending') {
      throw new ConflictError(`Cannot ${action} order ${order.id}: it is ${order.status}.`)
    }
  }

  private move(order: Order, status: OrderStatus, by: Actor): void {
    const previous = order.status
    const timer = this.timers.get(order)
    if (timer) clearTimeout(timer)
    this.timers.delete(order)
    order.status = status
    order.cancelledBy = status === 'cancelled' ? by : null
    order.updatedAt = this.trader.clock.now()
    this.onStatusChange({ order, previous, by })
  }

  private scheduleDecision(order: Order): void {
    const { decision, decisionDelayMs } = this.settings
    if (decision === 'manual') return
    const timer = setTimeout(() => {
      this.timers.delete(order)
      try {
        if (decision === 'accept') this.accept(order)
        else this.cancel(order)
      } catch (error) {
        this.onBackgroundError(error)
      }
    }, decisionDelayMs)
    this.timers.set(order, timer)
  }
}
