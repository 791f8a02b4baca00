import { formatMoney } from '../../../format/format-money'

/** What a variance reads while the opening cash, and so the expected cash, is not known. */
export const VARIANCE_UNDETERMINED = 'not determined: opening cash not known'

/** A variance in running text: its amount, or why there is none yet. */
export function varianceText(amount: number | null, currency: string): string {
  return amount === null ? VARIANCE_UNDETERMINED : formatMoney(amount, currency)
}
