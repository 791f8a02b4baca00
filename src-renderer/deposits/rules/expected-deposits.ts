import { addMinor } from '../../../src-shared/domain/money'
import { movementSums, type CashMovement } from '../../day-close/rules/cash-movements'
import { CASH, type CountResult } from '../../day-close/rules/day-close'
import { figuresOfTally, type SessionTally } from '../../sessions/rules/session-tally'
import { addBusinessDays } from './business-days'
import { estimatedFee, floatKept, termsFor, type DepositSettings } from './deposit-settings'

/**
 * What the bank should receive from the takings (docs/ledger.md#deposits): one expected deposit
 * per location, payment method and business date, from the session tallies and drawer counts.
 */

export interface ExpectedDeposit {
  /** `${method}|${locationId}|${businessDate}` */
  id: string
  /** The payment method key as the session tallies use it ('cash' for cash). */
  method: string
  locationId: string
  /** The takings' business date. */
  businessDate: string
  /** businessDate + the settlement lag in business days. */
  dueDate: string
  bankAccountId: string
  currency: string
  /** What leaves the clearing account: the standing count less the float kept (cash), or the
   *  net collected (card, QRIS, e-wallet). */
  gross: number
  /** The estimated fee (0 for cash). */
  expectedFee: number
  /** gross − expectedFee: what should reach the bank. */
  amount: number
  sessionIds: string[]
}

/** What one closed register session brings to the expected deposits. */
export interface DepositSession {
  id: string
  locationId: string
  businessDate: string
  currency: string
  /** The session tally's methods: collected, returned and how many payments. */
  methods: SessionTally['methods']
  /** The day-close expected cash (`figuresOfTally`), what stands when the drawer is not counted. */
  expectedCash: number
  /** The standing count's cash; null when the drawer was not counted. */
  countedCash: number | null
  /** The opening float the location's next session recorded; null when none is recorded (yet). */
  nextOpeningFloat: number | null
}

/**
 * A session as expected deposits need it, from its tally, opening, cash movements and standing
 * count, and the movements of the location's next session (whose opening float is the cash the
 * drawer kept). Drops to the safe are out of the drawer before it is counted: they left the cash
 * clearing account for Cash in safe, so no deposit from the drawer carries them.
 */
export function depositSession(
  session: Pick<DepositSession, 'id' | 'locationId' | 'businessDate' | 'currency'>,
  tally: SessionTally,
  openingCash: number | null,
  movements: readonly CashMovement[],
  count: Pick<CountResult, 'countedCash'> | null,
  nextMovements: readonly CashMovement[],
): DepositSession {
  return {
    ...session,
    methods: tally.methods,
    expectedCash: figuresOfTally(tally, openingCash, movements).expectedCash,
    countedCash: count?.countedCash ?? null,
    nextOpeningFloat: movementSums(nextMovements).openingFloat,
  }
}

/** The takings of one location, method and business date, while they are gathered. */
interface Gathered {
  method: string
  locationId: string
  businessDate: string
  currency: string
  gross: number
  transactions: number
  sessionIds: string[]
}

/** `cash|loc-1|2026-11-16`: one expected deposit's id. */
function expectedDepositId(method: string, locationId: string, businessDate: string) {
  return `${method}|${locationId}|${businessDate}`
}

/**
 * The deposits the bank should show for closed sessions: per location, method and business date,
 * cash as the standing count (the expected cash when not counted) less the float kept in the
 * drawer, every other method as its net collected less the estimated fee, due after the
 * method's settlement lag in business days. A method with no settlement terms (no bank account to
 * reach) and a day whose takings come to nothing or less expect no deposit.
 */
export function expectedDeposits(
  sessions: readonly DepositSession[],
  settings: DepositSettings,
): ExpectedDeposit[] {
  const gathered = new Map<string, Gathered>()
  const add = (session: DepositSession, method: string, gross: number, transactions: number) => {
    const id = expectedDepositId(method, session.locationId, session.businessDate)
    const day = gathered.get(id) ?? {
      method,
      locationId: session.locationId,
      businessDate: session.businessDate,
      currency: session.currency,
      gross: 0,
      transactions: 0,
      sessionIds: [],
    }
    day.gross = addMinor(day.gross, gross)
    day.transactions += transactions
    day.sessionIds.push(session.id)
    gathered.set(id, day)
  }
  for (const session of sessions) {
    const drawer = session.countedCash ?? session.expectedCash
    const kept = session.nextOpeningFloat ?? floatKept(settings, session.locationId)
    add(session, CASH, drawer - kept, 0)
    for (const [method, sums] of Object.entries(session.methods))
      if (method !== CASH) add(session, method, sums.collected - sums.returned, sums.entries)
  }
  const deposits: ExpectedDeposit[] = []
  for (const [id, day] of gathered) {
    if (day.gross <= 0) continue
    const deposit = expectedOf(id, day, settings)
    if (deposit) deposits.push(deposit)
  }
  return deposits.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

function expectedOf(id: string, day: Gathered, settings: DepositSettings): ExpectedDeposit | null {
  const terms =
    day.method === CASH
      ? { bankAccountId: settings.cash.bankAccountId, lagDays: settings.cash.lagDays, fee: 0 }
      : settlementOf(settings, day)
  if (!terms) return null
  return {
    id,
    method: day.method,
    locationId: day.locationId,
    businessDate: day.businessDate,
    dueDate: addBusinessDays(day.businessDate, terms.lagDays),
    bankAccountId: terms.bankAccountId,
    currency: day.currency,
    gross: day.gross,
    expectedFee: terms.fee,
    amount: day.gross - terms.fee,
    sessionIds: [...day.sessionIds].sort(),
  }
}

function settlementOf(settings: DepositSettings, day: Gathered) {
  const terms = termsFor(settings, day.method, day.locationId)
  if (!terms) return null
  const fee = estimatedFee(terms, day.gross, day.transactions)
  return { bankAccountId: terms.bankAccountId, lagDays: terms.lagDays, fee }
}
