import type { BillType, Payment } from '../../../src-shared/domain/records'
import { balancedEntry, sumByAccount, type JournalEntry, type JournalLine } from './journal-entry'
import {
  billCoreLines,
  linesAt,
  paymentLines,
  separatePaymentEntries,
  signed,
  type JournalBill,
  type JournalBuild,
  type JournalContext,
  type JournalProblem,
} from './journal'

/**
 * Per-session-summary granularity (docs/ledger.md#granularity): one entry per register session,
 * `session:<id>`, the lines of its bills and of the payments belonging to it (see journal.ts)
 * summed by account. Later changes come out of the export log as `session:<id>:adj:<n>` deltas.
 * Bills of no session post per bill. The export log states a summary's build needs: `session:<id>`
 * and `postingKeys(bills)`.
 */

interface SessionInfo {
  id: string
  locationId: string
  businessDate: string
}

/** A payment as the cache indexes it on its own (CachedPayment satisfies it). */
type SessionPayment = Payment & { billId: string; billType: BillType }

export interface SessionSummaryInput {
  session: SessionInfo
  /** The session's label (`sessionLabel`), what the entry's narration calls it. */
  name: string
  currency: string
  /** Every bill of the session. */
  bills: readonly JournalBill[]
  /** Every payment taken in the session, on whichever session's bill. */
  payments: readonly SessionPayment[]
}

class SessionSummaryInputError extends Error {
  override name = 'SessionSummaryInputError'
}

/**
 * The session's summary entry, plus entries of its sale bills' payments that belong to no
 * session (no `register_session_id`), which no summary can carry.
 */
export function sessionSummaryEntries(
  input: SessionSummaryInput,
  context: JournalContext,
): JournalBuild {
  const { session, currency } = input
  const line = linesAt(context, session.locationId)
  const lines: JournalLine[] = []
  const problems: JournalProblem[] = []
  const entries: JournalEntry[] = []
  for (const bill of input.bills) {
    if (bill.registerSessionId !== session.id)
      throw new SessionSummaryInputError(`Bill ${bill.id} is not in session ${session.id}`)
    if (bill.currency !== currency)
      throw new SessionSummaryInputError(`Bill ${bill.id} is in ${bill.currency}, not ${currency}`)
    if (!bill.hasDetail) {
      problems.push({ kind: 'missing-detail', billId: bill.id })
      continue
    }
    const core = billCoreLines(bill, line)
    problems.push(...core.problems)
    if (bill.type === 'sale') {
      // Its payments come in through the sessions they were taken in; those of no session post
      // on their own.
      lines.push(...core.lines)
      const sessionless = bill.payments.filter((p) => p.registerSessionId === null)
      entries.push(...separatePaymentEntries({ ...bill, payments: sessionless }, [], context))
    } else {
      const returned = bill.payments.filter((p) => p.reversedAt === null)
      lines.push(
        ...signed(bill, [...core.lines, ...returned.flatMap((p) => paymentLines(p, line))]),
      )
    }
  }
  for (const payment of input.payments) {
    if (payment.registerSessionId !== session.id)
      throw new SessionSummaryInputError(`Payment ${payment.id} was not taken in ${session.id}`)
    if (payment.billType === 'sale' && payment.reversedAt === null)
      lines.push(...paymentLines(payment, line))
  }
  const summary = balancedEntry({
    id: `session:${session.id}`,
    kind: 'session',
    date: session.businessDate,
    currency,
    description: `Register session ${input.name}`,
    payee: null,
    billId: null,
    registerSessionId: session.id,
    locationId: session.locationId,
    paymentIds: [],
    lines: sumByAccount(lines),
  })
  return { entries: [summary, ...entries], problems }
}
