/**
 * Generates the shop's history up to "now" by simulating it in time order: each location opens
 * its register sessions day by day, customers buy, and what a sale leads to later (paying off
 * a debt, a void within the session, a refund days later, a payment that bounces) is queued at
 * the location and done in whatever session is open when it falls due. Expenses happen at the
 * counter (cash or card, in a session) and in the back office (no session).
 */

import {
  chooseLaterPayment,
  choosePaymentToReverse,
  chooseRefund,
  composeExpense,
  expenseCorrection,
  openingCash,
} from './behaviour'
import { buildLocations, Catalogue, type Location } from './catalogue'
import { Currency } from './currency'
import { MinHeap } from './min-heap'
import { rngFor, Stream, type Rng } from './rng'
import { Shop, type Expense, type Session } from './shop'
import { addDays, MerchantTimeZone, type LocalDate } from './time-zone'

/** What decides the generated shop; the same shape always gives the same shop. */
export interface ShopShape {
  seed: number
  currency: string
  timezone: string
  locations: number
  days: number
  billsPerSession: number
  /** Unix seconds: the history ends just before this instant. */
  startAt: number
}

interface HistoryPlan {
  /** Whole days of history before the day of `until`. */
  days: number
  /** Mean number of sales in a register session. */
  billsPerSession: number
  /** Unix seconds; nothing at or after this instant happens. */
  until: number
}

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

/** Of the sales still owing after checkout, how many are paid off later. */
const PAID_LATER_SHARE = 0.8
const VOID_SHARE = 0.01
const REFUND_SHARE = 0.03
const SECOND_REFUND_SHARE = 0.25
const REVERSAL_SHARE = 0.015
const REPLACEMENT_PAYMENT_SHARE = 0.6
const BACK_OFFICE_EXPENSE_SHARE = 0.15
const COUNTER_CARD_EXPENSE_SHARE = 0.2
const CASH_EXPENSE_COUNT_WEIGHTS = [50, 35, 15]
const EXPENSE_CORRECTION_SHARE = 0.1

type Happening =
  | { at: number; kind: 'open'; location: Location; closeAt: number }
  | { at: number; kind: 'sale'; session: Session; times: Float64Array; next: number }
  | { at: number; kind: 'close'; session: Session }
  | { at: number; kind: 'expense'; location: Location; session: Session | null; cash: boolean }
  | { at: number; kind: 'expense-correction'; expense: Expense }

interface FollowUp {
  due: number
  kind: 'pay' | 'void' | 'refund' | 'reverse'
  row: number
}

export function generateShop(shape: ShopShape): Shop {
  const currency = new Currency(shape.currency)
  const shop = new Shop({
    seed: shape.seed,
    currency,
    zone: new MerchantTimeZone(shape.timezone),
    catalogue: new Catalogue(currency),
    locations: buildLocations(shape.seed, shape.locations),
  })
  const plan = { days: shape.days, billsPerSession: shape.billsPerSession, until: shape.startAt }
  shop.bills.reserve(expectedBills(shop, plan))
  generateHistory(shop, plan)
  return shop
}

/** About how many bills a plan makes, to size the columns once. */
function expectedBills(shop: Shop, plan: HistoryPlan): number {
  const sessionsPerDay = shop.locations.reduce((sum, location) => sum + location.shifts, 0)
  return Math.ceil(sessionsPerDay * (plan.days + 1) * plan.billsPerSession * 1.1)
}

function generateHistory(shop: Shop, plan: HistoryPlan): void {
  new HistorySimulation(shop, plan).run()
}

class HistorySimulation {
  private readonly rng: Rng
  private readonly timeline = new MinHeap<Happening>((a, b) => a.at - b.at)
  /** Per location: what sales led to, waiting for their time. */
  private readonly followUps: MinHeap<FollowUp>[]

  constructor(
    private readonly shop: Shop,
    private readonly plan: HistoryPlan,
  ) {
    this.rng = rngFor(shop.config.seed, Stream.generator)
    this.followUps = shop.locations.map(() => new MinHeap<FollowUp>((a, b) => a.due - b.due))
  }

  run(): void {
    const { zone } = this.shop.config
    const today = zone.localDate(this.plan.until)
    this.shop.indexes.beginBulk()
    try {
      for (let day = -this.plan.days; day <= 0; day++) {
        const date = addDays(today, day)
        for (const location of this.shop.locations) this.planDay(location, date)
        this.playUntil(Math.min(zone.instantAt(addDays(date, 1), 0), this.plan.until))
      }
    } finally {
      this.shop.indexes.endBulk()
    }
  }

  private planDay(location: Location, date: LocalDate): void {
    const { zone } = this.shop.config
    const rng = this.rng
    const opensAt = zone.instantAt(date, location.opensAt + rng.int(-10, 10) * MINUTE)
    const closesAt = zone.instantAt(date, location.closesAt + rng.int(-15, 15) * MINUTE)
    const shiftLength = (closesAt - opensAt) / location.shifts
    for (let shift = 0; shift < location.shifts; shift++) {
      // The next cashier opens a minute after the previous one closes.
      const at = opensAt + Math.round(shift * shiftLength) + (shift > 0 ? MINUTE : 0)
      const closeAt = opensAt + Math.round((shift + 1) * shiftLength)
      this.timeline.push({ at, kind: 'open', location, closeAt })
    }
    if (rng.chance(BACK_OFFICE_EXPENSE_SHARE)) {
      const at = zone.instantAt(date, rng.int(10 * HOUR, 17 * HOUR))
      this.timeline.push({ at, kind: 'expense', location, session: null, cash: false })
    }
  }

  private playUntil(until: number): void {
    for (let next = this.timeline.peek(); next && next.at < until; next = this.timeline.peek()) {
      this.timeline.pop()
      this.play(next)
    }
  }

  private play(happening: Happening): void {
    const { shop, rng } = this
    switch (happening.kind) {
      case 'open':
        return this.openSession(happening.location, happening.at, happening.closeAt)
      case 'close':
        return shop.closeSession(happening.session, happening.at)
      case 'sale':
        return this.sell(happening)
      case 'expense': {
        const fields = composeExpense(rng, shop.config.currency, happening.cash)
        const expense = shop.createExpense(
          happening.location,
          happening.session,
          fields,
          happening.at,
        )
        if (rng.chance(EXPENSE_CORRECTION_SHARE)) {
          const at = happening.at + rng.int(HOUR, 3 * DAY)
          this.timeline.push({ at, kind: 'expense-correction', expense })
        }
        return
      }
      case 'expense-correction':
        shop.updateExpense(
          happening.expense,
          expenseCorrection(rng, happening.expense),
          happening.at,
        )
        return
    }
  }

  private openSession(location: Location, at: number, closeAt: number): void {
    const { shop, rng } = this
    const session = shop.beginSession(location, at, openingCash(rng, shop.config.currency))
    const times = this.saleTimes(at + MINUTE, closeAt - MINUTE)
    this.timeline.push({ at: times[0] as number, kind: 'sale', session, times, next: 0 })
    this.timeline.push({ at: closeAt, kind: 'close', session })
    const counterExpenses = [
      ...Array.from({ length: rng.weighted(CASH_EXPENSE_COUNT_WEIGHTS) }, () => true),
      ...(rng.chance(COUNTER_CARD_EXPENSE_SHARE) ? [false] : []),
    ]
    for (const cash of counterExpenses) {
      const expenseAt = at + rng.int(MINUTE, Math.max(MINUTE, closeAt - at - MINUTE))
      this.timeline.push({ at: expenseAt, kind: 'expense', location, session, cash })
    }
  }

  /** Sorted whole-second sale times, about billsPerSession of them, between from and to. */
  private saleTimes(from: number, to: number): Float64Array {
    const rng = this.rng
    const count = Math.max(1, Math.round(this.plan.billsPerSession * (0.6 + 0.8 * rng.next())))
    const span = Math.max(1, to - from)
    const times = new Float64Array(count)
    for (let i = 0; i < count; i++) times[i] = from + Math.floor(rng.next() * span)
    return times.sort()
  }

  private sell(sale: Extract<Happening, { kind: 'sale' }>): void {
    const { shop, rng } = this
    const { session, at } = sale
    this.catchUp(session, at)
    const row = shop.createSale(session, at)

    if (shop.amountDue(row) > 0 && rng.chance(PAID_LATER_SHARE)) {
      this.followUp(session, { kind: 'pay', row, due: at + rng.int(DAY, 7 * DAY) })
    }
    if (rng.chance(VOID_SHARE)) {
      this.followUp(session, { kind: 'void', row, due: at + rng.int(MINUTE, 20 * MINUTE) })
    } else if (rng.chance(REFUND_SHARE)) {
      this.followUp(session, { kind: 'refund', row, due: at + rng.int(DAY, 10 * DAY) })
    } else if (rng.chance(REVERSAL_SHARE)) {
      this.followUp(session, { kind: 'reverse', row, due: at + rng.int(10 * MINUTE, 2 * DAY) })
    }

    sale.next++
    if (sale.next < sale.times.length) {
      sale.at = sale.times[sale.next] as number
      this.timeline.push(sale)
    }
  }

  private followUp(session: Session, followUp: FollowUp): void {
    this.followUps[session.location.index]?.push(followUp)
  }

  /** Does what has fallen due at the session's location, in that session. */
  private catchUp(session: Session, at: number): void {
    const queue = this.followUps[session.location.index] as MinHeap<FollowUp>
    for (let next = queue.peek(); next && next.due <= at; next = queue.peek()) {
      queue.pop()
      this.perform(next, session, at)
    }
  }

  private perform({ kind, row }: FollowUp, session: Session, at: number): void {
    const { shop, rng } = this
    switch (kind) {
      case 'pay':
        if (!shop.canTakePayment(row)) return
        shop.addPayment(row, session, at, chooseLaterPayment(rng, shop, row))
        if (shop.amountDue(row) > 0) {
          this.followUp(session, { kind: 'pay', row, due: at + rng.int(DAY, 5 * DAY) })
        }
        return
      case 'void':
        if (shop.sessionOf(row) === session && shop.isIntactSale(row))
          shop.voidBill(row, session, at)
        return
      case 'refund':
        if (!shop.canRefund(row)) return
        shop.refund(row, session, at, chooseRefund(rng, shop, row))
        if (rng.chance(SECOND_REFUND_SHARE)) {
          this.followUp(session, { kind: 'refund', row, due: at + rng.int(DAY, 5 * DAY) })
        }
        return
      case 'reverse': {
        const payment = shop.isIntactSale(row) ? choosePaymentToReverse(rng, shop, row) : null
        if (!payment) return
        shop.reversePayment(row, payment.seq, at)
        if (rng.chance(REPLACEMENT_PAYMENT_SHARE)) {
          this.followUp(session, { kind: 'pay', row, due: at + rng.int(HOUR, 2 * DAY) })
        }
        return
      }
    }
  }
}
