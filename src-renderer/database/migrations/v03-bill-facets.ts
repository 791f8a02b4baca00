/**
 * The facets versions 3, 4 and 13 derive for each bill they upgrade, frozen: copied on
 * 2026-12-07 from `billFacets` (sessions/tables/bill-facets.ts) and the identity check it calls,
 * `checkBillIdentities` (day-close/rules/day-close.ts, with `sumMinor` and `addMinor` of
 * src-shared/domain/money.ts), cut down to what the upgrades run: whether a bill breaks an identity,
 * not which. The live code derives the facets of the bills written from now on and may change; an
 * upgrade keeps deriving them as it did when it was made.
 */

interface Amount {
  amount: number
}

/** What the facets read of a bill record. */
interface FacetedBill {
  type: 'sale' | 'refund' | 'void'
  number: string
  total: number
  totalTax: number
  amountPaid: number
  amountDue: number
  hasDetail: boolean
  lines: { total: number }[]
  discounts: Amount[]
  fees: Amount[]
  taxes: Amount[]
  payments: (Amount & { method: string; reversedAt: number | null })[]
}

/** The fields the facets set, `brokenIdentity` only on a bill that breaks one. */
interface BillFacets {
  paymentState: 'paid' | 'partly_paid' | 'unpaid'
  methods: string[]
  numberKey: string
  brokenIdentity?: 1
}

/** A bill's record as these upgrades read it and write its facets into. */
export type BillRow = FacetedBill & Partial<BillFacets>

class MoneyError extends Error {
  override name = 'MoneyError'
}

function sumMinor<T>(items: Iterable<T>, amount: (item: T) => number): number {
  let total = 0
  for (const item of items) {
    total += amount(item)
    if (!Number.isSafeInteger(total)) throw new MoneyError('A sum left the range of exact integers')
  }
  return total
}

/** Whether the bill breaks one of the identities of docs/ledger.md#bill-identities. */
function breaksAnIdentity(bill: FacetedBill): boolean {
  const checks: [expected: number, actual: number][] = []
  if (bill.hasDetail) {
    const lines = sumMinor(bill.lines, (l) => l.total)
    const discounts = sumMinor(bill.discounts, (d) => d.amount)
    const fees = sumMinor(bill.fees, (f) => f.amount)
    checks.push(
      [lines - discounts + fees, bill.total],
      [sumMinor(bill.taxes, (t) => t.amount), bill.totalTax],
      [
        sumMinor(
          bill.payments.filter((p) => p.reversedAt === null),
          (p) => p.amount,
        ),
        bill.amountPaid,
      ],
    )
  }
  // A refund or void owes nothing whatever it paid back: the identity is the sale's.
  if (bill.type === 'sale') checks.push([bill.total - bill.amountPaid, bill.amountDue])
  return checks.some(([expected, actual]) => expected !== actual)
}

/** The derived fields the Bills screen filters and sorts on. */
export function billFacets(bill: FacetedBill): BillFacets {
  const live = bill.payments.filter((p) => p.reversedAt === null)
  const paid = live.reduce((sum, p) => sum + p.amount, 0)
  const settled = bill.hasDetail ? paid : bill.amountPaid
  return {
    paymentState: settled >= bill.total ? 'paid' : settled > 0 ? 'partly_paid' : 'unpaid',
    methods: [...new Set(live.map((p) => p.method))].sort(),
    numberKey: bill.number.toLowerCase(),
    ...(breaksAnIdentity(bill) ? { brokenIdentity: 1 as const } : {}),
  }
}
