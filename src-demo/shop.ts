/**
 * The simulated shop: its bills, register sessions and expenses, and the operations that
 * change them (selling, taking and reversing payments, refunding, voiding, spending, opening
 * and closing sessions). History generation, live trading and the control API all go
 * through these operations; each one reports what happened as a ShopEvent.
 *
 * A sale's detail is not stored: it is recomputed from a per-bill random stream whenever it is
 * read. Only what changes after creation (payments taken or reversed later, refund content) is
 * kept, in overlays keyed by bill row.
 */

import {
  composeRefund,
  composeSale,
  mirrorContent,
  remainingQuantities,
  type BillContent,
} from './bill-content'
import {
  BillTable,
  FLAG_FULLY_REFUNDED,
  FLAG_VOIDED,
  REFUND,
  SALE,
  VOID,
  type BillRow,
} from './bill-table'
import type { Catalogue, Location } from './catalogue'
import { ShopRuleError } from './demo-errors'
import { GrowableInt32 } from './growable'
import { billId, expenseId, sessionId } from './ids'
import { BillIndexes } from './indexes'
import type { Currency } from './currency'
import { tendersAtCheckout, type Payment, type PaymentMethod, type Tender } from './payments'
import { rngFor, Stream } from './rng'
import type { MerchantTimeZone } from './time-zone'
import { formatLocalDate } from './time-zone'

export interface ShopConfig {
  seed: number
  currency: Currency
  zone: MerchantTimeZone
  catalogue: Catalogue
  locations: readonly Location[]
}

export interface Session {
  index: number
  id: string
  location: Location
  openedAt: number
  closedAt: number | null
  openingCash: number
  /** Rows of the bills created in this session, in id order. */
  bills: GrowableInt32
}

export interface ExpenseFields {
  category: string
  description: string
  supplier: string | null
  /** Integer minor units, tax included. */
  amount: number
  taxAmount: number
  paymentMethod: PaymentMethod
}

export interface Expense extends ExpenseFields {
  index: number
  id: string
  number: string
  location: Location
  session: Session | null
  /** Merchant-local date, YYYY-MM-DD. */
  expenseDate: string
  createdAt: number
  updatedAt: number
}

/** Where an online order's bill came from (Platform API). */
export interface OnlineOrigin {
  orderId: string
  onlineLocationId: string
  fulfilmentType: string
}

export type ShopEvent =
  | { type: 'bill.created'; at: number; row: number }
  | { type: 'bill.refunded' | 'bill.voided'; at: number; row: number; parent: number }
  | { type: 'payment.created'; at: number; row: number; payment: Payment; settled: boolean }
  | { type: 'payment.reversed'; at: number; row: number; payment: Payment }
  | { type: 'expense.created' | 'expense.updated'; at: number; expense: Expense }
  | { type: 'register_session.closed'; at: number; session: Session }

class OutOfOrderError extends Error {
  constructor(at: number, latest: number) {
    super(`Shop operation at ${at} is earlier than the latest one at ${latest}`)
    this.name = 'OutOfOrderError'
  }
}

export class Shop {
  readonly bills = new BillTable()
  readonly indexes = new BillIndexes(this.bills)
  readonly sessions: Session[] = []
  readonly expenses: Expense[] = []
  /** Increases on every change; cached query results are valid for one version. */
  version = 0
  /** Time of the latest operation: operations happen in time order. */
  private latestAt = -Infinity

  /** Payments of bills whose payments differ from what checkout gave (and of every refund/void). */
  private readonly changedPayments = new Map<number, Payment[]>()
  private readonly refundContents = new Map<number, BillContent>()
  /** Content and origin of the sales made by accepting an online order. */
  private readonly orderContents = new Map<number, BillContent>()
  private readonly orderOrigins = new Map<number, OnlineOrigin>()
  /** Refund and void rows of each parent row. */
  private readonly children = new Map<number, number[]>()
  private readonly openSessions: (Session | null)[]
  private readonly billCounters: number[]
  private listener: (event: ShopEvent) => void = () => {}

  constructor(readonly config: ShopConfig) {
    this.openSessions = config.locations.map(() => null)
    this.billCounters = config.locations.map(() => 0)
  }

  onEvent(listener: (event: ShopEvent) => void): void {
    this.listener = listener
  }

  get locations(): readonly Location[] {
    return this.config.locations
  }

  // ── reading ──────────────────────────────────────────────────────────────

  content(row: number): BillContent {
    const kind = this.bills.kind[row]
    if (kind === REFUND) return this.refundContents.get(row) as BillContent
    if (kind === VOID) return mirrorContent(this.content(this.parentOf(row)), billId(row))
    const order = this.orderContents.get(row)
    if (order) return order
    return composeSale(
      rngFor(this.config.seed, Stream.sale, row),
      this.config.catalogue,
      this.locationOf(row),
      billId(row),
    )
  }

  payments(row: number): readonly Payment[] {
    return this.changedPayments.get(row) ?? this.checkoutPayments(row)
  }

  /** The online order a sale was made for, or undefined for a sale at the counter. */
  onlineOrigin(row: number): OnlineOrigin | undefined {
    return this.orderOrigins.get(row)
  }

  refundsOf(row: number): readonly number[] {
    return this.children.get(row) ?? []
  }

  parentOf(row: number): number {
    return this.bills.parent[row] as number
  }

  locationOf(row: number): Location {
    return this.locations[this.bills.location[row] as number] as Location
  }

  sessionOf(row: number): Session {
    return this.sessions[this.bills.session[row] as number] as Session
  }

  amountDue(row: number): number {
    return (this.bills.total[row] as number) - (this.bills.amountPaid[row] as number)
  }

  billNumber(row: number): string {
    return `${this.locationOf(row).code}-${String(this.bills.number[row]).padStart(6, '0')}`
  }

  currentSession(location: Location): Session | null {
    return this.openSessions[location.index] ?? null
  }

  /** Quantity of each line of a sale not yet refunded. */
  refundableQuantities(row: number): Map<string, number> {
    return remainingQuantities(
      this.content(row),
      this.refundsOf(row).map((child) => this.content(child)),
    )
  }

  /** Why a sale can no longer take payment changes, refunds or a void; null when it can. */
  private saleLock(row: number, allowRefunds: boolean): string | null {
    if (this.bills.kind[row] !== SALE) return 'only a sale can be changed this way'
    const flags = this.bills.flags[row] as number
    if (flags & FLAG_VOIDED) return 'the bill is voided'
    if (!allowRefunds && this.refundsOf(row).length > 0) return 'the bill has refunds'
    if (flags & FLAG_FULLY_REFUNDED) return 'the bill is fully refunded'
    return null
  }

  canTakePayment(row: number): boolean {
    return this.saleLock(row, false) === null && this.amountDue(row) > 0
  }

  canRefund(row: number): boolean {
    return this.saleLock(row, true) === null
  }

  /** A sale neither voided nor refunded: its payments can be reversed and it can be voided. */
  isIntactSale(row: number): boolean {
    return this.saleLock(row, false) === null
  }

  // ── operations ───────────────────────────────────────────────────────────

  beginSession(location: Location, at: number, openingCash: number): Session {
    this.advanceTo(at)
    if (this.currentSession(location)) {
      throw new ShopRuleError(`Location ${location.id} already has an open register session.`)
    }
    const index = this.sessions.length
    const session: Session = {
      index,
      id: sessionId(index),
      location,
      openedAt: at,
      closedAt: null,
      openingCash,
      bills: new GrowableInt32(),
    }
    this.sessions.push(session)
    this.openSessions[location.index] = session
    this.version++
    return session
  }

  closeSession(session: Session, at: number): void {
    requireOpen(session)
    this.advanceTo(at)
    session.closedAt = at
    this.openSessions[session.location.index] = null
    this.version++
    this.listener({ type: 'register_session.closed', at, session })
  }

  createSale(session: Session, at: number): number {
    const row = this.bills.length
    const content = composeSale(
      rngFor(this.config.seed, Stream.sale, row),
      this.config.catalogue,
      session.location,
      billId(row),
    )
    const tenders = this.checkoutTenders(row, content.total)
    const paid = tenders.reduce((sum, t) => sum + t.amount, 0)
    this.appendBill(session, at, SALE, -1, content, paid)
    this.listener({ type: 'bill.created', at, row })
    this.reportPayments(row, toPayments(tenders, at, session.index), at)
    return row
  }

  /** The sale of an accepted online order: nothing is paid at the till. */
  createOrderSale(
    session: Session,
    at: number,
    compose: (billId: string) => BillContent,
    origin: OnlineOrigin,
  ): number {
    const content = compose(billId(this.bills.length))
    const row = this.appendBill(session, at, SALE, -1, content, 0)
    this.orderContents.set(row, content)
    this.orderOrigins.set(row, origin)
    this.changedPayments.set(row, [])
    this.listener({ type: 'bill.created', at, row })
    return row
  }

  addPayment(row: number, session: Session, at: number, tender: Tender): Payment {
    const lock = this.saleLock(row, false)
    if (lock) throw new ShopRuleError(`Cannot take a payment: ${lock}.`)
    requireOpen(session)
    const due = this.amountDue(row)
    if (!Number.isSafeInteger(tender.amount) || tender.amount < 1 || tender.amount > due) {
      throw new ShopRuleError(`A payment must be between 1 and the amount due (${due}).`)
    }
    this.advanceTo(at)
    const payments = this.paymentsToChange(row)
    const payment: Payment = {
      seq: payments.length + 1,
      ...tender,
      createdAt: at,
      session: session.index,
      reversedAt: null,
    }
    payments.push(payment)
    this.bills.amountPaid[row] = (this.bills.amountPaid[row] as number) + payment.amount
    this.touch(row, at)
    this.reportPayments(row, [payment], at)
    return payment
  }

  reversePayment(row: number, seq: number, at: number): Payment {
    const lock = this.saleLock(row, false)
    if (lock) throw new ShopRuleError(`Cannot reverse a payment: ${lock}.`)
    const payments = this.paymentsToChange(row)
    const payment = payments[seq - 1]
    if (!payment) throw new ShopRuleError(`Bill ${billId(row)} has no payment ${seq}.`)
    if (payment.reversedAt !== null) throw new ShopRuleError('The payment is already reversed.')
    this.advanceTo(at)
    payment.reversedAt = at
    this.bills.amountPaid[row] = (this.bills.amountPaid[row] as number) - payment.amount
    this.touch(row, at)
    this.listener({ type: 'payment.reversed', at, row, payment })
    return payment
  }

  /** Refunds `quantities` (parent line id → quantity), paying back what was paid, at most. */
  refund(
    parent: number,
    session: Session,
    at: number,
    quantities: ReadonlyMap<string, number>,
  ): number {
    const lock = this.saleLock(parent, true)
    if (lock) throw new ShopRuleError(`Cannot refund: ${lock}.`)
    const earlier = this.refundsOf(parent).map((child) => this.content(child))
    const row = this.bills.length
    const content = composeRefund(this.content(parent), earlier, quantities, billId(row))
    const returnable = (this.bills.amountPaid[parent] as number) - this.paidBack(parent)
    const payback = Math.min(content.total, returnable)
    const method = this.largestPaymentMethod(parent)
    const payments =
      payback > 0 && method
        ? toPayments([{ method, amount: payback, ref: null }], at, session.index)
        : []
    this.refundContents.set(row, content)
    this.changedPayments.set(row, payments)
    this.appendChild(parent, session, at, REFUND, content, payback)
    const remaining = this.refundableQuantities(parent)
    if ([...remaining.values()].every((quantity) => quantity === 0)) {
      this.bills.flags[parent] = (this.bills.flags[parent] as number) | FLAG_FULLY_REFUNDED
    }
    this.touch(parent, at)
    this.listener({ type: 'bill.created', at, row })
    this.listener({ type: 'bill.refunded', at, row, parent })
    this.reportPayments(row, payments, at)
    return row
  }

  /** Voids a sale in `session`: the void mirrors it and returns every payment not reversed. */
  voidBill(parent: number, session: Session, at: number): number {
    const lock = this.saleLock(parent, false)
    if (lock) throw new ShopRuleError(`Cannot void: ${lock}.`)
    const content = this.content(parent)
    const payments = this.payments(parent)
      .filter((payment) => payment.reversedAt === null)
      .map((payment, i): Payment => ({
        ...payment,
        seq: i + 1,
        createdAt: at,
        session: session.index,
      }))
    const returned = payments.reduce((sum, payment) => sum + payment.amount, 0)
    const row = this.bills.length
    this.changedPayments.set(row, payments)
    this.appendChild(parent, session, at, VOID, content, returned)
    this.bills.flags[parent] = (this.bills.flags[parent] as number) | FLAG_VOIDED
    this.touch(parent, at)
    this.listener({ type: 'bill.created', at, row })
    this.listener({ type: 'bill.voided', at, row, parent })
    this.reportPayments(row, payments, at)
    return row
  }

  createExpense(
    location: Location,
    session: Session | null,
    fields: ExpenseFields,
    at: number,
  ): Expense {
    checkExpenseAmounts(fields)
    this.advanceTo(at)
    const index = this.expenses.length
    const expense: Expense = {
      ...fields,
      index,
      id: expenseId(index),
      number: `EXP-${String(index + 1).padStart(6, '0')}`,
      location,
      session,
      expenseDate: formatLocalDate(this.config.zone.localDate(at)),
      createdAt: at,
      updatedAt: at,
    }
    this.expenses.push(expense)
    this.version++
    this.listener({ type: 'expense.created', at, expense })
    return expense
  }

  updateExpense(expense: Expense, changes: Partial<ExpenseFields>, at: number): Expense {
    checkExpenseAmounts({ ...expense, ...changes })
    this.advanceTo(at)
    Object.assign(expense, changes, { updatedAt: at })
    this.version++
    this.listener({ type: 'expense.updated', at, expense })
    return expense
  }

  // ── internals ────────────────────────────────────────────────────────────

  private advanceTo(at: number): void {
    if (at < this.latestAt) throw new OutOfOrderError(at, this.latestAt)
    this.latestAt = at
  }

  private appendBill(
    session: Session,
    at: number,
    kind: number,
    parent: number,
    content: BillContent,
    amountPaid: number,
  ): number {
    requireOpen(session)
    this.advanceTo(at)
    const location = session.location.index
    const row: BillRow = {
      kind,
      location,
      session: session.index,
      parent,
      number: ++(this.billCounters[location] as number),
      createdAt: at,
      total: content.total,
      totalTax: content.totalTax,
      amountPaid,
    }
    const index = this.bills.append(row)
    this.indexes.add(index)
    session.bills.push(index)
    this.version++
    return index
  }

  private appendChild(
    parent: number,
    session: Session,
    at: number,
    kind: number,
    content: BillContent,
    amountPaid: number,
  ): number {
    if (session.location.index !== this.bills.location[parent]) {
      throw new ShopRuleError('A refund or void is made at the location of its bill.')
    }
    const row = this.appendBill(session, at, kind, parent, content, amountPaid)
    const children = this.children.get(parent)
    if (children) children.push(row)
    else this.children.set(parent, [row])
    return row
  }

  private touch(row: number, at: number): void {
    this.indexes.touch(row, at)
    this.version++
  }

  private checkoutTenders(row: number, total: number): Tender[] {
    return tendersAtCheckout(rngFor(this.config.seed, Stream.payment, row), total)
  }

  private checkoutPayments(row: number): Payment[] {
    return toPayments(
      this.checkoutTenders(row, this.bills.total[row] as number),
      this.bills.createdAt[row] as number,
      this.bills.session[row] as number,
    )
  }

  private paymentsToChange(row: number): Payment[] {
    let payments = this.changedPayments.get(row)
    if (!payments) {
      payments = this.checkoutPayments(row)
      this.changedPayments.set(row, payments)
    }
    return payments
  }

  /** Money already paid back by the refunds of `parent`. */
  private paidBack(parent: number): number {
    return this.refundsOf(parent).reduce(
      (sum, child) => sum + (this.bills.amountPaid[child] as number),
      0,
    )
  }

  private largestPaymentMethod(row: number): PaymentMethod | null {
    let largest: Payment | null = null
    for (const payment of this.payments(row)) {
      if (payment.reversedAt === null && (!largest || payment.amount > largest.amount)) {
        largest = payment
      }
    }
    return largest?.method ?? null
  }

  private reportPayments(row: number, payments: readonly Payment[], at: number): void {
    let due = this.amountDue(row) + payments.reduce((sum, payment) => sum + payment.amount, 0)
    for (const payment of payments) {
      due -= payment.amount
      this.listener({ type: 'payment.created', at, row, payment, settled: due === 0 })
    }
  }
}

function toPayments(tenders: readonly Tender[], at: number, session: number): Payment[] {
  return tenders.map(({ method, amount, ref }, i) => ({
    seq: i + 1,
    method,
    amount,
    ref,
    createdAt: at,
    session,
    reversedAt: null,
  }))
}

function requireOpen(session: Session): void {
  if (session.closedAt !== null) throw new ShopRuleError(`Session ${session.id} is closed.`)
}

function checkExpenseAmounts(fields: ExpenseFields): void {
  const { amount, taxAmount } = fields
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new ShopRuleError('An expense amount must be a positive whole number of minor units.')
  }
  if (!Number.isSafeInteger(taxAmount) || taxAmount < 0 || taxAmount > amount) {
    throw new ShopRuleError('An expense tax amount must be between 0 and the amount.')
  }
}
