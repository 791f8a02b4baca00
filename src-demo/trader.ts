/**
 * The shop trading "now", on the simulated clock: what the control API asks for, what live
 * mode does at its pace, and the sales the inserts-while-paging fault slips in. Choices not
 * given by the caller come from the merchant behaviour shared with history generation.
 */

import {
  chooseLaterPayment,
  choosePaymentToReverse,
  chooseRefund,
  composeExpense,
  expenseCorrection,
  openingCash,
  reversiblePayments,
} from './behaviour'
import type { Location } from './catalogue'
import type { SimClock } from './clock'
import { ShopRuleError } from './demo-errors'
import type { Payment, Tender } from './payments'
import type { Rng } from './rng'
import type { BillContent } from './bill-content'
import type { Expense, ExpenseFields, OnlineOrigin, Session, Shop } from './shop'

/** How far back live trading looks for a bill to pay off, refund or reverse. */
const RECENT_BILLS = 2000

export type LiveAction =
  | 'sale'
  | 'payment'
  | 'reversal'
  | 'refund'
  | 'void'
  | 'expense'
  | 'expense_update'
  | 'session_rotation'

const LIVE_ACTIONS: readonly (readonly [LiveAction, number])[] = [
  ['sale', 60],
  ['payment', 8],
  ['reversal', 4],
  ['refund', 5],
  ['void', 3],
  ['expense', 6],
  ['expense_update', 4],
  ['session_rotation', 2],
]

export class Trader {
  constructor(
    readonly shop: Shop,
    readonly clock: SimClock,
    private readonly rng: Rng,
  ) {}

  /** The location's open register session, opening one if the register is closed. */
  sessionAt(location: Location): Session {
    return (
      this.shop.currentSession(location) ??
      this.shop.beginSession(
        location,
        this.clock.now(),
        openingCash(this.rng, this.shop.config.currency),
      )
    )
  }

  /** Each operation takes the cashier 5 to 45 seconds (while the clock is not running by itself). */
  private tick(): number {
    return this.clock.tick(this.rng.int(5, 45))
  }

  /** Sales rung up one after another. */
  sell(count: number, location?: Location): number[] {
    const rows: number[] = []
    for (let i = 0; i < count; i++) {
      const at = this.tick()
      const where = location ?? this.rng.pick(this.shop.locations)
      rows.push(this.shop.createSale(this.sessionAt(where), at))
    }
    return rows
  }

  /** The sale of an accepted online order, rung up in the location's open session. */
  sellOrder(
    location: Location,
    compose: (billId: string) => BillContent,
    origin: OnlineOrigin,
  ): number {
    return this.shop.createOrderSale(this.sessionAt(location), this.tick(), compose, origin)
  }

  pay(row: number, tender?: Tender): Payment {
    if (!this.shop.canTakePayment(row)) throw new ShopRuleError('The bill cannot take a payment.')
    const session = this.sessionAt(this.shop.locationOf(row))
    const given = tender ?? chooseLaterPayment(this.rng, this.shop, row)
    return this.shop.addPayment(row, session, this.tick(), given)
  }

  reverse(row: number, seq?: number): Payment {
    const payment = seq === undefined ? choosePaymentToReverse(this.rng, this.shop, row) : { seq }
    if (!payment) throw new ShopRuleError('The bill has no non-cash payment to reverse.')
    return this.shop.reversePayment(row, payment.seq, this.tick())
  }

  refund(row: number, quantities?: ReadonlyMap<string, number>): number {
    if (!this.shop.canRefund(row)) throw new ShopRuleError('The bill cannot be refunded.')
    const session = this.sessionAt(this.shop.locationOf(row))
    const chosen = quantities ?? chooseRefund(this.rng, this.shop, row)
    return this.shop.refund(row, session, this.tick(), chosen)
  }

  voidBill(row: number): number {
    const session = this.sessionAt(this.shop.locationOf(row))
    return this.shop.voidBill(row, session, this.tick())
  }

  spend(location: Location, inSession: boolean, fields?: Partial<ExpenseFields>): Expense {
    const composed = composeExpense(this.rng, this.shop.config.currency, this.rng.chance(0.6))
    const expense = { ...composed, ...fields }
    const session = inSession || expense.paymentMethod === 'cash' ? this.sessionAt(location) : null
    return this.shop.createExpense(location, session, expense, this.tick())
  }

  correctExpense(expense: Expense, changes?: Partial<ExpenseFields>): Expense {
    const correction = changes ?? expenseCorrection(this.rng, expense)
    return this.shop.updateExpense(expense, correction, this.tick())
  }

  /** Closes a session; with `reopen` the next cashier opens a new one a minute later. */
  closeSession(session: Session, reopen: boolean): Session | null {
    this.shop.closeSession(session, this.tick())
    if (!reopen) return null
    this.clock.tick(60)
    return this.sessionAt(session.location)
  }

  /** One random thing a trading shop does; returns what it did, or null when nothing fitted. */
  liveStep(): LiveAction | null {
    const [action] = LIVE_ACTIONS[
      this.rng.weighted(LIVE_ACTIONS.map(([, weight]) => weight))
    ] as readonly [LiveAction, number]
    const shop = this.shop
    const onRecentBill = (
      fits: (row: number) => boolean,
      act: (row: number) => unknown,
    ): LiveAction | null => {
      const row = this.recentBill(fits)
      if (row === null) return null
      act(row)
      return action
    }
    switch (action) {
      case 'sale':
        this.sell(1)
        return action
      case 'payment':
        return onRecentBill(
          (row) => shop.canTakePayment(row),
          (row) => this.pay(row),
        )
      case 'reversal':
        return onRecentBill(
          (row) => shop.isIntactSale(row) && reversiblePayments(shop, row).length > 0,
          (row) => this.reverse(row),
        )
      case 'refund':
        return onRecentBill(
          (row) => shop.canRefund(row),
          (row) => this.refund(row),
        )
      case 'void':
        return onRecentBill(
          (row) => shop.isIntactSale(row) && shop.sessionOf(row).closedAt === null,
          (row) => this.voidBill(row),
        )
      case 'expense':
        this.spend(this.rng.pick(shop.locations), this.rng.chance(0.7))
        return action
      case 'expense_update': {
        if (shop.expenses.length === 0) return null
        const start = Math.max(0, shop.expenses.length - 50)
        this.correctExpense(shop.expenses[this.rng.int(start, shop.expenses.length - 1)] as Expense)
        return action
      }
      case 'session_rotation': {
        const session = shop.currentSession(this.rng.pick(shop.locations))
        if (!session) return null
        this.closeSession(session, true)
        return action
      }
    }
  }

  /** A random bill among the newest that passes `test`, or null. */
  private recentBill(test: (row: number) => boolean): number | null {
    const newest = this.shop.bills.length - 1
    const oldest = Math.max(0, newest - RECENT_BILLS + 1)
    const start = this.rng.int(oldest, Math.max(oldest, newest))
    for (let k = 0; k <= newest - oldest; k++) {
      const row = oldest + ((start - oldest + k) % (newest - oldest + 1))
      if (test(row)) return row
    }
    return null
  }
}
