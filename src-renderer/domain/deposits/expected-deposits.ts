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
