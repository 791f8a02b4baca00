import { addBusinessDays } from '../../src-renderer/deposits/rules/business-days'
import type { ExpectedDeposit } from '../../src-renderer/deposits/rules/expected-deposits'
import type { KeptLine } from '../../src-renderer/deposits/rules/matching'

/** An expected deposit as `expectedDeposits` would make it, with the given figures. */
export function expectedDeposit(
  method: string,
  locationId: string,
  businessDate: string,
  gross: number,
  options: { fee?: number; lagDays?: number; bankAccountId?: string } = {},
): ExpectedDeposit {
  const fee = options.fee ?? 0
  return {
    id: `${method}|${locationId}|${businessDate}`,
    method,
    locationId,
    businessDate,
    dueDate: addBusinessDays(businessDate, options.lagDays ?? 1),
    bankAccountId: options.bankAccountId ?? 'main',
    currency: 'IDR',
    gross,
    expectedFee: fee,
    amount: gross - fee,
    sessionIds: [`session-${locationId}-${businessDate}`],
  }
}

/** A bank line of the main account in IDR. */
export function bankLine(
  id: string,
  date: string,
  amount: number,
  bankAccountId = 'main',
): KeptLine {
  return { id, date, amount, currency: 'IDR', text: `Line ${id}`, bankAccountId }
}
