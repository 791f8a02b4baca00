import type { LedgerAccount, RoleKey } from './accounts'

/**
 * A double-entry journal entry as every export format receives it. Amounts are integer minor
 * units of `currency`, signed: positive is a debit, negative a credit.
 */
export interface JournalLine {
  role: RoleKey
  account: LedgerAccount
  amount: number
  memo: string
  /**
   * A tax line's percentage, as the bills give it; absent when unknown or when lines summed into
   * this one differ. Not part of what an entry posts (see `postingHash`): Xero rows use it.
   */
  taxPercent?: number
}

/** Where an entry came from; `reversal` entries are written by the export log. */
type EntryKind =
  | 'bill'
  | 'payment'
  | 'payment-reversal'
  | 'expense'
  | 'session'
  | 'variance'
  | 'cash-movement'
  | 'deposit'
  | 'reversal'

export interface JournalEntry {
  id: string
  kind: EntryKind
  /** Merchant-local date, YYYY-MM-DD. */
  date: string
  currency: string
  description: string
  /** The supplier of an expense; null for the shop's own sales. */
  payee: string | null
  billId: string | null
  registerSessionId: string | null
  locationId: string
  /** Payments whose money this entry carries (a bill entry's payments), sorted. */
  paymentIds: string[]
  lines: JournalLine[]
}

class UnbalancedEntryError extends Error {
  override name = 'UnbalancedEntryError'
}

/**
 * An entry whose lines sum to zero: zero-amount lines are dropped, and an entry that does not
 * balance to the minor unit is a bug in the rules that built it, never something to export.
 */
export function balancedEntry(entry: JournalEntry): JournalEntry {
  const lines = entry.lines.filter((line) => line.amount !== 0)
  let sum = 0
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new UnbalancedEntryError(`${entry.id}: ${line.amount} is not a whole minor amount`)
    sum += line.amount
  }
  if (sum !== 0 || !Number.isSafeInteger(sum))
    throw new UnbalancedEntryError(`${entry.id} is off by ${sum} minor units`)
  return { ...entry, lines }
}

/** Lines of the same role and account summed into one, in the order each first appears. */
export function sumByAccount(lines: Iterable<JournalLine>): JournalLine[] {
  const summed = new Map<string, JournalLine>()
  for (const line of lines) {
    const key = `${line.role}\u0000${line.account.code}\u0000${line.account.name}`
    const seen = summed.get(key)
    if (!seen) summed.set(key, { ...line })
    else {
      const { taxPercent, ...rest } = seen
      const samePercent = taxPercent === line.taxPercent ? { taxPercent } : {}
      summed.set(key, { ...rest, ...samePercent, amount: seen.amount + line.amount })
    }
  }
  return [...summed.values()]
}

export function negated(lines: readonly JournalLine[]): JournalLine[] {
  return lines.map((line) => ({ ...line, amount: -line.amount }))
}
