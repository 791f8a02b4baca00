import { businessDate } from '../../../src-shared/domain/business-date'
import { sumMinor } from '../../../src-shared/domain/money'
import type { Bill, Expense, Payment } from '../../../src-shared/domain/records'
import type { BankAccount } from '../../deposits/rules/deposit-settings'
import { categoryLabel, methodLabel } from '../../format/labels'
import { CASH } from '../../day-close/rules/day-close'
import { roleKey, type AccountResolver, type AccountRole } from './accounts'
import {
  balancedEntry,
  negated,
  sumByAccount,
  type JournalEntry,
  type JournalLine,
} from './journal-entry'

/**
 * The journal rules (docs/ledger.md#journal-rules), one entry per record: a bill (id = bill id), a
 * payment posted apart from its bill (`payment:<id>`) and its reversal (`payment:<id>:reversal`),
 * an expense (`expense:<id>`), a reconciled session's cash variance (`session:<id>:variance`).
 *
 * A payment is posted in the session it belongs to, as the day close counts it: a sale's payment
 * in the session it was taken in, a refund's or void's in the refund's or void's session. So a
 * bill entry carries the payments taken in the bill's own session, and a payment taken in
 * another session (or after the bill's entry was exported) posts on its own; each session's
 * clearing accounts then move exactly by its day-close takings.
 */

export type JournalBill = Bill & {
  /** Merchant-local date of the bill (the cache's `businessDate`). */
  businessDate: string
}

/** What dating an entry needs of a register session (see `entryDate`). */
export interface SessionDay {
  businessDate: string
  closedAt: number | null
}

/** What the export log says was already posted; see `postedView` in export-log.ts. */
export interface PostedView {
  /** The payments the posted version of a bill's entry carries; undefined when not posted. */
  postedPayments(billId: string): readonly string[] | undefined
  isPosted(entryId: string): boolean
}

export interface JournalContext {
  accounts: AccountResolver
  /** The merchant's time zone: dates of what happened in no known session. */
  timeZone: string
  posted: PostedView
  /** The sessions the records to post belong to, by id; an unknown one dates by the clock. */
  sessions?: ReadonlyMap<string, SessionDay>
}

/**
 * An entry's date (docs/ledger.md#entry-dates): the business date of the register session it
 * happened in, so a day's per-bill entries and its per-session entry carry the same date, a session
 * across midnight being one date. Something done after its session closed (a reversal) happened in
 * a later session: it takes the merchant-local date it happened on.
 */
function entryDate(
  context: JournalContext,
  sessionId: string | null,
  at: number,
  fallback = businessDate(at, context.timeZone),
): string {
  const session = sessionId === null ? undefined : context.sessions?.get(sessionId)
  if (session && (session.closedAt === null || at <= session.closedAt)) return session.businessDate
  return fallback
}

/** A record the journal could not post as the service sent it: listed under Problems. */
export type JournalProblem =
  /** The total differs from lines − discounts + fees by `difference`; it went to Rounding. */
  | { kind: 'rounding'; billId: string; currency: string; difference: number }
  /** Lines, taxes and payments not fetched yet: no entry until they are. */
  | { kind: 'missing-detail'; billId: string }
  /** `total_tax` is not the sum of the bill's taxes; the taxes were posted. */
  | { kind: 'tax-mismatch'; billId: string; totalTax: number; taxes: number }
  /** Taxes with a Xero tax rate that no tax-exclusive amount gives: they went out Tax Exempt. */
  | { kind: 'xero-tax-exempt'; entryId: string; description: string; taxes: string[] }

export interface JournalBuild {
  entries: JournalEntry[]
  problems: JournalProblem[]
}

export type LineFor = (role: AccountRole, amount: number, memo: string) => JournalLine

export function linesAt(context: JournalContext, locationId: string): LineFor {
  return (role, amount, memo) => ({
    role: roleKey(role),
    account: context.accounts.resolve(role, locationId),
    amount,
    memo,
  })
}

/** +1 for a sale; a refund or void posts the same lines with sides swapped. */
function direction(bill: Bill): 1 | -1 {
  return bill.type === 'sale' ? 1 : -1
}

export function signed(bill: Bill, lines: JournalLine[]): JournalLine[] {
  return direction(bill) === 1 ? lines : negated(lines)
}

/** The session a payment's money belongs to (see the module comment). */
export function paymentSession(bill: Bill, payment: Payment): string | null {
  return bill.type === 'sale' ? payment.registerSessionId : bill.registerSessionId
}

/**
 * A bill's lines in the sale direction, receivable for the whole total, no payments. Balances on
 * its own: what the total does not explain goes to Rounding.
 */
export function billCoreLines(
  bill: Bill,
  line: LineFor,
): { lines: JournalLine[]; problems: JournalProblem[] } {
  const lineTaxes = sumMinor(bill.lines.flatMap((l) => l.taxes.map((t) => t.amount)))
  const feeTaxes = sumMinor(bill.fees.flatMap((f) => f.taxes.map((t) => t.amount)))
  const gross = sumMinor(bill.lines.map((l) => l.total))
  const fees = sumMinor(bill.fees.map((f) => f.amount))
  const discounts = sumMinor(bill.discounts.map((d) => d.amount))
  const totalTax = sumMinor(bill.taxes.map((t) => t.amount))
  const difference = bill.total - (gross - discounts + fees)
  const problems: JournalProblem[] = []
  if (difference !== 0)
    problems.push({ kind: 'rounding', billId: bill.id, currency: bill.currency, difference })
  if (totalTax !== bill.totalTax)
    problems.push({
      kind: 'tax-mismatch',
      billId: bill.id,
      totalTax: bill.totalTax,
      taxes: totalTax,
    })
  const lines = [
    line({ type: 'sales' }, -(gross - lineTaxes), 'Sales'),
    line({ type: 'fee-income' }, -(fees - feeTaxes), 'Fee income'),
    line({ type: 'discounts' }, discounts - (lineTaxes + feeTaxes - totalTax), 'Discounts'),
    ...bill.taxes.map((t) => ({
      ...line({ type: 'tax-payable', tax: t.name }, -t.amount, `Tax ${t.name}`),
      ...(t.rate === null ? {} : { taxPercent: t.rate }),
    })),
    line({ type: 'rounding' }, -difference, 'Rounding'),
    line({ type: 'receivable' }, bill.total, 'Unpaid bills'),
  ]
  return { lines, problems }
}

/** A payment's lines in the sale direction: money in, receivable settled. */
export function paymentLines(payment: Payment, line: LineFor): JournalLine[] {
  return [
    line(
      { type: 'clearing', method: payment.method },
      payment.amount,
      `${methodLabel(payment.method)} payment`,
    ),
    line({ type: 'receivable' }, -payment.amount, 'Unpaid bills'),
  ]
}

function billLabel(bill: Bill): string {
  const kind = bill.type === 'sale' ? 'Sale' : bill.type === 'refund' ? 'Refund' : 'Void'
  return bill.parentBillId === null
    ? `${kind} ${bill.number}`
    : `${kind} ${bill.number} of bill ${bill.parentBillId}`
}

/** The payments a bill's entry carries: those it carried when posted, else its own session's. */
function carriedPayments(bill: Bill, posted: PostedView): Payment[] {
  const frozen = posted.postedPayments(bill.id)
  if (frozen) return bill.payments.filter((p) => frozen.includes(p.id))
  return bill.payments.filter(
    (p) => p.reversedAt === null && paymentSession(bill, p) === bill.registerSessionId,
  )
}

/**
 * Entries for the payments a bill's entry does not carry: a live one posts `payment:<id>`; a
 * reversed one posts its reversal only when the payment itself was posted (by the bill's entry
 * or on its own), since a payment reversed before any export never reached the books.
 */
export function separatePaymentEntries(
  bill: JournalBill,
  carried: readonly Payment[],
  context: JournalContext,
): JournalEntry[] {
  const entries: JournalEntry[] = []
  for (const payment of bill.payments) {
    const inBillEntry = carried.includes(payment)
    const ownId = `payment:${payment.id}`
    const { reversedAt } = payment
    const ownEntry = !inBillEntry && (reversedAt === null || context.posted.isPosted(ownId))
    const reversal = reversedAt !== null && (inBillEntry || ownEntry)
    if (!ownEntry && !reversal) continue
    const session = paymentSession(bill, payment)
    const lines = signed(bill, paymentLines(payment, linesAt(context, bill.locationId)))
    const base = {
      currency: bill.currency,
      payee: null,
      billId: bill.id,
      registerSessionId: session,
      locationId: bill.locationId,
      paymentIds: [payment.id],
    }
    const description = `${methodLabel(payment.method)} payment ${payment.id} on ${billLabel(bill)}`
    if (ownEntry)
      entries.push(
        balancedEntry({
          ...base,
          id: ownId,
          kind: 'payment',
          date: entryDate(context, session, payment.createdAt),
          description: `Payment: ${description}`,
          lines,
        }),
      )
    if (reversal)
      entries.push(
        balancedEntry({
          ...base,
          id: `${ownId}:reversal`,
          kind: 'payment-reversal',
          date: entryDate(context, session, reversedAt),
          description: `Reversed payment: ${description}`,
          lines: negated(lines),
        }),
      )
  }
  return entries
}

/** A bill's entry and the entries of the payments it does not carry. */
export function billEntries(bills: readonly JournalBill[], context: JournalContext): JournalBuild {
  const entries: JournalEntry[] = []
  const problems: JournalProblem[] = []
  for (const bill of bills) {
    if (!bill.hasDetail) {
      problems.push({ kind: 'missing-detail', billId: bill.id })
      continue
    }
    const line = linesAt(context, bill.locationId)
    const core = billCoreLines(bill, line)
    problems.push(...core.problems)
    const carried = carriedPayments(bill, context.posted)
    entries.push(
      balancedEntry({
        id: bill.id,
        kind: 'bill',
        date: entryDate(context, bill.registerSessionId, bill.createdAt, bill.businessDate),
        currency: bill.currency,
        description: billLabel(bill),
        payee: null,
        billId: bill.id,
        registerSessionId: bill.registerSessionId,
        locationId: bill.locationId,
        paymentIds: carried.map((p) => p.id).sort(),
        lines: signed(
          bill,
          sumByAccount([...core.lines, ...carried.flatMap((p) => paymentLines(p, line))]),
        ),
      }),
      ...separatePaymentEntries(bill, carried, context),
    )
  }
  return { entries, problems }
}

/**
 * Every key a build of these bills may ask the posted view about or give an entry: load their
 * states (one lookup per slice) before building and planning.
 */
export function postingKeys(bills: readonly Bill[]): string[] {
  return bills.flatMap((bill) => [
    bill.id,
    ...bill.payments.flatMap((p) => [`payment:${p.id}`, `payment:${p.id}:reversal`]),
  ])
}

/**
 * The expenses' entries (docs/ledger.md#expense-entries): paid in cash, out of the drawer, so out
 * of Cash clearing; paid any other way (the shop's card, a transfer, its e-wallet), out of the
 * bank account `paidFrom` names, never out of the clearing account that holds the takings of that
 * method, which the bank's settlements empty.
 */
export function expenseEntries(
  expenses: readonly Expense[],
  context: JournalContext,
  paidFrom: (method: string, locationId: string) => BankAccount,
): JournalEntry[] {
  return expenses.map((expense) => {
    const line = linesAt(context, expense.locationId)
    const paid =
      expense.paymentMethod === CASH
        ? line({ type: 'clearing', method: CASH }, -expense.amount, `${methodLabel(CASH)} payment`)
        : bankPayment(line, paidFrom(expense.paymentMethod, expense.locationId), expense)
    return balancedEntry({
      id: `expense:${expense.id}`,
      kind: 'expense',
      date: entryDate(context, expense.registerSessionId, expense.createdAt, expense.expenseDate),
      currency: expense.currency,
      description: `Expense ${expense.number}: ${expense.description}`,
      payee: expense.supplier,
      billId: null,
      registerSessionId: expense.registerSessionId,
      locationId: expense.locationId,
      paymentIds: [],
      lines: [
        line(
          { type: 'expense', category: expense.category },
          expense.amount - expense.taxAmount,
          categoryLabel(expense.category),
        ),
        line({ type: 'input-tax' }, expense.taxAmount, 'Input tax'),
        paid,
      ],
    })
  })
}

function bankPayment(line: LineFor, bank: BankAccount, expense: Expense): JournalLine {
  return line(
    { type: 'bank', account: bank.id },
    -expense.amount,
    `${methodLabel(expense.paymentMethod)} payment from ${bank.name}`,
  )
}

/** A reconciled session's cash count: variance = counted − expected. */
export interface CashVariance {
  registerSessionId: string
  locationId: string
  businessDate: string
  currency: string
  cashVariance: number
  /** The session's label (`sessionLabel`), what the narration calls it; its id is a tag. */
  session: string
  /** Who counted the cash, as they gave their name when confirming. */
  countedBy: string
  /** The manager's note on why the count differs; empty when it does not. */
  note: string
}

/** "Cash count variance, Mon 16 Nov · Salmiya · 08:10–17:45, counted by Ana: two notes stuck". */
function varianceDescription(v: CashVariance): string {
  const counted = `Cash count variance, ${v.session}, counted by ${v.countedBy}`
  return v.note === '' ? counted : `${counted}: ${v.note}`
}

/**
 * Cash over (positive variance) debits Cash clearing and credits Cash over/short; short the
 * reverse. A zero variance gives an entry without lines, which no format writes, so a recount
 * that removes a variance still reverses the one exported. The description carries who counted
 * and the manager's note, so the books say why; like all wording it is outside the posting hash
 * (docs/export-log.md), so a note edited after export does not re-post the variance.
 */
export function varianceEntries(
  variances: readonly CashVariance[],
  context: JournalContext,
): JournalEntry[] {
  return variances.map((v) => {
    const line = linesAt(context, v.locationId)
    return balancedEntry({
      id: `session:${v.registerSessionId}:variance`,
      kind: 'variance',
      date: v.businessDate,
      currency: v.currency,
      description: varianceDescription(v),
      payee: null,
      billId: null,
      registerSessionId: v.registerSessionId,
      locationId: v.locationId,
      paymentIds: [],
      lines: [
        line({ type: 'clearing', method: 'cash' }, v.cashVariance, 'Cash counted'),
        line({ type: 'cash-over-short' }, -v.cashVariance, 'Cash over/short'),
      ],
    })
  })
}
