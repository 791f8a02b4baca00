/**
 * How the demo shop's takings reach its bank: each location's cash banked one business day later
 * (one to three days' takings at a time), card, QRIS and e-wallet money settled by the processor
 * after a lag of business days, net of a fee of a percentage plus a fixed amount per payment
 * (sometimes two to five days in one settlement), bank transfers on the day. The bank statement
 * files (bank-statement-files.ts) are written from these.
 */

import { mulDivRound } from './currency'
import { SALE } from './bill-table'
import type { CounterMethod } from './payments'
import { rngFor, Stream, type Rng } from './rng'
import type { Shop } from './shop'
import { addDays, formatLocalDate, type LocalDate } from './time-zone'

interface SettlementTerms {
  lagDays: number
  /** Hundredths of a percent of each day's takings (200 = 2 %). */
  feeBasisPoints: number
  /** Minor units per payment taken. */
  feeFixed: number
  /** The most days one bank line may cover, and how often it covers more than one. */
  maxBatchDays: number
  batchChance: number
}

/** One day's takings of one method at one location, as a register session's tallies give them. */
interface DayTakings {
  businessDate: string
  /** Payments taken less money paid back (and, for cash, less cash expenses paid from the drawer). */
  gross: number
  /** Payments taken (not paid back), each charged the fixed fee. */
  payments: number
}

export interface BankDeposit {
  /** The bank's reference of the line: unique, and the same in every statement that lists it. */
  ref: string
  bookingDate: string
  locationId: string
  method: CounterMethod
  days: DayTakings[]
  fee: number
  /** What reaches the bank: the days' gross less the fee. */
  amount: number
  text: string
}

/** The demo bank's terms; Till's own defaults (deposit settings) are the same but for the fixed fee,
 *  which the demo shop hands to its cache (`DemoServiceHandle.bankTerms`). */
function demoSettlementTerms(shop: Shop): Record<CounterMethod, SettlementTerms> {
  const cardFixed = shop.config.currency.priceFromUsd(0.02)
  return {
    cash: { lagDays: 1, feeBasisPoints: 0, feeFixed: 0, maxBatchDays: 3, batchChance: 0.4 },
    card: {
      lagDays: 2,
      feeBasisPoints: 200,
      feeFixed: cardFixed,
      maxBatchDays: 5,
      batchChance: 0.25,
    },
    qris: { lagDays: 1, feeBasisPoints: 70, feeFixed: 0, maxBatchDays: 5, batchChance: 0.25 },
    e_wallet: { lagDays: 1, feeBasisPoints: 150, feeFixed: 0, maxBatchDays: 3, batchChance: 0.2 },
    bank_transfer: { lagDays: 0, feeBasisPoints: 0, feeFixed: 0, maxBatchDays: 1, batchChance: 0 },
  }
}

export type DemoBankTerms = Pick<SettlementTerms, 'lagDays' | 'feeBasisPoints' | 'feeFixed'>

/** What a bookkeeper would enter for the demo bank: each method's lag and fee, by method. */
export function demoBankTerms(shop: Shop): Record<CounterMethod, DemoBankTerms> {
  const all = demoSettlementTerms(shop)
  return Object.fromEntries(
    METHODS.map((method) => {
      const { lagDays, feeBasisPoints, feeFixed } = all[method]
      return [method, { lagDays, feeBasisPoints, feeFixed }]
    }),
  ) as Record<CounterMethod, DemoBankTerms>
}

const METHODS: readonly CounterMethod[] = ['cash', 'card', 'qris', 'e_wallet', 'bank_transfer']
const WORDS: Record<CounterMethod, string> = {
  cash: 'CASH DEPOSIT',
  card: 'CARD SETTLEMENT',
  qris: 'QRIS SETTLEMENT',
  e_wallet: 'E-WALLET SETTLEMENT',
  bank_transfer: 'TRANSFERS IN',
}

function localDate(text: string): LocalDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number]
  return { year, month, day }
}

function isWeekend(date: LocalDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  return weekday === 0 || weekday === 6
}

/** The business day `lag` business days after `date` (Saturdays and Sundays skipped). */
function businessDaysAfter(date: string, lag: number): string {
  let day = localDate(date)
  let left = lag
  while (left > 0 || isWeekend(day)) {
    day = addDays(day, 1)
    if (!isWeekend(day)) left--
  }
  return formatLocalDate(day)
}

/** Takings per location, method and business date, from the payments of closed sessions. */
function takingsOf(shop: Shop): Map<string, DayTakings> {
  const takings = new Map<string, DayTakings>()
  const dateOf = (sessionIndex: number): string | null => {
    const session = shop.sessions[sessionIndex]
    if (!session || session.closedAt === null) return null
    return formatLocalDate(shop.config.zone.localDate(session.openedAt))
  }
  const add = (sessionIndex: number, method: string, amount: number, payment: boolean): void => {
    const date = dateOf(sessionIndex)
    if (date === null || !(METHODS as readonly string[]).includes(method)) return
    const key = `${shop.sessions[sessionIndex]!.location.id}|${method}|${date}`
    const day = takings.get(key) ?? { businessDate: date, gross: 0, payments: 0 }
    day.gross += amount
    if (payment) day.payments++
    takings.set(key, day)
  }
  for (let row = 0; row < shop.bills.length; row++) {
    const sale = shop.bills.kind[row] === SALE
    for (const payment of shop.payments(row)) {
      if (payment.reversedAt !== null) continue
      add(payment.session, payment.method, sale ? payment.amount : -payment.amount, sale)
    }
  }
  for (const expense of shop.expenses)
    if (expense.paymentMethod === 'cash' && expense.session)
      add(expense.session.index, 'cash', -expense.amount, false)
  return takings
}

function feeOf(days: readonly DayTakings[], terms: SettlementTerms): number {
  return days.reduce(
    (fee, day) =>
      fee + mulDivRound(day.gross, terms.feeBasisPoints, 10_000) + terms.feeFixed * day.payments,
    0,
  )
}

/**
 * Consecutive days cut into batches: mostly one day a line, sometimes several. A last batch
 * still short of its days is left out: it settles once they are there, so a later statement
 * lists it whole, never a part of it first.
 */
function batches(days: readonly DayTakings[], terms: SettlementTerms, rng: Rng): DayTakings[][] {
  const cut: DayTakings[][] = []
  for (let i = 0; i < days.length;) {
    const size = rng.chance(terms.batchChance) ? rng.int(2, terms.maxBatchDays) : 1
    if (i + size > days.length) break
    cut.push(days.slice(i, i + size))
    i += size
  }
  return cut
}

/**
 * Every deposit the bank has booked by `today` (YYYY-MM-DD), in booking order. Days whose takings
 * are not positive (refunds outweighing sales) bring nothing to the bank and are left out.
 */
export function bankDeposits(shop: Shop, today: string): BankDeposit[] {
  const takings = takingsOf(shop)
  const allTerms = demoSettlementTerms(shop)
  const deposits: Omit<BankDeposit, 'ref'>[] = []
  for (const location of shop.locations)
    METHODS.forEach((method, methodIndex) => {
      const terms = allTerms[method]
      const days = [...takings]
        .filter(([key, day]) => key.startsWith(`${location.id}|${method}|`) && day.gross > 0)
        .map(([, day]) => day)
        .sort((a, b) => a.businessDate.localeCompare(b.businessDate))
      const rng = rngFor(shop.config.seed, Stream.bank, location.index, methodIndex)
      for (const batch of batches(days, terms, rng)) {
        const first = batch[0]!.businessDate
        const last = batch.at(-1)!.businessDate
        const bookingDate = businessDaysAfter(last, terms.lagDays)
        if (bookingDate > today) continue
        const fee = feeOf(batch, terms)
        const gross = batch.reduce((sum, day) => sum + day.gross, 0)
        const span = first === last ? first : `${first}..${last}`
        deposits.push({
          bookingDate,
          locationId: location.id,
          method,
          days: batch,
          fee,
          amount: gross - fee,
          text: `${WORDS[method]} ${location.name.toUpperCase()} ${span}`,
        })
      }
    })
  deposits.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate))
  const perDay = new Map<string, number>()
  return deposits.map((deposit) => {
    const seq = (perDay.get(deposit.bookingDate) ?? 0) + 1
    perDay.set(deposit.bookingDate, seq)
    const ref = `DB${deposit.bookingDate.replace(/-/g, '')}${deposit.locationId}${String(seq).padStart(3, '0')}`
    return { ref, ...deposit }
  })
}
