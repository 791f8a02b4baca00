import { z } from 'zod'
import { basisPointsOf, currencyExponent } from '../../../src-shared/domain/money'
import { CASH } from '../../day-close/rules/day-close'

/**
 * How a shop's takings reach its bank (docs/ledger.md#deposits): its bank accounts, where each
 * payment method settles and on what terms (lag in business days, the processor's fee), the cash
 * float kept in each drawer, and how far matching may look. Settings keeps them, backups carry
 * them, so they are read back through `depositSettingsSchema`.
 */

/** A bank account in Till; `ledgerAccount` is the code it posts to when the mapping gives none. */
export interface BankAccount {
  id: string
  name: string
  currency: string
  ledgerAccount?: string
  /** Its number (an IBAN or the bank's own), compared with a statement's: another account's
   *  statement is refused. */
  number?: string
}

/** Where one payment method's takings settle, and on what terms. */
export interface SettlementTerms {
  method: string
  bankAccountId: string
  /** The locations these terms are for; empty: every location no other terms of the method name. */
  locationIds: string[]
  /** Business days from the takings' business date to the money in the bank (weekends skipped). */
  lagDays: number
  /** The processor's estimated fee: basis points of the gross (290 = 2.9 %) plus a fixed amount
   *  per transaction, in minor units of the bank account's currency. */
  feeBasisPoints: number
  feeFixed: number
}

interface CashSettings {
  bankAccountId: string
  /** Business days from the takings' business date to the deposit expected in the bank. */
  lagDays: number
  /** The float a drawer keeps when the next session records no opening float, by location. */
  floatByLocation: Record<string, number>
  defaultFloat: number
}

export interface BankRule {
  id: string
  bankAccountId: string
  contains: string
  /** Empty: any method. */
  methods: string[]
  /** Empty: any location. */
  locationIds: string[]
}

export interface DepositSettings {
  bankAccounts: BankAccount[]
  settlements: SettlementTerms[]
  cash: CashSettings
  /** Calendar days a bank line may be booked before and after an expected deposit's due date. */
  window: { daysBefore: number; daysAfter: number }
  /** How far a bank line may be off the expected amount and still match "within the fee":
   *  basis points of the gross plus a fixed amount in minor units. */
  tolerance: { basisPoints: number; fixed: number }
  /** Other names the bank writes for a location (a branch's street, a short code), by location id. */
  locationAliases: Record<string, string[]>
  /** What the bookkeeper taught Till: lines of `bankAccountId` whose text contains `contains`
   *  (case and spacing ignored) pay takings of these methods and locations only. A rule narrows
   *  the readings; the amounts must still agree. */
  bankRules: BankRule[]
}

/** The bank account every default points at, until the bookkeeper names theirs. */
const MAIN_ACCOUNT = 'main'

/**
 * What a shop starts with: one bank account in the shop's currency; card money two business days
 * later less 2 %, QRIS and e-wallets the next business day less 0.7 % and 1.5 % (the usual
 * merchant discount rates), bank transfers the same day as they are; cash banked the next
 * business day with no float kept; lines looked for from a day before to five days after, and
 * taken within 0.2 % of the gross (a fee estimate off by that much, a cash deposit short by it).
 */
export function defaultDepositSettings(currency: string): DepositSettings {
  const terms = (method: string, lagDays: number, feeBasisPoints: number): SettlementTerms => ({
    method,
    bankAccountId: MAIN_ACCOUNT,
    locationIds: [],
    lagDays,
    feeBasisPoints,
    feeFixed: 0,
  })
  return {
    bankAccounts: [{ id: MAIN_ACCOUNT, name: 'Bank account', currency: currency.toUpperCase() }],
    settlements: [
      terms('card', 2, 200),
      terms('qris', 1, 70),
      terms('e_wallet', 1, 150),
      terms('bank_transfer', 0, 0),
    ],
    cash: { bankAccountId: MAIN_ACCOUNT, lagDays: 1, floatByLocation: {}, defaultFloat: 0 },
    window: { daysBefore: 1, daysAfter: 5 },
    tolerance: { basisPoints: 20, fixed: 0 },
    locationAliases: {},
    bankRules: [],
  }
}

/** The lag and fee a bank gives for one payment method. */
export type BankTerms = Pick<SettlementTerms, 'lagDays' | 'feeBasisPoints' | 'feeFixed'>

/** `settings` with each method's general terms taken from a bank's (a method it names). */
export function withBankTerms(
  settings: DepositSettings,
  terms: Readonly<Record<string, BankTerms>>,
): DepositSettings {
  const settlements = settings.settlements.map((general) => {
    const bank = general.locationIds.length === 0 ? terms[general.method] : undefined
    return bank ? { ...general, ...bank } : general
  })
  return { ...settings, settlements }
}

/** The terms a method's takings at a location settle on: the location's own, else the method's
 *  general terms; null for a method that does not reach a bank account Till knows. */
export function termsFor(
  settings: DepositSettings,
  method: string,
  locationId: string,
): SettlementTerms | null {
  let general: SettlementTerms | null = null
  for (const terms of settings.settlements) {
    if (terms.method !== method) continue
    if (terms.locationIds.includes(locationId)) return terms
    if (terms.locationIds.length === 0) general ??= terms
  }
  return general
}

/** The bank account a method's money reaches from a location: its terms', else the first. An
 *  expense paid that way is paid from it (docs/ledger.md#expense-entries). */
export function bankAccountFor(
  settings: DepositSettings,
  method: string,
  locationId: string,
): BankAccount {
  const id =
    method === CASH
      ? settings.cash.bankAccountId
      : termsFor(settings, method, locationId)?.bankAccountId
  return settings.bankAccounts.find((a) => a.id === id) ?? settings.bankAccounts[0]!
}

/** The float a location's drawer keeps when its next session records none. */
export function floatKept(settings: DepositSettings, locationId: string): number {
  return settings.cash.floatByLocation[locationId] ?? settings.cash.defaultFloat
}

/** The processor's estimated fee on a day's net takings of `transactions` payments. */
export function estimatedFee(terms: SettlementTerms, gross: number, transactions: number): number {
  if (gross <= 0) return 0
  return Math.min(gross, basisPointsOf(gross, terms.feeBasisPoints) + terms.feeFixed * transactions)
}

/** How far a bank line may be off an expected amount of this gross and still match. */
export function toleranceFor(settings: DepositSettings, gross: number): number {
  return basisPointsOf(Math.abs(gross), settings.tolerance.basisPoints) + settings.tolerance.fixed
}

const MAX_BASIS_POINTS = 10_000
const MAX_LAG_DAYS = 30
const MAX_WINDOW_DAYS = 31

const id = z.string().trim().min(1, 'An id cannot be empty.').max(200)
const minor = z.number().int('Amounts are whole minor units.').min(0).max(Number.MAX_SAFE_INTEGER)
const basisPoints = z
  .number()
  .int('Basis points are whole numbers (100 = 1 %).')
  .min(0)
  .max(MAX_BASIS_POINTS, 'A fee is at most 100 %.')
const days = (max: number) => z.number().int('Days are whole numbers.').min(0).max(max)

const bankAccountSchema = z.object({
  id,
  name: z.string().trim().min(1, 'Name the bank account.').max(150),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => {
      try {
        currencyExponent(code)
        return true
      } catch {
        return false
      }
    }, 'Give the account’s currency as a three-letter code, such as IDR.'),
  ledgerAccount: z.string().trim().min(1).max(10).optional(),
  number: z
    .string()
    .trim()
    .min(1)
    .max(40, 'An account number is at most 40 characters.')
    .optional(),
})

const settlementTermsSchema = z.object({
  method: id.refine((method) => method !== CASH, 'Cash has settings of its own.'),
  bankAccountId: id,
  locationIds: z.array(id),
  lagDays: days(MAX_LAG_DAYS),
  feeBasisPoints: basisPoints,
  feeFixed: minor,
})

const MAX_ALIASES = 20
const MAX_RULES = 500
/** A name or a piece of a bank line's text: short enough to read, long enough to be one. */
const wordsSchema = z
  .string()
  .trim()
  .min(2, 'Give at least two characters.')
  .max(100, 'Keep it under 100 characters.')

const bankRuleSchema = z.object({
  id,
  bankAccountId: id,
  contains: wordsSchema,
  methods: z.array(id),
  locationIds: z.array(id),
})

/** Deposit settings as Settings saves them and a backup brings them back; checked whole. */
export const depositSettingsSchema = z
  .object({
    bankAccounts: z.array(bankAccountSchema).min(1, 'Add the bank account deposits reach.'),
    settlements: z.array(settlementTermsSchema),
    cash: z.object({
      bankAccountId: id,
      lagDays: days(MAX_LAG_DAYS),
      floatByLocation: z.record(id, minor),
      defaultFloat: minor,
    }),
    window: z.object({ daysBefore: days(MAX_WINDOW_DAYS), daysAfter: days(MAX_WINDOW_DAYS) }),
    tolerance: z.object({ basisPoints, fixed: minor }),
    locationAliases: z.record(id, z.array(wordsSchema).max(MAX_ALIASES)).default({}),
    bankRules: z.array(bankRuleSchema).max(MAX_RULES).default([]),
  })
  .superRefine((settings, context) => {
    const ids = new Set<string>()
    settings.bankAccounts.forEach((account, index) => {
      if (ids.has(account.id))
        context.addIssue({
          code: 'custom',
          path: ['bankAccounts', index, 'id'],
          message: `Two bank accounts have the id “${account.id}”.`,
        })
      ids.add(account.id)
    })
    const unknown = (bankAccountId: string, path: (string | number)[]) => {
      if (!ids.has(bankAccountId))
        context.addIssue({
          code: 'custom',
          path,
          message: `No bank account has the id “${bankAccountId}”.`,
        })
    }
    unknown(settings.cash.bankAccountId, ['cash', 'bankAccountId'])
    settings.bankRules.forEach((rule, index) =>
      unknown(rule.bankAccountId, ['bankRules', index, 'bankAccountId']),
    )
    const seen = new Set<string>()
    settings.settlements.forEach((terms, index) => {
      unknown(terms.bankAccountId, ['settlements', index, 'bankAccountId'])
      for (const location of terms.locationIds.length === 0 ? [''] : terms.locationIds) {
        const key = `${terms.method}\u0000${location}`
        if (seen.has(key))
          context.addIssue({
            code: 'custom',
            path: ['settlements', index],
            message: `“${terms.method}” has two sets of terms for ${location === '' ? 'all locations' : `location ${location}`}.`,
          })
        seen.add(key)
      }
    })
  })
