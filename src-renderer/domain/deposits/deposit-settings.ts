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

export interface CashSettings {
  bankAccountId: string
  /** Business days from the takings' business date to the deposit expected in the bank. */
  lagDays: number
  /** The float a drawer keeps when the next session records no opening float, by location. */
  floatByLocation: Record<string, number>
  defaultFloat: number
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
}
